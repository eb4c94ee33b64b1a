/** The generic step: renders one page of the college's config (SPEC §2 /about, /education, /final-steps). */
import { type PageId } from '@admit/form-model';
import { Stack, StepButtons, Typography } from '@admit/design-system';
import { useEffect } from 'react';

import { SectionView } from '../form/blocks.tsx';
import { useApplication } from '../form/ApplicationContext.tsx';
import { useSession } from '../session/SessionProvider.tsx';
import { tenant } from '../tenant.ts';

export function StepPage({ pageId }: { pageId: PageId }) {
  const index = tenant.pages.findIndex((page) => page.id === pageId);
  const page = tenant.pages[index];
  const previous = tenant.pages[index - 1];
  const next = tenant.pages[index + 1];
  const { goTo, submit, save, busy, setBusy } = useApplication();
  const { isLoggedIn } = useSession();

  useEffect(() => {
    if (page !== undefined) document.title = `${page.title} · ${tenant.titles.application}`;
  }, [page]);

  if (page === undefined) return null;
  const run = (action: NonNullable<typeof busy>, work: () => Promise<void>) => () => {
    setBusy(action);
    void work().finally(() => {
      setBusy(undefined);
    });
  };
  return (
    <>
      <Typography
        variant="h3"
        component="h1"
        sx={{ mb: 3, fontSize: { xs: '1.875rem', sm: '2.5rem' }, fontWeight: 700 }}
      >
        {page.title}
      </Typography>
      <Stack spacing={3} sx={{ mb: 3 }}>
        {page.sections.map((section) => (
          <SectionView key={section.id} section={section} />
        ))}
      </Stack>
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
