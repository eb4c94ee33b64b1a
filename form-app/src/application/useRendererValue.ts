/**
 * The form layout's renderer context (renderer.ts), kept for a visitor in local state and for
 * an applicant on the server (SPEC §4: the add-another counters, the chosen tabs, with the
 * files of a tab being left checked and their documents deleted).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';

import { api } from '../api/endpoints.ts';
import { queryKeys } from '../api/queryClient.ts';
import type { AnswersForm } from '../engine/index.ts';
import { pageIntl } from '../pageIntl.ts';
import type { Renderer } from '../renderer/index.ts';
import { loadPages } from '../tenant.ts';
import { createRenderer } from './renderer.ts';
import { conversionOnLeave, type TabSwitchConfirmation } from './rules.ts';
import { type ApplicationData } from './useApplicationData.ts';

export function useRendererValue(
  form: AnswersForm,
  app: ApplicationData,
  facts: { isLoggedIn: boolean; validating: boolean; save: () => Promise<void> },
  fail: (title: string, error: unknown) => void,
): {
  renderer: Renderer;
  blockedTab: boolean;
  unblockTab: () => void;
  /** The question before a tab switch that would delete answers, and how to answer it. */
  tabLoss: (TabSwitchConfirmation & { answer: (proceed: boolean) => void }) | undefined;
} {
  const { ui, pressTrigger } = app;
  const { isLoggedIn, validating, save } = facts;
  const queryClient = useQueryClient();
  const [blockedTab, setBlockedTab] = useState(false);
  const [tabLoss, setTabLoss] = useState<
    (TabSwitchConfirmation & { answer: (proceed: boolean) => void }) | undefined
  >(undefined);

  const renderer = useMemo<Renderer>(
    () =>
      createRenderer(
        {
          form,
          ui,
          // Read when a tab is pressed, so that the context (every field reads it) does not
          // change when the pages arrive.
          pages: loadPages,
          isLoggedIn,
          validating,
          save,
          pressTrigger,
          fail,
        },
        {
          storeCount: (buttonId, count) => {
            // A visitor's count is the array's length alone: nothing is stored.
            if (!isLoggedIn) return;
            api
              .saveAddAnother(buttonId, count)
              .then((counts) => {
                queryClient.setQueryData(queryKeys.addAnother, counts);
              })
              .catch((error: unknown) => {
                fail(
                  pageIntl.formatMessage(
                    { id: 'app.application.addAnotherFailed' },
                    { id: buttonId },
                  ),
                  error,
                );
              });
          },
          leaveFile: async (key) => {
            // SPEC §4: an upload under way (not yet a conversion the server knows of) or the
            // documents being fetched block the switch too: the switch would clear the answer
            // while the upload goes on, or decide on a list about to change.
            if (
              queryClient.isMutating({ mutationKey: queryKeys.upload(key) }) > 0 ||
              queryClient.isFetching({ queryKey: queryKeys.documents }) > 0
            ) {
              setBlockedTab(true);
              return false;
            }
            const { status } = await api.conversionStatus(key);
            const step = conversionOnLeave(status);
            if (step === 'block') setBlockedTab(true);
            if (step === 'delete') {
              await api.deleteConversion(key).catch(() => undefined);
              await api.deleteDocumentAnswer(key).catch(() => undefined);
              await queryClient.invalidateQueries({ queryKey: queryKeys.documents });
            }
            return step !== 'block';
          },
          confirmLoss: (confirmation) =>
            new Promise<boolean>((resolve) => {
              setTabLoss({
                ...confirmation,
                answer: (proceed) => {
                  setTabLoss(undefined);
                  resolve(proceed);
                },
              });
            }),
          storeTab: async (tabId, tab) => {
            queryClient.setQueryData(queryKeys.tabs, await api.saveTab(tabId, tab));
          },
        },
      ),
    [fail, form, isLoggedIn, pressTrigger, queryClient, save, ui, validating],
  );

  return {
    renderer,
    blockedTab,
    tabLoss,
    unblockTab: () => {
      setBlockedTab(false);
    },
  };
}
