import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  isNarrowed,
  type ListParams,
  type ListParamsConfig,
  type ListSort,
  readListParams,
  writeListParams,
} from './list-params';

/** How long typing rests before the search reaches the address (and so the query). */
export const SEARCH_DEBOUNCE_MS = 250;

export interface ListState {
  /** The state in the address: what the list shows (search here is the settled, debounced text). */
  params: ListParams;
  /** What the search box shows now (it reaches `params.search` once typing rests). */
  searchText: string;
  setSearchText: (text: string) => void;
  setPage: (page: number) => void;
  setPageSize: (size: number) => void;
  setSort: (sort: ListSort | null) => void;
  setFilter: (key: string, value: string | null) => void;
  setShowArchived: (show: boolean) => void;
  /** Narrowed by a search or a filter: the empty state says "none match" rather than "none yet". */
  narrowed: boolean;
  config: ListParamsConfig;
}

/**
 * A list's search, filters, "Show archived", sort and page, kept in the address so a filtered list
 * survives a reload and can be shared. Typing replaces the address entry (no history step per key);
 * a page, sort or filter change adds one, so Back goes back to it.
 */
export function useListState(config: ListParamsConfig, debounceMs = SEARCH_DEBOUNCE_MS): ListState {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readListParams(searchParams, config), [searchParams, config]);
  const [searchText, setSearchTextNow] = useState(params.search);
  const [settled] = useDebouncedValue(searchText, debounceMs);
  const typed = useRef(false);

  const change = useCallback(
    (delta: Partial<ListParams>, replace = false) =>
      setSearchParams((current) => writeListParams(current, delta, config), { replace }),
    [setSearchParams, config],
  );

  // Typing rested: the search goes to the address (page 1). Only a change of the settled text does
  // this, never a change of the address (Back must not be undone by the box's older text).
  const addressSearch = useRef(params.search);
  addressSearch.current = params.search;
  const lastSettled = useRef(settled);
  // What this box last wrote to the address: when the page is slow to render, that write can arrive
  // after the next text has settled, and must not be taken for a change from outside.
  const written = useRef<string | null>(null);
  useEffect(() => {
    if (settled === lastSettled.current) return;
    lastSettled.current = settled;
    if (typed.current && settled !== addressSearch.current) {
      written.current = settled;
      change({ search: settled }, true);
    }
  }, [settled, change]);

  // The address changed from outside (Back, a link): the box shows its search.
  const lastSearch = useRef(params.search);
  useEffect(() => {
    if (params.search === lastSearch.current) return;
    lastSearch.current = params.search;
    if (params.search === written.current) {
      written.current = null;
      return;
    }
    if (params.search !== lastSettled.current) {
      typed.current = false;
      setSearchTextNow(params.search);
    }
  }, [params.search]);

  return {
    params,
    searchText,
    setSearchText: (text) => {
      typed.current = true;
      setSearchTextNow(text);
    },
    setPage: (page) => change({ page }),
    setPageSize: (pageSize) => change({ pageSize }),
    setSort: (sort) => change({ sort }),
    setFilter: (key, value) => change({ filters: { [key]: value } }),
    setShowArchived: (showArchived) => change({ showArchived }),
    narrowed: isNarrowed(params),
    config,
  };
}
