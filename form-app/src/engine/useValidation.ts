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
  type ModelMessages,
  type PageConfig,
} from '@admit/form-model';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { loadMessageArea } from 'virtual:admit-language';

import { pageIntl } from '../pageIntl.ts';
import { loadPages, tenant } from '../tenant.ts';
import { type AnswersForm, valuesOf } from './createAnswersForm.ts';

/** The schema's validation, every page of the college, and the messages it says. */
interface Validator {
  validate: Awaited<ReturnType<typeof loadValidateAnswers>>;
  allPages: readonly PageConfig[];
  messages: ModelMessages;
}

/** Fetches what validating needs, each once: the schema, the other pages, the messages. */
async function loadValidator(): Promise<Validator> {
  const [validate, allPages, { modelMessages }] = await Promise.all([
    loadValidateAnswers(),
    loadPages(),
    import('../modelMessages.ts'),
    loadMessageArea('validation'),
  ]);
  return { validate, allPages, messages: modelMessages };
}

export function useValidation(
  form: AnswersForm,
  facts: { validating: boolean; pages: readonly PageConfig[]; ui: UiState },
  fail: (title: string, error: unknown) => void,
) {
  const { validating, pages, ui } = facts;
  const [validator, setValidator] = useState<Validator | undefined>(undefined);
  useEffect(() => {
    if (!validating || validator !== undefined) return;
    let current = true;
    loadValidator()
      .then((loaded) => {
        if (current) setValidator(loaded);
      })
      .catch((error: unknown) => {
        fail(pageIntl.formatMessage({ id: 'app.engine.unexpectedError' }), error);
      });
    return () => {
      current = false;
    };
  }, [fail, validator, validating]);

  const allPagesLoaded = pages.length === tenant.steps.length;
  const validateForm = useMemo(
    () =>
      validating && validator !== undefined && allPagesLoaded
        ? (values: FormAnswers) =>
            // Errors by SPEC's key (`college_2_name`): each field's id, the summary's anchor.
            validator.validate(pages, values, { context: ui, messages: validator.messages })
        : undefined,
    [allPagesLoaded, pages, ui, validator, validating],
  );
  // react-final-form applies <Form validate> to a form made outside it only when the prop
  // changes, never at mount: an applicant who loads the app already validating (a reload, the
  // next login) would see no errors and no summary. Set it on the form itself.
  useEffect(() => {
    form.setConfig('validate', validateForm);
  }, [form, validateForm]);

  /** The errors of every page now (for submit and for posting validations). */
  const errorsNow = useCallback(async () => {
    const { validate, allPages, messages } = await loadValidator();
    return validate(allPages, valuesOf(form), { context: ui, messages });
  }, [form, ui]);

  return { validateForm, errorsNow };
}
