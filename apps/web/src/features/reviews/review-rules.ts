import type { ReviewSort } from '@atrium/contracts';
import type { ListSort } from '../../app/components/list-kit';

/** The list's column sort as the call's `sort` (newest first when none is chosen). */
export function reviewSortOf(sort: ListSort | null): ReviewSort {
  if (!sort) return '-date';
  const column = sort.column === 'stars' ? 'stars' : 'date';
  return (sort.direction === 'desc' ? `-${column}` : column) as ReviewSort;
}

/** '★★★★☆' for the eye; screen readers get `starsLabel`. */
export const starsText = (stars: number) => '★'.repeat(stars) + '☆'.repeat(Math.max(0, 5 - stars));
export const starsLabel = (stars: number) => `${stars} of 5 ${stars === 1 ? 'star' : 'stars'}`;

/** A filter's value from the address: one of the allowed ones, else none. */
export function oneOf<T extends string>(value: string | null | undefined, allowed: readonly T[]): T | null {
  return allowed.includes(value as T) ? (value as T) : null;
}

/** The stars filter from the address: 1..5, else none. */
export function starsFilter(value: string | null | undefined): number | null {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 5 ? n : null;
}

/** "4.3 average from 12 reviews · 5 posted on Google", or what to do when there are none. */
export function summaryText(summary: { count: number; average: number | null; onGoogle: number }): string {
  if (summary.count === 0) return 'No reviews yet.';
  const reviews = `${summary.count} ${summary.count === 1 ? 'review' : 'reviews'}`;
  return `${summary.average?.toFixed(1)} average from ${reviews} · ${summary.onGoogle} posted on Google`;
}
