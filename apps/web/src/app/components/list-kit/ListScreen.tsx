import {
  Alert,
  Button,
  Card,
  type ComboboxData,
  Group,
  Loader,
  Select,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { ListPager, pageOf } from '../ListPager';
import { ListSearch } from '../ListSearch';
import { matchesSearch, sortRows } from './client-rows';
import { type ListColumn, type ListSelection, ListTable } from './ListTable';
import type { ListSort } from './list-params';
import type { ListState } from './useListState';

export type { ListColumn, ListSelection } from './ListTable';

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

/** One table of a grouped list: a section named by its title (a table per field type, say). */
export interface ListGroup<T> {
  key: string;
  title: string;
  rows: T[];
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
  /** One table per group, each in a section named by its title, instead of one table (the rows of the page, in order). */
  groups?: (rows: readonly T[]) => ListGroup<T>[];
  /** `false`: a short list its call caps (the last ten sales): no pager. */
  paging?: false;
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
  const { id, list, query, columns, noun, search, filters, archived } = props;
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
  const paged = props.paging !== false;
  const rows = serverPaged || !paged ? found : pageOf(found, params.page, params.pageSize);

  // A shared or stale address can name a page past the end: show the last one.
  const pastTheEnd = paged && !query.isPending && !query.isError && total > 0 && params.page > pages;
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
        <ListRows {...props} rows={rows} titleId={titleId} serverPaged={serverPaged} />
      )}
      {!paged || query.isPending || query.isError || total === 0 ? null : (
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

/** The page's rows: one table, or one per group (each a section with its title). */
function ListRows<T>(props: ListScreenProps<T> & { titleId?: string; serverPaged: boolean }) {
  const { list, rows } = props;
  const table = (tableRows: readonly T[], titleId?: string, label?: string) => (
    <ListTable
      titleId={titleId}
      label={label}
      columns={props.columns}
      rows={tableRows}
      rowKey={props.rowKey}
      rowActions={props.rowActions}
      onRowClick={props.onRowClick}
      selection={props.selection}
      sort={list.params.sort}
      onSort={(column) => list.setSort(nextSort(list.params.sort, column))}
      sortsHere={!props.serverPaged}
      minWidth={props.minWidth}
      highlightOnHover={props.highlightOnHover}
    />
  );
  if (!props.groups) return table(rows, props.titleId, props.tableLabel);
  return props.groups(rows).map((group) => {
    const groupTitleId = `${props.id}-${group.key}`;
    return (
      <Card key={group.key} withBorder radius="md" component="section" aria-labelledby={groupTitleId}>
        <Title order={2} size="h4" id={groupTitleId} mb="sm">
          {group.title}
        </Title>
        {table(group.rows, groupTitleId)}
      </Card>
    );
  });
}
