/**
 * A back-office list's state in the address: `q` (search), `page`, `size`, `sort` (`name` or `-name`),
 * `archived=1` and one key per filter. Defaults are left out, so a plain list has a plain address;
 * keys a list does not own (`?guId=` and the like) are kept as they are.
 */

export type SortDirection = 'asc' | 'desc';

export interface ListSort {
  column: string;
  direction: SortDirection;
}

export interface ListParams {
  search: string;
  page: number;
  pageSize: number;
  sort: ListSort | null;
  showArchived: boolean;
  filters: Record<string, string | null>;
}

export interface ListParamsConfig {
  /** The page sizes offered; a size in the address that is not one of them reads as the default. */
  pageSizes: readonly number[];
  defaultPageSize: number;
  /** The filters this list keeps in the address, by their key there (e.g. `category`, `status`). */
  filters?: readonly string[];
  /** The order of a list with no `sort` in its address (left out of the address when chosen again). */
  defaultSort?: ListSort;
}

/** Keys the kit owns; a filter may not take one of them. */
export const LIST_PARAM_KEYS = ['q', 'page', 'size', 'sort', 'archived'] as const;

const positiveInt = (raw: string | null): number | null => {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 ? value : null;
};

export function parseSort(raw: string | null): ListSort | null {
  if (!raw) return null;
  const desc = raw.startsWith('-');
  const column = desc ? raw.slice(1) : raw;
  if (!/^[A-Za-z][\w.]*$/.test(column)) return null;
  return { column, direction: desc ? 'desc' : 'asc' };
}

export const formatSort = (sort: ListSort | null): string | null =>
  sort ? `${sort.direction === 'desc' ? '-' : ''}${sort.column}` : null;

/** Reads a list's state from the address; anything malformed reads as its default. */
export function readListParams(params: URLSearchParams, config: ListParamsConfig): ListParams {
  const size = positiveInt(params.get('size'));
  const filters: Record<string, string | null> = {};
  for (const key of config.filters ?? []) filters[key] = params.get(key) || null;
  return {
    search: params.get('q') ?? '',
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: size !== null && config.pageSizes.includes(size) ? size : config.defaultPageSize,
    sort: parseSort(params.get('sort')) ?? config.defaultSort ?? null,
    showArchived: params.get('archived') === '1',
    filters,
  };
}

/**
 * The address after a change. Every change but a page change sends the list back to page 1
 * (the rows it pages through are other rows).
 */
export function writeListParams(
  current: URLSearchParams,
  change: Partial<ListParams>,
  config: ListParamsConfig,
): URLSearchParams {
  const next = new URLSearchParams(current);
  const set = (key: string, value: string | null) => {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  };
  if (change.search !== undefined) set('q', change.search);
  if (change.pageSize !== undefined)
    set('size', change.pageSize === config.defaultPageSize ? null : String(change.pageSize));
  if (change.sort !== undefined) {
    const sort = formatSort(change.sort);
    set('sort', sort === formatSort(config.defaultSort ?? null) ? null : sort);
  }
  if (change.showArchived !== undefined) set('archived', change.showArchived ? '1' : null);
  for (const [key, value] of Object.entries(change.filters ?? {})) set(key, value);
  const onlyPage = Object.keys(change).every((key) => key === 'page');
  const page = change.page !== undefined && onlyPage ? change.page : 1;
  set('page', page > 1 ? String(page) : null);
  return next;
}

/** Is the list narrowed by a search or a filter (so "none match" rather than "none yet")? */
export const isNarrowed = (params: ListParams): boolean =>
  params.search.trim() !== '' || Object.values(params.filters).some((value) => value !== null);

/** A list the kit pages itself (the call returns every row): pages big enough that most studios see one. */
export const WHOLE_LIST_PAGING: ListParamsConfig = { pageSizes: [25, 50, 100], defaultPageSize: 50 };
