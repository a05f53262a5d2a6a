export { compareSortValues, matchesSearch, type SortValue, sortRows } from './client-rows';
export {
  type ListFilter,
  type ListGroup,
  type ListQuery,
  ListScreen,
  type ListScreenProps,
  nextSort,
} from './ListScreen';
export { type ListColumn, type ListSelection, ListTable } from './ListTable';
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
