/**
 * The applications: searched, filtered, sorted and paged by the server (GET /office/api/
 * applications), the filters in the address so that "back" from an application finds the list
 * as it was. Status and the two days apply as they change; the search text on Enter or its
 * button. Under the list, the export of what the filters find.
 */
import { Box, Button, Link, SelectInput, TextInput, Typography } from '@admit/design-system';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type SyntheticEvent, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';

import { getJson, queryString } from '../api/client.ts';
import { type ListAnswer, type ListRow, type SortColumn, STATUSES } from '../api/types.ts';
import { ExportPanel } from './Export.tsx';
import {
  DEFAULT_SORT,
  filtered,
  PHONE_SORTS,
  sortChoice,
  sortText,
  listSearch,
  type ListParams,
  nextSort,
  readListParams,
  sortOf,
} from './listParams.ts';
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
  visuallyHidden,
} from './parts.tsx';
import { DocumentsState, StatusLabel } from './statusText.tsx';

/** The longest search the server takes (routes/office: `q`). */
const SEARCH_MAX = 200;

const COLUMNS: readonly { key: SortColumn | 'status' | 'documents'; id: string }[] = [
  { key: 'name', id: 'office.list.column.name' },
  { key: 'email', id: 'office.list.column.email' },
  { key: 'reference', id: 'office.list.column.reference' },
  { key: 'status', id: 'office.list.column.status' },
  { key: 'submitted', id: 'office.list.column.submitted' },
  { key: 'documents', id: 'office.list.column.documents' },
];

const cell = {
  px: 1.5,
  py: 1.25,
  textAlign: 'left',
  verticalAlign: 'top',
  borderBottom: 1,
  borderColor: 'divider',
} as const;

/** A row as a phone shows it: the name, a link to the application, then its cells labelled. */
function RowItem({ row, listAddress }: { row: ListRow; listAddress: string }) {
  const intl = useIntl();
  const target = row.reference ?? row.id;
  const label = (id: string) => intl.formatMessage({ id: `office.list.column.${id}` });
  return (
    <Item
      heading={
        <Link
          component={RouterLink}
          to={`/applications/${encodeURIComponent(target)}`}
          state={{ list: listAddress }}
        >
          {row.name === '' ? intl.formatMessage({ id: 'office.list.noName' }) : row.name}
          {row.name === '' && (
            // "No name yet" links apart: whose application each opens.
            <Box component="span" sx={visuallyHidden}>
              {intl.formatMessage({ id: 'office.list.openUnsubmitted' }, { name: row.email })}
            </Box>
          )}
        </Link>
      }
      fields={[
        { label: label('email'), value: <Breakable text={row.email} /> },
        {
          label: label('reference'),
          value: row.reference ?? intl.formatMessage({ id: 'office.list.noReference' }),
        },
        { label: label('status'), value: <StatusLabel status={row.status} /> },
        {
          label: label('submitted'),
          value: row.submitted_local ?? intl.formatMessage({ id: 'office.list.notSubmitted' }),
        },
        { label: label('documents'), value: <DocumentsState documents={row.documents} /> },
      ]}
    />
  );
}

function Row({ row, listAddress }: { row: ListRow; listAddress: string }) {
  const intl = useIntl();
  const target = row.reference ?? row.id;
  return (
    <Box component="tr">
      <Box component="td" sx={{ ...cell, fontWeight: 600 }}>
        {row.name === '' ? intl.formatMessage({ id: 'office.list.noName' }) : row.name}
      </Box>
      <Box component="td" sx={{ ...cell, minWidth: '14rem', overflowWrap: 'break-word' }}>
        {row.email}
      </Box>
      <Box component="td" sx={{ ...cell, whiteSpace: 'nowrap' }}>
        <Link
          component={RouterLink}
          to={`/applications/${encodeURIComponent(target)}`}
          state={{ list: listAddress }}
        >
          {row.reference ?? intl.formatMessage({ id: 'office.list.noReference' })}
          {row.reference === null && (
            // Links of the same words apart: whose application each opens.
            <Box component="span" sx={visuallyHidden}>
              {intl.formatMessage(
                { id: 'office.list.openUnsubmitted' },
                { name: row.name === '' ? row.email : row.name },
              )}
            </Box>
          )}
        </Link>
      </Box>
      <Box component="td" sx={cell}>
        <StatusLabel status={row.status} />
      </Box>
      <Box component="td" sx={{ ...cell, minWidth: '11rem' }}>
        {row.submitted_local ?? intl.formatMessage({ id: 'office.list.notSubmitted' })}
      </Box>
      <Box component="td" sx={{ ...cell, minWidth: '9rem' }}>
        <DocumentsState documents={row.documents} />
      </Box>
    </Box>
  );
}

