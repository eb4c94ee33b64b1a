import InfoIcon from '@mui/icons-material/Info';
import ReportIcon from '@mui/icons-material/Report';
import { Box, type Theme, Typography } from '@mui/material';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { type IntlShape, useIntl } from 'react-intl';

import { visuallyHidden } from '../parts/visuallyHidden';

/**
 * `visuallyHidden` with its sizes in px: in `sx` a bare `width: 1` means 100%, so the shared
 * style lets hidden text stretch the page sideways on a phone (parts/visuallyHidden.ts).
 */
const screenReaderOnly = {
  ...visuallyHidden,
  width: '1px',
  height: '1px',
  margin: '-1px',
} as const;

/**
 * How long after a notice appears its live region is filled. A live region that arrives
 * already full is often not read out; filling it a moment later is.
 */
export const NOTICE_ANNOUNCE_DELAY_MS = 100;

/** `note`: information; `stop`: a SPEC §5 STOP message the applicant must act on. */
export type NoticeTone = 'note' | 'stop';

export interface NoticeProps {
  /** `note` for information (default), `stop` for a warning the applicant must act on. */
  tone?: NoticeTone;
  /** The heading; a stop notice without one is headed "Stop". */
  title?: string;
  /** The message, e.g. "STOP: You have attended Gallatin College before. Please contact …". */
  children: ReactNode;
  /** The heading's level, one below the section it sits in; 3 by default. */
  headingLevel?: 2 | 3 | 4 | 5;
  /** Reads the notice out politely when it appears; on by default for stop notices. */
  announce?: boolean;
  /** The notice's id, e.g. a link target. */
  id?: string;
}

/**
 * A stop notice's heading: the title, with "Stop:" (in the page's language) in front unless it
 * already says stop, so the warning never rests on colour alone.
 */
function stopHeading(title: string | undefined, intl: IntlShape): string {
  const stop = intl.formatMessage({ id: 'ds.notice.stop' });
  if (title === undefined || title.trim() === '') return stop;
  const words = title.toLocaleLowerCase(intl.locale).split(/[^\p{L}]+/u);
  const saysStop = words.includes('stop') || words.includes(stop.toLocaleLowerCase(intl.locale));
  return saysStop ? title : intl.formatMessage({ id: 'ds.notice.stopTitled' }, { title });
}

/** Stop: an error tint inside an error border with a thick edge. Note: page tint, primary edge. */
function noticeLook(tone: NoticeTone) {
  return (theme: Theme) => {
    const edge = tone === 'stop' ? theme.app.colors.error.main : theme.app.colors.primary.main;
    return {
      display: 'flex',
      alignItems: 'flex-start',
      gap: theme.spacing(1.5),
      padding: theme.spacing(2, 3),
      [theme.breakpoints.down('sm')]: { padding: theme.spacing(2) },
      color: theme.app.colors.neutral.dark,
      backgroundColor:
        tone === 'stop' ? theme.app.colors.error.extraLight : theme.app.colors.neutral.extraLight,
      border: tone === 'stop' ? `2px solid ${edge}` : 'none',
      borderLeft: `0.375rem solid ${edge}`,
      borderRadius: `${theme.shape.borderRadius}px`,
    };
  };
}

/**
 * A block of text for the applicant inside a form (an info block): a `note` explains, a `stop`
 * warns that the answer given cannot go on (SPEC §5 STOP messages). A stop notice is a region
 * named by its heading, with a stop icon, the word "Stop" in the heading and an error border,
 * so it does not rest on colour alone. A note is a `note`, named by its title when it has one.
 *
 * Stop notices appear when an answer changes, so by default they are also read out politely
 * (a hidden `status` region filled a moment after the notice appears); the notice itself stays
 * static content, read in place like the rest of the page.
 *
 * @example
 * ```tsx
 * <Notice tone="stop" title="Please stop here">
 *   STOP: You have attended Gallatin College before. Please contact the Admissions Office.
 * </Notice>
 * ```
 */
export function Notice({
  tone = 'note',
  title,
  children,
  headingLevel = 3,
  announce = tone === 'stop',
  id,
}: NoticeProps) {
  const intl = useIntl();
  const headingId = useId();
  const body = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const heading = tone === 'stop' ? stopHeading(title, intl) : title;
  const Icon = tone === 'stop' ? ReportIcon : InfoIcon;

  useEffect(() => {
    if (!announce) return;
    const timer = setTimeout(() => {
      const text = body.current?.textContent.trim() ?? '';
      setAnnouncement([heading, text].filter(Boolean).join('. '));
    }, NOTICE_ANNOUNCE_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [announce, heading]);

  return (
    <Box
      id={id}
      // A stop is a region (a landmark a screen reader can jump to); a note is parenthetic.
      component={tone === 'stop' ? 'section' : 'div'}
      role={tone === 'stop' ? undefined : 'note'}
      aria-labelledby={heading === undefined ? undefined : headingId}
      sx={noticeLook(tone)}
    >
      <Icon
        aria-hidden
        sx={{ color: tone === 'stop' ? 'error.main' : 'primary.main', mt: 0.25, flexShrink: 0 }}
      />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        {heading !== undefined && (
          <Typography
            id={headingId}
            component={`h${headingLevel}`}
            variant="h5"
            sx={{ mb: 0.5, ...(tone === 'stop' && { color: 'error.main' }) }}
          >
            {heading}
          </Typography>
        )}
        <Box ref={body} sx={{ typography: 'body1' }}>
          {children}
        </Box>
      </Box>
      {announce && (
        <Box role="status" sx={screenReaderOnly}>
          {announcement}
        </Box>
      )}
    </Box>
  );
}
