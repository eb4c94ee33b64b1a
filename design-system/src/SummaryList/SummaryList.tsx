import { Box, Link, Typography } from '@mui/material';
import { type MouseEvent } from 'react';

import { visuallyHidden } from '../parts/visuallyHidden';

/** A row's action: GOV.UK's "Change" link, its question said after it to screen readers only. */
export interface SummaryListAction {
  href: string;
  /** The visible words: "Change". */
  text: string;
  /** Said after `text` to screen readers only (the question), so that each link has its own name. */
  hiddenText: string;
  /** Follows the link the app's way (saving first, focusing the field); `href` stays for a new tab. */
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

export interface SummaryListRow {
  /** The question. */
  key: string;
  /** The answer: one text, or several (each chosen option) on lines of their own. */
  value: string | readonly string[];
  action?: SummaryListAction;
}

export interface SummaryListProps {
  rows: readonly SummaryListRow[];
}

/**
 * GOV.UK's summary list: questions and their answers as a description list (`dl`: each
 * question a term, its answer and its action descriptions of it), side by side from the small
 * breakpoint, stacked on a phone. The action is a link whose name is its text and the question
 * ("Change First Name"), so that a screen reader's list of links tells them apart.
 *
 * @example
 * ```tsx
 * <SummaryList rows={[{ key: 'First Name', value: 'Ada', action: { href: '/about#first_name', text: 'Change', hiddenText: 'First Name' } }]} />
 * ```
 */
export function SummaryList({ rows }: SummaryListProps) {
  return (
    <Box component="dl" sx={{ m: 0, mb: 3 }}>
      {rows.map((row, index) => {
        const lines = typeof row.value === 'string' ? [row.value] : row.value;
        return (
          <Box
            key={`${String(index)}:${row.key}`}
            sx={{
              display: { xs: 'block', sm: 'grid' },
              gridTemplateColumns: { sm: '2fr 3fr auto' },
              columnGap: 3,
              py: 1.5,
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Typography component="dt" sx={{ fontWeight: 700, mb: { xs: 0.5, sm: 0 } }}>
              {row.key}
            </Typography>
            <Box component="dd" sx={{ m: 0, mb: { xs: 0.5, sm: 0 }, overflowWrap: 'anywhere' }}>
              {lines.map((line, lineIndex) => (
                <Typography key={String(lineIndex)} sx={{ whiteSpace: 'pre-line' }}>
                  {line}
                </Typography>
              ))}
            </Box>
            {row.action === undefined ? null : (
              <Box component="dd" sx={{ m: 0, textAlign: { sm: 'right' } }}>
                <Link href={row.action.href} onClick={row.action.onClick}>
                  {row.action.text}
                  <Box component="span" sx={visuallyHidden}>
                    {` ${row.action.hiddenText}`}
                  </Box>
                </Link>
              </Box>
            )}
          </Box>
        );
      })}
    </Box>
  );
}
