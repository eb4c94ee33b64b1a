import { Box, Link, type Theme, Typography } from '@mui/material';
import { type MouseEvent, useEffect, useId, useRef } from 'react';
import { useIntl } from 'react-intl';

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
  title,
  description,
  autoFocus = true,
}: ValidationSummaryProps) {
  const intl = useIntl();
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
        {/* SPEC §2: the summary's heading, and what it says its links are for. */}
        {title ?? intl.formatMessage({ id: 'ds.validationSummary.title' })}
      </Typography>
      <Typography sx={{ mb: 1 }}>
        {description ?? intl.formatMessage({ id: 'ds.validationSummary.description' })}
      </Typography>
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
