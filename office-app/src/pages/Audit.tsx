/**
 * The audit log (GET /office/api/audit), newest first, 50 a page: officers only. A reader is
 * told so in a sentence (the server answers them 403 too).
 */
import { Box, Button, TextInput, Typography } from '@admit/design-system';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type SyntheticEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';

import { getJson, queryString } from '../api/client.ts';
import { type AuditAnswer, type AuditRow } from '../api/types.ts';
import { useOfficePage } from '../officePage.ts';
import {
  Breakable,
  Item,
  ItemList,
  Loading,
  PageHeading,
  Paging,
  TableRegion,
  useMe,
  useTitle,
} from './parts.tsx';

const ACTIONS = new Set([
  'sign_in',
  'sign_in_refused',
  'sign_out',
  'list',
  'view',
  'ssn_reveal',
  'export',
  'download_pdf',
  'download_document',
  'staff_add',
  'staff_disable',
  'staff_reset',
]);

const EMAIL_MAX = 254;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const cell = {
  px: 1.5,
  py: 1.25,
  textAlign: 'left',
  verticalAlign: 'top',
  borderBottom: 1,
  borderColor: 'divider',
} as const;

/** A row's details as "name: value" pairs. */
function detailsText(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([name, value]) => `${name}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(', ');
}

/** When an entry was made, in the college's time zone. */
function When({ at }: { at: string }) {
  const intl = useIntl();
  const { timeZone } = useOfficePage();
  return <>{intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'medium', timeZone })}</>;
}

/** Who made an entry: a staff member's e-mail, or the command line. */
function Who({ who }: { who: string }) {
  const intl = useIntl();
  return who === 'cli' ? (
    <>{intl.formatMessage({ id: 'office.audit.cli' })}</>
  ) : (
    <Breakable text={who} />
  );
}

/** What was done: in words when the office knows the action, and as the CLI names it. */
function Action({ action }: { action: string }) {
  const intl = useIntl();
  return (
    <>
      {ACTIONS.has(action) && (
        <Box component="span" sx={{ display: 'block' }}>
          {intl.formatMessage({ id: `office.audit.action.${action}` })}
        </Box>
      )}
      {/* The action's name as the CLI's `audit` prints it: one word to search both by. */}
      <Box component="code" sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>
        {action}
      </Box>
    </>
  );
}

function Row({ row }: { row: AuditRow }) {
  return (
    <Box component="tr">
      <Box component="td" sx={{ ...cell, whiteSpace: 'nowrap' }}>
        <When at={row.at} />
      </Box>
      <Box component="td" sx={{ ...cell, minWidth: '14rem', overflowWrap: 'break-word' }}>
        <Who who={row.who} />
      </Box>
      <Box component="td" sx={{ ...cell, minWidth: '10rem' }}>
        <Action action={row.action} />
      </Box>
      <Box component="td" sx={{ ...cell, whiteSpace: 'nowrap' }}>
        {row.reference ?? ''}
      </Box>
      <Box component="td" sx={{ ...cell, overflowWrap: 'break-word', minWidth: '16rem' }}>
        {detailsText(row.details)}
      </Box>
    </Box>
  );
}

/**
 * An entry as a phone shows it: its time as the heading, then who, what, which application
 * and the details, each labelled (an entry without an application or details leaves them out).
 */
function RowItem({ row }: { row: AuditRow }) {
  const intl = useIntl();
  const label = (column: string) => intl.formatMessage({ id: `office.audit.column.${column}` });
  const details = detailsText(row.details);
  return (
    <Item
      heading={<When at={row.at} />}
      fields={[
        { label: label('staff'), value: <Who who={row.who} /> },
        { label: label('action'), value: <Action action={row.action} /> },
        ...(row.reference === null ? [] : [{ label: label('reference'), value: row.reference }]),
        ...(details === '' ? [] : [{ label: label('details'), value: details }]),
      ]}
    />
  );
}

function AuditLog() {
  const intl = useIntl();
  const [search, setSearch] = useSearchParams();
  const since = DAY.test(search.get('since') ?? '') ? (search.get('since') ?? '') : '';
  const staff = search.get('staff')?.trim() ?? '';
  const page = Math.max(1, Number(search.get('page') ?? '1') || 1);
  const [staffText, setStaffText] = useState(staff);
  const log = useQuery({
    queryKey: ['audit', since, staff, page],
    queryFn: () =>
      getJson<AuditAnswer>(`/audit${queryString({ since, staff, page: String(page) })}`),
    placeholderData: keepPreviousData,
  });
  const go = (next: { since?: string; staff?: string; page?: number }) => {
    const values = { since, staff, page: 1, ...next };
    const params = new URLSearchParams();
    if (values.since !== '') params.set('since', values.since);
    if (values.staff !== '') params.set('staff', values.staff);
    if (values.page > 1) params.set('page', String(values.page));
    setSearch(params);
  };
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    go({ staff: staffText.trim() });
  };
  const data = log.data;
  return (
    <>
      <Box
        component="form"
        role="search"
        aria-label={intl.formatMessage({ id: 'office.audit.filters' })}
        onSubmit={submit}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr auto' },
          alignItems: 'end',
          mb: 3,
        }}
      >
        <TextInput
          id="since"
          type="date"
          label={intl.formatMessage({ id: 'office.audit.since' })}
          maxLength={10}
          value={since}
          onChange={(value) => {
            go({ since: value });
          }}
        />
        <TextInput
          id="staff"
          type="email"
          label={intl.formatMessage({ id: 'office.audit.staff' })}
          maxLength={EMAIL_MAX}
          value={staffText}
          onChange={setStaffText}
        />
        <Box>
          <Button type="submit" variant="contained" sx={{ mb: 0.25 }}>
            {intl.formatMessage({ id: 'office.audit.filter' })}
          </Button>
        </Box>
      </Box>
      {log.isError ? (
        <Typography role="alert" sx={{ color: 'error.main' }}>
          {log.error.message}
        </Typography>
      ) : data === undefined ? (
        <Loading />
      ) : data.total === 0 ? (
        <Box sx={{ py: 4, px: 2, textAlign: 'center', bgcolor: 'action.hover', borderRadius: 1 }}>
          <Typography role="status">{intl.formatMessage({ id: 'office.audit.empty' })}</Typography>
        </Box>
      ) : (
        <>
          <TableRegion label={intl.formatMessage({ id: 'office.audit.tableRegion' })}>
            <Box
              component="table"
              aria-label={intl.formatMessage({ id: 'office.audit.table' })}
              sx={{ width: '100%', borderCollapse: 'collapse', minWidth: '60rem' }}
            >
              <Box component="thead">
                <Box component="tr">
                  {['time', 'staff', 'action', 'reference', 'details'].map((column) => (
                    <Box component="th" scope="col" key={column} sx={cell}>
                      {intl.formatMessage({ id: `office.audit.column.${column}` })}
                    </Box>
                  ))}
                </Box>
              </Box>
              <Box component="tbody">
                {data.rows.map((row, index) => (
                  <Row key={`${row.at}-${String(index)}`} row={row} />
                ))}
              </Box>
            </Box>
          </TableRegion>
          <ItemList label={intl.formatMessage({ id: 'office.audit.table' })}>
            {data.rows.map((row, index) => (
              <RowItem key={`${row.at}-${String(index)}`} row={row} />
            ))}
          </ItemList>
          <Paging
            label={intl.formatMessage({ id: 'office.audit.paging' })}
            page={data.page}
            total={data.total}
            pageSize={data.page_size}
            go={(page) => {
              go({ page });
            }}
          />
        </>
      )}
    </>
  );
}

export function Audit() {
  const intl = useIntl();
  const me = useMe();
  const heading = intl.formatMessage({ id: 'office.audit.heading' });
  useTitle(heading);
  return (
    <>
      <PageHeading>{heading}</PageHeading>
      {me.role === 'officer' ? (
        <AuditLog />
      ) : (
        <Typography>{intl.formatMessage({ id: 'office.audit.officersOnly' })}</Typography>
      )}
    </>
  );
}
