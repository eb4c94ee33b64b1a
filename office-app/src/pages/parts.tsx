/**
 * Pieces the office's pages share: the page heading, the title, a signed-in member, a table's
 * scrolling region and its paging.
 */
import { Box, Button, LoadingSpinner, Typography } from '@admit/design-system';
import { type ReactNode, useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { useOutletContext } from 'react-router-dom';

import { type Me } from '../api/types.ts';
import { useOfficePage } from '../officePage.ts';

/** The signed-in staff member (Layout.tsx gives it to its pages). */
export function useMe(): Me {
  return useOutletContext<Me>();
}

/**
 * The page's level-1 heading. It takes the focus when the page opens, so that a keyboard or
 * screen-reader user lands on the new page's top rather than on the link they followed.
 */
export function PageHeading({ children }: { children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: false });
  }, []);
  return (
    <Typography
      ref={heading}
      component="h1"
      variant="h4"
      tabIndex={-1}
      sx={{ mb: 3, overflowWrap: 'anywhere', '&:focus': { outline: 'none' } }}
    >
      {children}
    </Typography>
  );
}

/** The browser tab's title: the page, the office and the college. */
export function useTitle(page: string): void {
  const intl = useIntl();
  const { collegeName } = useOfficePage();
  const title = intl.formatMessage({ id: 'office.title' }, { page, college: collegeName });
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** A spinner (announced as loading), while a page's data loads. */
export function Loading() {
  return (
    <Box sx={{ py: 6, display: 'flex', justifyContent: 'center' }}>
      <LoadingSpinner size="medium" />
    </Box>
  );
}

/** Visually hidden, read by screen readers. */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * A table's region, labelled and reached by Tab: on a narrow screen the table scrolls sideways
 * inside it, never the page.
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{
        // The containing block of the cells' visually hidden texts (position: absolute):
        // without it they sit where their cell is, past a phone's width, and the whole page
        // scrolls sideways instead of this region alone.
        position: 'relative',
        overflowX: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
      }}
    >
      {children}
    </Box>
  );
}

/**
 * "Previous page", "Page N of M", "Next page" under a table, named by `label`: M from the
 * answer's total and page size.
 */
export function Paging({
  label,
  page,
  total,
  pageSize,
  go,
}: {
  label: string;
  page: number;
  total: number;
  pageSize: number;
  go: (page: number) => void;
}) {
  const intl = useIntl();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <Box
      component="nav"
      aria-label={label}
      sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2, flexWrap: 'wrap' }}
    >
      <Button
        variant="outlined"
        disabled={page <= 1}
        onClick={() => {
          go(page - 1);
        }}
      >
        {intl.formatMessage({ id: 'office.list.previous' })}
      </Button>
      <Typography>{intl.formatMessage({ id: 'office.list.pageOf' }, { page, pages })}</Typography>
      <Button
        variant="outlined"
        disabled={page >= pages}
        onClick={() => {
          go(page + 1);
        }}
      >
        {intl.formatMessage({ id: 'office.list.next' })}
      </Button>
    </Box>
  );
}
