import {
  Alert,
  Button,
  type ComboboxData,
  Group,
  Loader,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { type CSSProperties, type ReactNode, useEffect } from 'react';
import { ListPager, pageOf } from '../ListPager';
import { ListSearch } from '../ListSearch';
import { matchesSearch, type SortValue, sortRows } from './client-rows';
import type { ListSort } from './list-params';
import type { ListState } from './useListState';
import './list-kit.css';

export interface ListColumn<T> {
  /** The column's key (its name in `?sort=`). */
  key: string;
  header: string;
  /** The header is for screen readers only (an image column, say); a card shows no label for it. */
  hideHeader?: boolean;
  cell: (row: T) => ReactNode;
  /** A list the kit pages itself: the column sorts by this value. */
  sortValue?: (row: T) => SortValue;
  /** A server-paged list whose call takes this column's order (the page sends `list.params.sort`). */
  sortable?: boolean;
  width?: number | string;
}

export interface ListFilter {
  /** Its key in the address (and in `list.params.filters`). */
  key: string;
  label: string;
  placeholder: string;
  data: ComboboxData;
  width?: number;
}

export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isFetching?: boolean;
  refetch: () => unknown;
}

export interface ListScreenProps<T> {
  /** Names the section: its title gets the id `${id}-title`, which also labels the table. */
  id: string;
  title: ReactNode;
  /** Above the title (a way back, say). */
  before?: ReactNode;
  /** Beside the title: the primary action last. */
  actions?: ReactNode;
  /** Under the title. */
  description?: ReactNode;
  list: ListState;
  search?: {
    label: string;
    placeholder?: string;
    /** A list the kit pages itself: the text a row is found by. */
    text?: (row: T) => string;
  };
  filters?: readonly ListFilter[];
  /** Shows the "Show archived" switch (`list.params.showArchived`). */
  archived?: boolean;
  query: ListQuery;
  rows: readonly T[];
  /** Server-paged: how many rows match in all. Without it the kit searches, sorts and pages `rows` itself. */
  total?: number;
  rowKey: (row: T) => string;
  columns: readonly ListColumn<T>[];
  /** The last cell of a row (edit, archive...), under a header screen readers read as "Actions". */
  rowActions?: (row: T) => ReactNode;
  /** What the rows are, in the plural ("bundles"): the loading, error, empty and count texts use it. */
  noun: string;
  /** The empty state's next step ("Add a bundle to sell products together."), shown when nothing narrows the list. */
  emptyHint: ReactNode;
  /** Texts other than the ones made from `noun`. */
  texts?: Partial<{ loading: string; error: string; none: string; noMatch: string }>;
  /** Below this width (px) the table scrolls sideways; under 48em the rows are cards anyway. */
  minWidth?: number;
  highlightOnHover?: boolean;
  /** Dialogs and the like, after the list. */
  children?: ReactNode;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The next sort of a column: none, ascending, descending, none again. */
export function nextSort(current: ListSort | null, column: string): ListSort | null {
  if (current?.column !== column) return { column, direction: 'asc' };
  return current.direction === 'asc' ? { column, direction: 'desc' } : null;
}

/**
 * A back-office list screen: title and actions, search, filters and "Show archived", the loading,
 * error (with Retry) and empty states, a sortable table paged through the address, row actions, and
 * cards on a phone. See docs/decisions.md, "The list kit".
 */
export function ListScreen<T>(props: ListScreenProps<T>) {
  const { id, list, query, columns, rowActions, noun, search, filters, archived } = props;
  const titleId = `${id}-title`;
  const { params } = list;
  const texts = {
    loading: `Loading ${noun}`,
    error: `${capitalised(noun)} could not be loaded`,
    none: `No ${noun} yet.`,
    noMatch: `No ${noun} match.`,
    ...props.texts,
  };

  const serverPaged = props.total !== undefined;
  const found = serverPaged
    ? props.rows
    : sortRows(
        search?.text && params.search.trim()
          ? props.rows.filter((row) => matchesSearch(search.text?.(row) ?? '', params.search))
          : props.rows,
        params.sort,
        (column) => columns.find((c) => c.key === column)?.sortValue,
      );
  const total = serverPaged ? (props.total ?? 0) : found.length;
  const pages = Math.max(1, Math.ceil(total / params.pageSize));
  const rows = serverPaged ? found : pageOf(found, params.page, params.pageSize);

  // A shared or stale address can name a page past the end: show the last one.
  const pastTheEnd = !query.isPending && !query.isError && total > 0 && params.page > pages;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the page falls past the end
  useEffect(() => {
    if (pastTheEnd) list.setPage(pages);
  }, [pastTheEnd, pages]);

  const hasToolbar = Boolean(search || filters?.length || archived);
  return (
    <Stack component="section" aria-labelledby={titleId} gap="md">
      {props.before}
      <Group justify="space-between" wrap="wrap">
        <Title order={1} id={titleId}>
          {props.title}
        </Title>
        {props.actions ? <Group gap="xs">{props.actions}</Group> : null}
      </Group>
      {props.description}
      {hasToolbar ? (
        <Group align="flex-end" gap="sm" wrap="wrap">
          {search ? (
            <ListSearch
              label={search.label}
              placeholder={search.placeholder}
              value={list.searchText}
              onSearch={list.setSearchText}
              w={{ base: '100%', sm: 280 }}
            />
          ) : null}
          {filters?.map((filter) => (
            <Select
              key={filter.key}
              label={filter.label}
              placeholder={filter.placeholder}
              data={filter.data}
              value={params.filters[filter.key] ?? null}
              onChange={(value) => list.setFilter(filter.key, value)}
              clearable
              w={{ base: '100%', sm: filter.width ?? 220 }}
            />
          ))}
          {archived ? (
            <Switch
              label="Show archived"
              checked={params.showArchived}
              onChange={(event) => list.setShowArchived(event.currentTarget.checked)}
              mb={8}
            />
          ) : null}
        </Group>
      ) : null}
      {query.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={texts.loading} />
        </Group>
      ) : query.isError ? (
        <Alert color="red" title={texts.error}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Please try again.</Text>
            <Button size="compact-sm" variant="default" loading={query.isFetching} onClick={() => query.refetch()}>
              Retry
            </Button>
          </Stack>
        </Alert>
      ) : rows.length === 0 ? (
        list.narrowed ? (
          <Text c="dimmed" py="lg">
            {texts.noMatch}
          </Text>
        ) : (
          <Stack gap={4} py="lg">
            <Text c="dimmed">{texts.none}</Text>
            <Text size="sm">{props.emptyHint}</Text>
          </Stack>
        )
      ) : (
        <ListTable
          titleId={titleId}
          columns={columns}
          rows={rows}
          rowKey={props.rowKey}
          rowActions={rowActions}
          sort={params.sort}
          onSort={(column) => list.setSort(nextSort(params.sort, column))}
          sortsHere={!serverPaged}
          minWidth={props.minWidth}
          highlightOnHover={props.highlightOnHover}
        />
      )}
      {query.isPending || query.isError ? null : (
        <ListPager
          total={total}
          page={Math.min(params.page, pages)}
          pageSize={params.pageSize}
          pageSizes={list.config.pageSizes}
          onPage={list.setPage}
          onPageSize={list.setPageSize}
          noun={noun}
        />
      )}
      {props.children}
    </Stack>
  );
}

