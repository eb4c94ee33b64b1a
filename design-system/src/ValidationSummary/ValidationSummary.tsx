import { Box, Link, type Theme, Typography } from '@mui/material';
import { type MouseEvent, useEffect, useId, useRef } from 'react';

/** SPEC §2: the summary's heading. */
export const VALIDATION_SUMMARY_TITLE = 'We are missing some information!';

/** SPEC §2: what the summary says its links are for. */
export const VALIDATION_SUMMARY_DESCRIPTION =
  'The links below show what still needs to be completed.';

/** One missing item: a link to the question that needs it. */
export interface ValidationSummaryItem {
  /** Where the question is: `/{page}#{answerKey}` (SPEC §2), e.g. `/about#first_name`. */
  href: string;
  /** What is missing, e.g. "First Name is a required field". */
  label: string;
}

export interface ValidationSummaryProps {
  /** The missing items, in page order; each becomes a link. */
  items: readonly ValidationSummaryItem[];
  /** Called when a link is followed; call `event.preventDefault()` to route and focus in-app. */
  onNavigate?: (href: string, event: MouseEvent<HTMLAnchorElement>) => void;
  /** The heading; SPEC §2's by default. */
  title?: string;
  /** The sentence under the heading. */
  description?: string;
  /** Moves focus to the summary when it appears, so keyboard and screen reader users land on it. */
  autoFocus?: boolean;
}

/** The error edge: a thick error-coloured border round a white box. */
function summaryLook(theme: Theme) {
  return {
    border: `0.3125rem solid ${theme.app.colors.error.main}`,
    borderRadius: `${theme.shape.borderRadius}px`,
    padding: theme.spacing(2, 3),
    backgroundColor: theme.app.colors.white,
    '&:focus-visible': {
      outline: `3px solid ${theme.app.colors.primary.main}`,
      outlineOffset: 2,
    },
  };
}

/**
 * The list of what is still missing after a submit (SPEC §2): a heading, a sentence, and one
 * link per missing item to `/{page}#{answerKey}`. It is a region named by its heading and takes
 * focus when it appears, so a screen reader reads it at once and Tab goes straight to its links.
 * Show it only while the web status is validating and there is something missing.
 *
 * @example
 * ```tsx
 * <ValidationSummary
 *   items={[{ href: '/about#first_name', label: 'First Name is a required field' }]}
 *   onNavigate={(href, event) => { event.preventDefault(); navigate(href); }}
 * />
 * ```
 */
export function ValidationSummary({
  items,
  onNavigate,
  title = VALIDATION_SUMMARY_TITLE,
  description = VALIDATION_SUMMARY_DESCRIPTION,
  autoFocus = true,
}: ValidationSummaryProps) {
  const headingId = useId();
  const summary = useRef<HTMLElement>(null);

  useEffect(() => {
    if (autoFocus) summary.current?.focus();
  }, [autoFocus]);

  return (
    <Box
      component="section"
      ref={summary}
      tabIndex={-1}
      aria-labelledby={headingId}
      sx={summaryLook}
    >
      <Typography id={headingId} component="h2" variant="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Typography sx={{ mb: 1 }}>{description}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {items.map(({ href, label }) => (
          <Box component="li" key={`${href} ${label}`} sx={{ mb: 0.5 }}>
            <Link
              href={href}
              onClick={(event) => {
                onNavigate?.(href, event);
              }}
              sx={{ color: 'error.main', fontWeight: 600 }}
            >
              {label}
            </Link>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
