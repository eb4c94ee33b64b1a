/**
 * SPEC §4: answers are validated only while validating, so the yup schema is fetched then
 * (loadValidateAnswers), not with the first download; and every page, as errors on any page
 * count (the validation summary links to them). Its messages are in the page's language, and
 * come with the schema (the `validation` message area): the form validates only once they
 * are here, so no error shows without its text.
 */
import {
  type FormAnswers,
  type FormContext as UiState,
  loadValidateAnswers,
  type PageConfig,
} from '@admit/form-model';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { loadMessageArea } from 'virtual:admit-language';

import { modelMessages, pageIntl } from '../pageIntl.ts';
import { loadPages, tenant } from '../tenant.ts';
import { type AnswersForm, valuesOf } from './createAnswersForm.ts';

type ValidateAnswers = Awaited<ReturnType<typeof loadValidateAnswers>>;

export function useValidation(
  form: AnswersForm,
  facts: { validating: boolean; pages: readonly PageConfig[]; ui: UiState },
  fail: (title: string, error: unknown) => void,
) {
  const { validating, pages, ui } = facts;
  const [validate, setValidate] = useState<ValidateAnswers | undefined>(undefined);
  useEffect(() => {
    if (!validating || validate !== undefined) return;
    let current = true;
    Promise.all([loadValidateAnswers(), loadPages(), loadMessageArea('validation')])
      .then(([loaded]) => {
        if (current) setValidate(() => loaded);
      })
      .catch((error: unknown) => {
        fail(pageIntl.formatMessage({ id: 'app.engine.unexpectedError' }), error);
      });
    return () => {
      current = false;
    };
  }, [fail, validate, validating]);

  const allPagesLoaded = pages.length === tenant.steps.length;
  const validateForm = useMemo(
    () =>
      validating && validate !== undefined && allPagesLoaded
        ? (values: FormAnswers) =>
            // Errors by SPEC's key (`college_2_name`): each field's id, the summary's anchor.
            validate(pages, values, { context: ui, messages: modelMessages })
        : undefined,
    [allPagesLoaded, pages, ui, validate, validating],
  );
  // react-final-form applies <Form validate> to a form made outside it only when the prop
  // changes, never at mount: an applicant who loads the app already validating (a reload, the
  // next login) would see no errors and no summary. Set it on the form itself.
  useEffect(() => {
    form.setConfig('validate', validateForm);
  }, [form, validateForm]);

  /** The errors of every page now (for submit and for posting validations). */
  const errorsNow = useCallback(async () => {
    const [validateAnswers, allPages] = await Promise.all([
      loadValidateAnswers(),
      loadPages(),
      loadMessageArea('validation'),
    ]);
    return validateAnswers(allPages, valuesOf(form), { context: ui, messages: modelMessages });
  }, [form, ui]);

  return { validateForm, errorsNow };
}
