/** The generic step: renders one page of the college's config (SPEC §2 /about, /education, /final-steps). */
import { type PageConfig, type PageId } from '@admit/form-model';
import { LoadingSpinner, Stack, StepButtons } from '@admit/design-system';
import { lazy, Suspense, use, useEffect, useState } from 'react';
import { useIntl } from 'react-intl';

import { useFail } from '../application/useFail.ts';
import { LaterPart, SectionView, useApplication } from '../renderer/index.ts';
import { SaveStatus } from '../layout/SaveStatus.tsx';
import { PageTitle } from '../layout/PageTitle.tsx';
import { useSession } from '../session/SessionProvider.tsx';
import { loadPages, pageAtHand, tenant } from '../tenant.ts';
import { loadMessageArea } from 'virtual:admit-language';

// Only the last step offers the review, so its code and texts stay out of the first
// download; they are fetched alongside the step's page, so that they are there when it shows.
const loadReviewOffer = async () =>
  (await Promise.all([import('./review/ReviewOffer.tsx'), loadMessageArea('review')]))[0];
const ReviewOffer = lazy(async () => ({ default: (await loadReviewOffer()).ReviewOffer }));
const LAST_STEP = tenant.steps[tenant.steps.length - 1]?.id;

/**
 * The step `pageId`. The default route's page is in the first download; another step waits
 * for the college's other pages (`loadPages`), with the full-screen spinner of SPEC §2.
 *
 * A page already at hand renders without a Suspense boundary (nothing would suspend in it),
 * decided once as the step mounts (each step is a route of its own, keyed: the tree under it
 * never changes shape).
 */
export function StepPage({ pageId }: { pageId: PageId }) {
  if (pageId === LAST_STEP) void loadReviewOffer();
  const [atHand] = useState(() => pageAtHand(pageId) !== undefined);
  if (atHand) return <Step pageId={pageId} atHand />;
  return (
    <Suspense fallback={<LoadingSpinner fullScreen />}>
      <Step pageId={pageId} atHand={false} />
    </Suspense>
  );
}

/** The page config of `pageId`: at once if it was at hand, else once loaded (`use`). */
function usePage(pageId: PageId, atHand: boolean): PageConfig | undefined {
  if (atHand) return pageAtHand(pageId);
  return use(loadPages()).find((page) => page.id === pageId);
}

function Step({ pageId, atHand }: { pageId: PageId; atHand: boolean }) {
  const page = usePage(pageId, atHand);
  const index = tenant.steps.findIndex((step) => step.id === pageId);
  const previous = tenant.steps[index - 1];
  const next = tenant.steps[index + 1];
  const { goTo, submit, save, busy, setBusy } = useApplication();
  const { isLoggedIn } = useSession();
  const fail = useFail();
  const intl = useIntl();

  useEffect(() => {
    if (page !== undefined) document.title = `${page.title} · ${tenant.titles.application}`;
  }, [page]);

  if (page === undefined) return null;
  const run = (action: NonNullable<typeof busy>, work: () => Promise<void>) => () => {
    setBusy(action);
    // Navigation and submit report their own failures; a failed Save is reported here (SPEC §8:
    // "Unexpected Error" with the message; a 401 goes to /login), besides the status line.
    void work()
      .catch((error: unknown) => {
        fail(intl.formatMessage({ id: 'app.error.unexpectedTitle' }), error);
      })
      .finally(() => {
        setBusy(undefined);
      });
  };
  return (
    <>
      <PageTitle gap={3}>{page.title}</PageTitle>
      <Stack spacing={3} sx={{ mb: 3 }}>
        {page.sections.map((section, index) =>
          index === 0 ? (
            <SectionView key={section.id} section={section} />
          ) : (
            <LaterPart key={section.id}>
              <SectionView section={section} />
            </LaterPart>
          ),
        )}
      </Stack>
      {next === undefined ? (
        <Suspense fallback={null}>
          <ReviewOffer />
        </Suspense>
      ) : null}
      {isLoggedIn ? <SaveStatus /> : null}
      <StepButtons
        busy={busy}
        onPrevious={
          previous === undefined ? undefined : run('previous', () => goTo(`/${previous.route}`))
        }
        onSave={isLoggedIn ? run('save', save) : undefined}
        onContinue={next === undefined ? undefined : run('continue', () => goTo(`/${next.route}`))}
        onSubmit={next === undefined ? run('submit', submit) : undefined}
      />
    </>
  );
}
