/**
 * The form page's save state, heard by screen readers (a polite live region) and seen wherever
 * the applicant is on the step: "Saving…", "Saved at 2:14 PM", or "Not saved" with Retry.
 */
import { Button, Stack, Typography } from '@admit/design-system';
import { type RefObject, useEffect, useRef, useSyncExternalStore } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import { useFail } from '../application/useFail.ts';
import { useApplication } from '../renderer/index.ts';

/**
 * Keeps the window's scroll padding at the foot equal to the bar's height, so that a field
 * reached by Tab (or a summary link) scrolls into view above the sticky bar instead of under it
 * (WCAG 2.2 SC 2.4.11, Focus Not Obscured). The bar's height changes with its state (Retry) and
 * with the text size, hence the observer.
 */
function useScrollPaddingFor(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = bar.current;
    if (element === null) return undefined;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.scrollPaddingBottom = `${String(Math.ceil(element.getBoundingClientRect().height))}px`;
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('scroll-padding-bottom');
    };
  }, [bar]);
}

type SaveState = ReturnType<ReturnType<typeof useApplication>['saveStatus']['get']>;

/** The status line in the page's language: "Saving…", "Saved at 2:14 PM", "Not saved", or nothing. */
function statusText(intl: IntlShape, state: SaveState): string {
  switch (state.kind) {
    case 'idle':
      return '';
    case 'saving':
      return intl.formatMessage({ id: 'app.saveStatus.saving' });
    case 'saved':
      return intl.formatMessage({ id: 'app.saveStatus.saved' }, { at: state.at });
    case 'failed':
      return intl.formatMessage({ id: 'app.saveStatus.failed' });
  }
}

export function SaveStatus() {
  const intl = useIntl();
  const { saveStatus, save } = useApplication();
  const fail = useFail();
  const state = useSyncExternalStore(saveStatus.subscribe, saveStatus.get);
  const failed = state.kind === 'failed';
  const bar = useRef<HTMLDivElement>(null);
  useScrollPaddingFor(bar);
  return (
    // Sticky at the foot of the window while the step scrolls past (about 7,800 px on /about),
    // so the applicant sees the save state, and a failed autosave, beside what they type; at
    // the end of the step it rests above the step buttons.
    <Stack
      ref={bar}
      direction="row"
      spacing={1.5}
      sx={{
        alignItems: 'center',
        justifyContent: 'flex-end',
        minHeight: 40,
        mb: 1,
        position: 'sticky',
        bottom: 0,
        zIndex: 1,
        py: state.kind === 'idle' ? 0 : 0.5,
        bgcolor: state.kind === 'idle' ? 'transparent' : 'background.default',
        pointerEvents: state.kind === 'idle' ? 'none' : 'auto',
      }}
    >
      {/* The region stays mounted so that each change is announced. */}
      <Typography
        role="status"
        variant="body2"
        sx={{ color: failed ? 'error.main' : 'text.secondary', fontWeight: failed ? 700 : 400 }}
      >
        {statusText(intl, state)}
      </Typography>
      {failed ? (
        <Button
          variant="outlined"
          onClick={() => {
            save().catch((error: unknown) => {
              fail(intl.formatMessage({ id: 'app.error.unexpectedTitle' }), error);
            });
          }}
        >
          {intl.formatMessage({ id: 'app.saveStatus.retry' })}
        </Button>
      ) : null}
    </Stack>
  );
}
