/** Pieces the office's pages share: the page heading, the title, a signed-in member. */
import { Box, LoadingSpinner, Typography } from '@admit/design-system';
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
