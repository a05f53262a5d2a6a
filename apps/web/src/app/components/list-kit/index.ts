export { compareSortValues, matchesSearch, type SortValue, sortRows } from './client-rows';
export {
  type ListColumn,
  type ListFilter,
  type ListQuery,
  ListScreen,
  type ListScreenProps,
  type ListSelection,
  ListTable,
  nextSort,
} from './ListScreen';
export {
  formatSort,
  isNarrowed,
  type ListParams,
  type ListParamsConfig,
  type ListSort,
  readListParams,
  WHOLE_LIST_PAGING,
  writeListParams,
} from './list-params';
export { type ListState, SEARCH_DEBOUNCE_MS, useListState } from './useListState';