interface ListTableProps<T> {
  titleId: string;
  columns: readonly ListColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowActions?: (row: T) => ReactNode;
  sort: ListSort | null;
  onSort: (column: string) => void;
  /** The kit sorts the rows (a client list): columns with a sortValue sort. Else those marked sortable. */
  sortsHere: boolean;
  minWidth?: number;
  highlightOnHover?: boolean;
}

/**
 * The rows as a table, with explicit table roles so they stay a table for screen readers (and for
 * getByRole('row')) when a phone shows them as cards; each cell of a card carries its column's name.
 */
export function ListTable<T>({
  titleId,
  columns,
  rows,
  rowKey,
  rowActions,
  sort,
  onSort,
  sortsHere,
  minWidth = 640,
  highlightOnHover,
}: ListTableProps<T>) {
  const sortable = (column: ListColumn<T>) => (sortsHere ? Boolean(column.sortValue) : Boolean(column.sortable));
  return (
    <div className="list-kit__scroll" style={{ '--list-kit-min-width': `${minWidth}px` } as CSSProperties}>
      <Table
        striped
        highlightOnHover={highlightOnHover}
        aria-labelledby={titleId}
        role="table"
        className="list-kit__table"
      >
        <Table.Thead role="rowgroup">
          <Table.Tr role="row">
            {columns.map((column) => {
              const sorted = sort?.column === column.key ? sort.direction : null;
              return (
                <Table.Th
                  key={column.key}
                  role="columnheader"
                  w={column.width}
                  aria-sort={
                    sortable(column)
                      ? sorted === 'asc'
                        ? 'ascending'
                        : sorted === 'desc'
                          ? 'descending'
                          : 'none'
                      : undefined
                  }
                >
                  {column.hideHeader ? (
                    <VisuallyHidden>{column.header}</VisuallyHidden>
                  ) : sortable(column) ? (
                    <UnstyledButton className="list-kit__sort" onClick={() => onSort(column.key)}>
                      {column.header}
                      {sorted === 'asc' ? (
                        <IconChevronUp size={14} aria-hidden />
                      ) : sorted === 'desc' ? (
                        <IconChevronDown size={14} aria-hidden />
                      ) : (
                        <IconSelector size={14} aria-hidden />
                      )}
                    </UnstyledButton>
                  ) : (
                    column.header
                  )}
                </Table.Th>
              );
            })}
            {rowActions ? (
              <Table.Th role="columnheader">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role="rowgroup">
          {rows.map((row) => (
            <Table.Tr key={rowKey(row)} role="row">
              {columns.map((column) => (
                <Table.Td key={column.key} role="cell" w={column.width}>
                  {column.hideHeader ? null : (
                    <span className="list-kit__label" aria-hidden="true">
                      {column.header}
                    </span>
                  )}
                  <div>{column.cell(row)}</div>
                </Table.Td>
              ))}
              {rowActions ? (
                <Table.Td role="cell" className="list-kit__actions">
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {rowActions(row)}
                  </Group>
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
