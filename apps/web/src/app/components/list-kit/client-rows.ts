import type { ListSort } from './list-params';

/** A value a column sorts by: text sorts as people read it (case and accents aside), numbers as numbers. */
export type SortValue = string | number | null | undefined;

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

export function compareSortValues(a: SortValue, b: SortValue): number {
  // Empty values go last whatever the direction is.
  if (a === null || a === undefined || a === '') return b === null || b === undefined || b === '' ? 0 : 1;
  if (b === null || b === undefined || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** The rows sorted by one column (a stable sort: equal rows keep the order the server gave). */
export function sortRows<T>(
  rows: readonly T[],
  sort: ListSort | null,
  columnValue: (column: string) => ((row: T) => SortValue) | undefined,
): T[] {
  const value = sort ? columnValue(sort.column) : undefined;
  if (!sort || !value) return [...rows];
  const sign = sort.direction === 'desc' ? -1 : 1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      const emptyA = a.key === null || a.key === undefined || a.key === '';
      const emptyB = b.key === null || b.key === undefined || b.key === '';
      if (emptyA !== emptyB) return emptyA ? 1 : -1;
      return sign * compareSortValues(a.key, b.key) || a.index - b.index;
    })
    .map((entry) => entry.row);
}

/** Does a row's text hold every word of the search (case and accents aside)? */
export function matchesSearch(text: string, search: string): boolean {
  const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
  const haystack = fold(text);
  return fold(search)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}
