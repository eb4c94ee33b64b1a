/** The generic step: renders one page of the college's config (SPEC §2 /about, /education, /final-steps). */
import { type PageConfig, type PageId } from '@admit/form-model';
import { LoadingSpinner, Stack, StepButtons, Typography } from '@admit/design-system';
import { lazy, Suspense, use, useEffect, useRef, useState } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';

import { useFail } from '../application/useFail.ts';
import { LaterPart, SectionView, useApplication } from '../renderer/index.ts';
import { focusField } from '../layout/focusField.ts';
import { SaveStatus } from '../layout/SaveStatus.tsx';
import { navigationState } from '../application/paths.ts';
import { useSession } from '../session/SessionProvider.tsx';
import { loadPages, pageAtHand, tenant } from '../tenant.ts';

// Only the last step offers the review, so its code stays out of the first
// download; it is fetched alongside the step's page, so that it is there when the step shows.
const loadReviewOffer = () => import('./review/ReviewOffer.tsx');
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

/** Whether this document has moved by a push yet (a link, a button, a login), not only loaded. */
let pushed = false;

/**
 * Issue 15 #10: after a step change, a login or a summary link, focus leaves the control that
 * is gone (or the one left behind in the header) for the page's h1, so a screen reader starts
 * at the new page and Tab continues from it; a summary link's field instead (`focusField` in the
 * navigation state). Until the first push (a load, a reload, the redirects on load) no focus
 * moves, so the first Tab reaches the skip link.
 */
function useFocusOnArrival(shown: boolean) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const heading = useRef<HTMLHeadingElement>(null);
  const arrivedAt = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (navigationType === NavigationType.Push) pushed = true;
    if (!shown || !pushed) return;
    // The page already shown, only replaced (the login message leaving its history entry,
    // useStatusRules.ts): no arrival. That replace can come after someone has tabbed on into
    // a field and begun typing; taking focus back to the heading then lost their keys.
    const samePage =
      navigationType === NavigationType.Replace && arrivedAt.current === location.pathname;
    arrivedAt.current = location.pathname;
    if (samePage) return;
    const { focusField: key, focusSummary } = navigationState(location.state);
    // After a Submit that found errors the validation summary has focus (layout/Summary.tsx).
    if (focusSummary === true) return;
    if (key === undefined) heading.current?.focus({ preventScroll: true });
    else focusField(key);
    // Once per arrival: a location is one arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key, shown]);
  return heading;
}

function Step({ pageId, atHand }: { pageId: PageId; atHand: boolean }) {
  const page = usePage(pageId, atHand);
  const index = tenant.steps.findIndex((step) => step.id === pageId);
  const previous = tenant.steps[index - 1];
  const next = tenant.steps[index + 1];
  const { goTo, submit, save, busy, setBusy } = useApplication();
  const { isLoggedIn } = useSession();
  const fail = useFail();

  useEffect(() => {
    if (page !== undefined) document.title = `${page.title} · ${tenant.titles.application}`;
  }, [page]);
  const heading = useFocusOnArrival(page !== undefined);

  if (page === undefined) return null;
  const run = (action: NonNullable<typeof busy>, work: () => Promise<void>) => () => {
    setBusy(action);
    // Navigation and submit report their own failures; a failed Save is reported here (SPEC §8:
    // "Unexpected Error" with the message; a 401 goes to /login), besides the status line.
    void work()
      .catch((error: unknown) => {
        fail('Unexpected Error', error);
      })
      .finally(() => {
        setBusy(undefined);
      });
  };
  return (
    <>
      <Typography
        ref={heading}
        tabIndex={-1}
        variant="h3"
        component="h1"
        sx={{
          mb: 3,
          fontSize: { xs: '1.875rem', sm: '2.5rem' },
          fontWeight: 700,
          // Focused by script on arrival, not a control: no ring.
          '&:focus': { outline: 'none' },
        }}
      >
        {page.title}
      </Typography>
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
