/**
 * Pieces the office's pages share: the page heading, the title, a signed-in member, a table's
 * scrolling region, the same rows as a list of items on a phone, and their paging.
 */
import { Box, Button, LoadingSpinner, Typography } from '@admit/design-system';
import { Fragment, type ReactNode, useEffect, useRef } from 'react';
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

/** The frame a table's region and its phone list share, so the two layouts look one. */
const FRAME = {
  border: 1,
  borderColor: 'divider',
  borderRadius: 1,
  bgcolor: 'background.paper',
} as const;

/**
 * A table's region, labelled and reached by Tab, from the `sm` breakpoint up (a phone gets the
 * rows as an `ItemList` instead): on a screen narrower than the table, it scrolls sideways
 * inside it, never the page.
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{
        // `display: none` takes it out of the page, the Tab order and the accessibility tree
        // alike, so a phone's screen reader meets the rows once, as the list's items.
        display: { xs: 'none', sm: 'block' },
        // The containing block of the cells' visually hidden texts (position: absolute):
        // without it they sit where their cell is, past a phone's width, and the whole page
        // scrolls sideways instead of this region alone.
        position: 'relative',
        overflowX: 'auto',
        ...FRAME,
      }}
    >
      {children}
    </Box>
  );
}

/**
 * A table's rows as a list, below the `sm` breakpoint only (a phone): each row an item read top
 * to bottom, so that nobody scrolls sideways to read one. A list named by `label`, so that a
 * screen reader says how many items it holds and moves from one to the next; each item's
 * heading moves by heading too. Both layouts are in the page and CSS shows one: the table's
 * and the list's own tests see the same rows, and a turned phone changes layout at once.
 */
export function ItemList({
  label,
  busy = false,
  children,
}: {
  label: string;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={busy}
      sx={{
        display: { xs: 'block', sm: 'none' },
        listStyle: 'none',
        m: 0,
        p: 0,
        ...FRAME,
      }}
    >
      {children}
    </Box>
  );
}

/**
 * An e-mail address that wraps after its "@" and its dots when a phone's column is too narrow
 * for it (`grace.hopper@` then `example.org`), rather than at whatever letter the line ends.
 */
export function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=[@.])/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={String(index)}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** One labelled value of an `ItemList`'s item: a column's heading and the row's cell. */
export interface ItemField {
  label: string;
  value: ReactNode;
}

/**
 * An `ItemList`'s item: its heading (the row's name, or its time), then the row's other cells
 * as a description list, each value under its column's name.
 */
export function Item({ heading, fields }: { heading: ReactNode; fields: readonly ItemField[] }) {
  return (
    <Box
      component="li"
      sx={{
        px: 2,
        py: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Typography
        component="h2"
        sx={{ fontSize: '1.0625rem', fontWeight: 700, mb: 1, overflowWrap: 'anywhere' }}
      >
        {heading}
      </Typography>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          // One width for every item's labels, so that the values line up down the list.
          gridTemplateColumns: '7rem minmax(0, 1fr)',
          columnGap: 2,
          rowGap: 0.5,
          m: 0,
        }}
      >
        {fields.map((field) => (
          <Fragment key={field.label}>
            <Typography component="dt" sx={{ fontWeight: 600, color: 'text.secondary' }}>
              {field.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {field.value}
            </Typography>
          </Fragment>
        ))}
      </Box>
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
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        mt: 2,
        // A phone has no room for the three in a row: "Page N of M" takes a line above the
        // buttons, which stay side by side (it is not focusable: Tab still goes left to right).
        flexWrap: 'wrap',
      }}
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
      <Typography sx={{ order: { xs: -1, sm: 0 }, flexBasis: { xs: '100%', sm: 'auto' } }}>
        {intl.formatMessage({ id: 'office.list.pageOf' }, { page, pages })}
      </Typography>
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