export function Applications() {
  const intl = useIntl();
  const me = useMe();
  const [search, setSearch] = useSearchParams();
  const params = readListParams(search);
  const [text, setText] = useState(params.q ?? '');
  // The address changed the search (back, a cleared filter): the field shows it.
  const [shownQ, setShownQ] = useState(params.q);
  if (shownQ !== params.q) {
    setShownQ(params.q);
    setText(params.q ?? '');
  }
  const heading = intl.formatMessage({ id: 'office.list.heading' });
  useTitle(heading);
  const { page, ...filters } = params;
  const list = useQuery({
    queryKey: ['applications', params],
    queryFn: () =>
      getJson<ListAnswer>(`/applications${queryString({ ...filters, page: String(page) })}`),
    placeholderData: keepPreviousData,
  });
  // The parameters last asked for, while the address has not yet re-rendered with them: a
  // second change in the meantime (the two dates typed one after the other, a navigation the
  // router renders in a transition) builds on the first instead of dropping it.
  const asked = useRef<{ base: string; params: ListParams } | undefined>(undefined);
  const shown = search.toString();
  useEffect(() => {
    asked.current = undefined;
  }, [shown]);
  const go = (next: Partial<ListParams>) => {
    const base = asked.current?.base === shown ? asked.current.params : params;
    const wanted = { ...base, page: 1, ...next };
    asked.current = { base: shown, params: wanted };
    setSearch(listSearch(wanted));
  };
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    go({ q: text.trim() === '' ? undefined : text.trim() });
  };
  const data = list.data;
  const listAddress = search.toString() === '' ? '/' : `/?${search.toString()}`;
  const statusOptions = STATUSES.map((status) => ({
    value: status,
    label: intl.formatMessage({ id: `office.status.${status}` }),
  }));

  return (
    <>
      <PageHeading>{heading}</PageHeading>
      <Box
        component="form"
        role="search"
        aria-label={intl.formatMessage({ id: 'office.list.filters' })}
        onSubmit={submit}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '2fr 1fr 1fr 1fr' },
          alignItems: 'end',
          mb: 3,
        }}
      >
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-end' }}>
          <Box sx={{ flex: 1 }}>
            <TextInput
              id="q"
              label={intl.formatMessage({ id: 'office.list.search' })}
              hint={intl.formatMessage({ id: 'office.list.searchHint' })}
              maxLength={SEARCH_MAX}
              value={text}
              onChange={setText}
            />
          </Box>
          <Button type="submit" variant="contained" sx={{ mb: 0.25 }}>
            {intl.formatMessage({ id: 'office.list.searchButton' })}
          </Button>
        </Box>
        <SelectInput
          id="status"
          label={intl.formatMessage({ id: 'office.list.status' })}
          emptyLabel={intl.formatMessage({ id: 'office.list.allStatuses' })}
          options={statusOptions}
          value={params.status ?? ''}
          onChange={(value) => {
            go({ status: value === '' ? undefined : value });
          }}
        />
        <TextInput
          id="from"
          type="date"
          label={intl.formatMessage({ id: 'office.list.from' })}
          maxLength={10}
          value={params.from ?? ''}
          onChange={(value) => {
            go({ from: value === '' ? undefined : value });
          }}
        />
        <TextInput
          id="to"
          type="date"
          label={intl.formatMessage({ id: 'office.list.to' })}
          maxLength={10}
          value={params.to ?? ''}
          onChange={(value) => {
            go({ to: value === '' ? undefined : value });
          }}
        />
      </Box>

      {list.isError ? (
        <Typography role="alert" sx={{ color: 'error.main' }}>
          {list.error.message}
        </Typography>
      ) : data === undefined ? (
        <Loading />
      ) : data.total === 0 ? (
        <Box sx={{ py: 4, px: 2, textAlign: 'center', bgcolor: 'action.hover', borderRadius: 1 }}>
          <Typography role="status">
            {filtered(filters)
              ? intl.formatMessage({ id: 'office.list.emptyFiltered' })
              : intl.formatMessage({ id: 'office.list.empty' })}
          </Typography>
          {filtered(filters) && (
            <Link component={RouterLink} to="/" sx={{ display: 'inline-block', mt: 1 }}>
              {intl.formatMessage({ id: 'office.list.clearFilters' })}
            </Link>
          )}
        </Box>
      ) : (
        <>
          <Typography role="status" sx={{ mb: 1 }}>
            {intl.formatMessage({ id: 'office.list.count' }, { count: data.total })}
          </Typography>
          {/* A phone has no column headers to sort by: the same orders, chosen here. */}
          <Box sx={{ display: { xs: 'block', sm: 'none' }, mb: 2 }}>
            <SelectInput
              id="sort"
              label={intl.formatMessage({ id: 'office.list.sortBy' })}
              emptyLabel={intl.formatMessage({ id: sortText(DEFAULT_SORT) })}
              options={PHONE_SORTS.map((sort) => ({
                value: sort,
                label: intl.formatMessage({ id: sortText(sort) }),
              }))}
              value={sortChoice(params.sort)}
              onChange={(value) => {
                go({ sort: value === '' ? undefined : value });
              }}
            />
          </Box>
          <ItemList label={intl.formatMessage({ id: 'office.list.table' })} busy={list.isFetching}>
            {data.applications.map((row) => (
              <RowItem key={row.id} row={row} listAddress={listAddress} />
            ))}
          </ItemList>
          <TableRegion label={intl.formatMessage({ id: 'office.list.tableRegion' })}>
            <Box
              component="table"
              aria-label={intl.formatMessage({ id: 'office.list.table' })}
              aria-busy={list.isFetching}
              sx={{ width: '100%', borderCollapse: 'collapse', minWidth: '56rem' }}
            >
              <Box component="thead">
                <Box component="tr">
                  {COLUMNS.map(({ key, id }) => {
                    const label = intl.formatMessage({ id });
                    if (key === 'status' || key === 'documents')
                      return (
                        <Box component="th" scope="col" key={key} sx={cell}>
                          {label}
                        </Box>
                      );
                    const sorted = sortOf(params.sort, key);
                    return (
                      <Box
                        component="th"
                        scope="col"
                        key={key}
                        aria-sort={sorted}
                        sx={{ ...cell, p: 0 }}
                      >
                        <Button
                          variant="text"
                          onClick={() => {
                            go({ sort: nextSort(params.sort, key) });
                          }}
                          sx={{
                            width: '100%',
                            justifyContent: 'flex-start',
                            fontWeight: 700,
                            px: 1.5,
                            py: 1.25,
                            textTransform: 'none',
                          }}
                        >
                          {label}
                          <Box component="span" aria-hidden sx={{ ml: 0.5 }}>
                            {sorted === 'ascending' ? '▲' : sorted === 'descending' ? '▼' : '↕'}
                          </Box>
                        </Button>
                      </Box>
                    );
                  })}
                </Box>
              </Box>
              <Box component="tbody">
                {data.applications.map((row) => (
                  <Row key={row.id} row={row} listAddress={listAddress} />
                ))}
              </Box>
            </Box>
          </TableRegion>
          <Paging
            label={intl.formatMessage({ id: 'office.list.paging' })}
            page={data.page}
            total={data.total}
            pageSize={data.page_size}
            go={(page) => {
              go({ page });
            }}
          />
        </>
      )}
      <ExportPanel filters={filters} total={data?.total} role={me.role} />
    </>
  );
}
