/**
 * /review: "check your answers", every answered question of form-model's print
 * model (the one the PDF prints, the SSN masked as in the applicant's PDF) with a Change link
 * to its field, read from the form itself so that it never shows stale answers, beside
 * "Download a draft PDF" and the warning about characters the PDF cannot print.
 */
import { type PageConfig, printModelIn, unprintableAnswers } from '@admit/form-model';
import { Box, Button, Link, Stack, Typography } from '@admit/design-system';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, use, useEffect } from 'react';
import { useFormState } from 'react-final-form';
import { useIntl } from 'react-intl';

import { api } from '../../api/endpoints.ts';
import { queryKeys } from '../../api/queryClient.ts';
import { modelMessages } from '../../modelMessages.ts';
import { pageOptionLists } from '../../pageIntl.ts';
import { PageTitle } from '../../layout/PageTitle.tsx';
import { useApplication, useRenderer } from '../../renderer/index.ts';
import { loadPages, tenant } from '../../tenant.ts';
import { answeredSteps } from './checkAnswers.ts';
import { CheckAnswers } from './CheckAnswers.tsx';
import { DraftPdf } from './DraftPdf.tsx';
import { UnprintableWarning } from './UnprintableWarning.tsx';

/** The last step, where the applicant submits: the review's way back. */
const submitStep = tenant.steps[tenant.steps.length - 1];

/** A print step's route: the page of that title (printModel keeps the page's title). */
function routeOfStep(pages: readonly PageConfig[], title: string): string | undefined {
  const page = pages.find((candidate) => candidate.title === title);
  const step = tenant.steps.find((candidate) => candidate.id === page?.id);
  return step === undefined ? undefined : `/${step.route}`;
}

export function ReviewPage() {
  const pages = use(loadPages());
  const { values } = useFormState({ subscription: { values: true } });
  const { ui, isLoggedIn } = useRenderer();
  const { goTo, save } = useApplication();
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'app.review.title' });
  const documents = useQuery({
    queryKey: queryKeys.documents,
    queryFn: api.documentAnswers,
    enabled: isLoggedIn,
  });
  useEffect(() => {
    document.title = `${title} · ${tenant.titles.application}`;
  }, [title]);

  // As the server prints the PDF: stored tabs, no pressed triggers (the groups are the form's).
  const model = printModelIn(
    pages,
    values,
    documents.data ?? {},
    { tabs: ui.tabs },
    { maskSsn: true, messages: modelMessages, lists: pageOptionLists() },
  );
  const name = [values.first_name, values.last_name]
    .filter((part) => typeof part === 'string' && part.trim() !== '')
    .join(' ');
  const link = (to: string, text: ReactNode) => (
    <Link
      href={to}
      onClick={(event) => {
        event.preventDefault();
        void goTo(to);
      }}
    >
      {text}
    </Link>
  );

  return (
    <>
      <PageTitle gap={2}>{title}</PageTitle>
      <Stack spacing={2} sx={{ mb: 3 }}>
        <Typography>
          {intl.formatMessage(
            { id: 'app.review.intro' },
            {
              named: name === '' ? 'no' : 'yes',
              name,
              step: submitStep?.title ?? '',
              link: (chunks: ReactNode[]) =>
                submitStep === undefined ? chunks : link(`/${submitStep.route}`, chunks),
            },
          )}
        </Typography>
        <UnprintableWarning
          answers={unprintableAnswers(model)}
          link={(step, text) => {
            const to = routeOfStep(pages, step);
            return to === undefined ? null : link(to, text);
          }}
        />
        {isLoggedIn ? (
          <DraftPdf save={save} />
        ) : (
          <Typography>
            {intl.formatMessage(
              { id: 'app.review.draftNeedsAccount' },
              { link: (chunks: ReactNode[]) => link('/signup', chunks) },
            )}
          </Typography>
        )}
      </Stack>
      <CheckAnswers
        steps={answeredSteps(model, intl.formatMessage({ id: 'app.review.ticked' }))}
        routeOf={(title) => routeOfStep(pages, title)}
        stepLink={(title, text) => {
          const to = routeOfStep(pages, title);
          return to === undefined ? null : link(to, text);
        }}
        change={(to, key) => {
          void goTo(to, { focusField: key });
        }}
      />
      {submitStep === undefined ? null : (
        <Box sx={{ mt: 3 }}>
          <Button
            variant="contained"
            size="large"
            href={`/${submitStep.route}`}
            onClick={(event) => {
              event.preventDefault();
              void goTo(`/${submitStep.route}`);
            }}
          >
            {intl.formatMessage({ id: 'app.review.backTo' }, { step: submitStep.title })}
          </Button>
        </Box>
      )}
    </>
  );
}
