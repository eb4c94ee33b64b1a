/** What a step can ask of the layout (ApplicationContext): save, go to a step, submit (SPEC §2, §4, §6). */
import { type ErrorMap } from '@admit/form-model';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { api } from '../api/endpoints.ts';
import { queryKeys } from '../api/queryClient.ts';
import type { ApplicationActions } from '../renderer/index.ts';
import { type AnswersForm, flatAnswersOf, type SaveStatusStore } from '../engine/index.ts';
import { pageIntl } from '../pageIntl.ts';
import { COMPLETION_ROUTE } from './paths.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { DEFAULT_ROUTE } from '../tenant.ts';
import { navigation, statusBeforeSubmit, submitOutcome } from './rules.ts';

function scrollToTop() {
  window.scrollTo({ top: 0 });
}

export function useStepActions(
  form: AnswersForm,
  saving: { save: () => Promise<void>; hasAnswers: () => boolean; status: SaveStatusStore },
  errorsNow: () => Promise<ErrorMap>,
  fail: (title: string, error: unknown) => void,
): ApplicationActions {
  const session = useSession();
  const { isLoggedIn, webStatus } = session;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { save, hasAnswers, status } = saving;
  const [busy, setBusy] = useState<ApplicationActions['busy']>(undefined);

  const toSignUp = useCallback(() => {
    void navigate('/signup', { state: { answers: flatAnswersOf(form) } });
  }, [form, navigate]);

  const goTo = useCallback(
    async (target: string, arrival?: { focusField: string }) => {
      const next = navigation(target, {
        isLoggedIn,
        hasAnswers: hasAnswers(),
        validating: webStatus === 'validating',
      });
      if (next.kind === 'signup') {
        toSignUp();
        return;
      }
      if (next.kind === 'save-then-go') {
        try {
          await save();
          if (next.postValidations) await api.postValidations(await errorsNow());
        } catch (error) {
          fail(pageIntl.formatMessage({ id: 'app.application.unexpectedError' }), error);
          return;
        }
        session.markChangedPage();
      }
      // A field to focus on arrival (a review's Change link): the step scrolls to it instead.
      if (arrival === undefined) {
        void navigate(next.to);
        scrollToTop();
      } else void navigate(next.to, { state: arrival });
    },
    [errorsNow, fail, hasAnswers, isLoggedIn, navigate, save, session, toSignUp, webStatus],
  );

  const submit = useCallback(async () => {
    if (!isLoggedIn) {
      toSignUp();
      return;
    }
    try {
      await save();
      const status = statusBeforeSubmit(webStatus);
      if (status !== undefined) {
        await api.postWebStatus(status);
        session.setWebStatus(status);
      }
      const errors = await errorsNow();
      if (submitOutcome(Object.keys(errors).length) === 'show-errors') {
        await api.postValidations(errors);
        session.markChangedPage();
        void navigate(DEFAULT_ROUTE, { state: { focusSummary: true } });
        scrollToTop();
        return;
      }
      const { message } = await api.submit();
      await queryClient.invalidateQueries({ queryKey: queryKeys.profile });
      session.setWebStatus('submitted');
      void navigate(COMPLETION_ROUTE, { state: { successMessage: message } });
    } catch (error) {
      fail(pageIntl.formatMessage({ id: 'app.application.unexpectedError' }), error);
    }
  }, [errorsNow, fail, isLoggedIn, navigate, queryClient, save, session, toSignUp, webStatus]);

  return useMemo(
    () => ({ save, goTo, submit, busy, setBusy, saveStatus: status }),
    [busy, goTo, save, status, submit],
  );
}
