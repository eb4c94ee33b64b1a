/** The h1 of a page of the form: where focus goes as the page is arrived at. */
import { Typography } from '@admit/design-system';
import { type ReactNode } from 'react';

import { useFocusOnArrival } from './useFocusOnArrival.ts';

/**
 * The page's title as its h1, focused on arrival (`useFocusOnArrival`: after a step change, a
 * login, a Submit or a summary link), with `gap` theme spaces below it.
 */
export function PageTitle({ children, gap }: { children: ReactNode; gap: number }) {
  const heading = useFocusOnArrival(true);
  return (
    <Typography
      ref={heading}
      tabIndex={-1}
      variant="h3"
      component="h1"
      sx={{
        mb: gap,
        fontSize: { xs: '1.875rem', sm: '2.5rem' },
        fontWeight: 700,
        // Focused by script on arrival, not a control: no ring.
        '&:focus': { outline: 'none' },
      }}
    >
      {children}
    </Typography>
  );
}
