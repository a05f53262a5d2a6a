import {
  Alert,
  Button,
  Checkbox,
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
import { type CSSProperties, type KeyboardEvent, type ReactNode, useEffect } from 'react';
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
  /** The screen sorts by this column itself (a server-paged list whose call takes the order, or rules of its own). */
  sortable?: boolean;
  width?: number | string;
  /** Amounts line up on the right. */
  align?: 'right';
}

export interface ListFilter {
  /** Its key in the address (and in `list.params.filters`). */
  key: string;
  label: string;
  placeholder: string;
  data: ComboboxData;
  width?: number;
}

/** Rows picked for a bulk action (delete selected...): a checkbox column before the others. */
export interface ListSelection<T> {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** The row's checkbox ("Select Olivia Bennett"). */
  rowLabel: (row: T) => string;
  /** The header's checkbox ("Select all contacts on this page"). */
  allLabel: string;
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
  title?: ReactNode;
  /** A screen's own header in place of the title row (a settings screen's SettingsHeader, say). */
  header?: ReactNode;
  /** The table's name when the screen has no title of its own (with `header`). */
  tableLabel?: string;
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
    /** `search` makes the box a searchbox (with its clear button). */
    type?: 'search';
    /** A list the kit pages itself: the text a row is found by. */
    text?: (row: T) => string;
  };
  filters?: readonly ListFilter[];
  /** Shows the "Show archived" switch (`list.params.showArchived`). */
  archived?: boolean;
  /** Other controls before the search and filters (a segmented view switch, say). */
  toolbar?: ReactNode;
  /** Other controls after the search, filters and switch (filters that take several values, say). */
  toolbarEnd?: ReactNode;
  query: ListQuery;
  rows: readonly T[];
  /** Server-paged: how many rows match in all. Without it the kit searches, sorts and pages `rows` itself. */
  total?: number;
  /** The server stopped counting at `total` ("of 10000+"). */
  totalCapped?: boolean;
  rowKey: (row: T) => string;
  columns: readonly ListColumn<T>[];
  /** The last cell of a row (edit, archive...), under a header screen readers read as "Actions". */
  rowActions?: (row: T) => ReactNode;
  /** A click (or Enter) on a row opens it; give the row a link too, for keyboards and screen readers. */
  onRowClick?: (row: T) => void;
  /** Checkboxes to pick rows on this page for a bulk action (the screen clears them when the list changes). */
  selection?: ListSelection<T>;
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
  const titleId = props.title === undefined ? undefined : `${id}-title`;
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

  const hasToolbar = Boolean(search || filters?.length || archived || props.toolbar || props.toolbarEnd);
  return (
    <Stack component="section" aria-labelledby={titleId} gap="md">
      {props.before}
      {props.header ?? (
        <Group justify="space-between" wrap="wrap">
          <Title order={1} id={titleId}>
            {props.title}
          </Title>
          {props.actions ? <Group gap="xs">{props.actions}</Group> : null}
        </Group>
      )}
      {props.description}
      {hasToolbar ? (
        <Group align="flex-end" gap="sm" wrap="wrap">
          {props.toolbar}
          {search ? (
            <ListSearch
              label={search.label}
              placeholder={search.placeholder}
              type={search.type}
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
          {props.toolbarEnd}
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
          label={props.tableLabel}
          columns={columns}
          rows={rows}
          rowKey={props.rowKey}
          rowActions={rowActions}
          onRowClick={props.onRowClick}
          selection={props.selection}
          sort={params.sort}
          onSort={(column) => list.setSort(nextSort(params.sort, column))}
          sortsHere={!serverPaged}
          minWidth={props.minWidth}
          highlightOnHover={props.highlightOnHover}
        />
      )}
      {query.isPending || query.isError || total === 0 ? null : (
        <ListPager
          total={total}
          page={Math.min(params.page, pages)}
          pageSize={params.pageSize}
          pageSizes={list.config.pageSizes}
          onPage={list.setPage}
          onPageSize={list.setPageSize}
          noun={noun}
          capped={props.totalCapped}
        />
      )}
      {props.children}
    </Stack>
  );
}

interface ListTableProps<T> {
  titleId?: string;
  label?: string;
  columns: readonly ListColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  rowActions?: (row: T) => ReactNode;
  onRowClick?: (row: T) => void;
  selection?: ListSelection<T>;
  sort: ListSort | null;
  onSort: (column: string) => void;
  /** The kit sorts the rows (a client list): columns with a sortValue sort. Else those marked sortable. */
  sortsHere: boolean;
  minWidth?: number;
  highlightOnHover?: boolean;
}

/**
 * The rows as a table, with explicit table roles so they stay a table for screen readers (and for
 * getByRole('row')) when a phone shows them as cards; each cell of a card shows its column's name from
 * `data-label` (generated content with empty alternative text: screen readers hear the header instead).
 */
export function ListTable<T>({
  titleId,
  label,
  columns,
  rows,
  rowKey,
  rowActions,
  onRowClick,
  selection,
  sort,
  onSort,
  sortsHere,
  minWidth = 640,
  highlightOnHover,
}: ListTableProps<T>) {
  // The kit sorts a whole list by sortValue; a column marked sortable is sorted by the screen (or its call).
  const picked = (row: T) => selection?.selected.has(rowKey(row)) ?? false;
  const allPicked = rows.length > 0 && rows.every(picked);
  const togglePicked = (row: T) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(rowKey(row))) next.delete(rowKey(row));
    else next.add(rowKey(row));
    selection.onChange(next);
  };
  const sortable = (column: ListColumn<T>) => Boolean((sortsHere && column.sortValue) || column.sortable);
  return (
    <div className="list-kit__scroll" style={{ '--list-kit-min-width': `${minWidth}px` } as CSSProperties}>
      <Table
        striped
        highlightOnHover={highlightOnHover}
        aria-labelledby={label ? undefined : titleId}
        aria-label={label}
        role="table"
        className="list-kit__table"
      >
        <Table.Thead role="rowgroup">
          <Table.Tr role="row">
            {selection ? (
              <Table.Th role="columnheader" w={40}>
                <Checkbox
                  aria-label={selection.allLabel}
                  checked={allPicked}
                  indeterminate={!allPicked && rows.some(picked)}
                  onChange={() => selection.onChange(allPicked ? new Set() : new Set(rows.map(rowKey)))}
                />
              </Table.Th>
            ) : null}
            {columns.map((column) => {
              const sorted = sort?.column === column.key ? sort.direction : null;
              return (
                <Table.Th
                  key={column.key}
                  role="columnheader"
                  w={column.width}
                  ta={column.align}
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
            <Table.Tr
              key={rowKey(row)}
              role="row"
              {...(onRowClick
                ? {
                    onClick: () => onRowClick(row),
                    onKeyDown: (event: KeyboardEvent) => {
                      if (event.key === 'Enter' && event.target === event.currentTarget) onRowClick(row);
                    },
                    tabIndex: 0,
                    style: { cursor: 'pointer' },
                  }
                : {})}
              aria-selected={selection ? picked(row) : undefined}
            >
              {selection ? (
                <Table.Td role="cell" w={40} onClick={(event) => event.stopPropagation()}>
                  <Checkbox
                    aria-label={selection.rowLabel(row)}
                    checked={picked(row)}
                    onChange={() => togglePicked(row)}
                  />
                </Table.Td>
              ) : null}
              {columns.map((column) => (
                <Table.Td
                  key={column.key}
                  role="cell"
                  w={column.width}
                  ta={column.align}
                  // a phone's card shows the column's name before the value (CSS, not text of the cell)
                  data-label={column.hideHeader ? undefined : column.header}
                >
                  <div>{column.cell(row)}</div>
                </Table.Td>
              ))}
              {rowActions ? (
                <Table.Td
                  role="cell"
                  className="list-kit__actions"
                  // an action in a row that opens on a click does only its own thing
                  onClick={onRowClick ? (event) => event.stopPropagation() : undefined}
                >
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
