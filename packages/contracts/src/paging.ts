import { z } from 'zod';

// The paging a list query takes (start, length) and its search text, where the list's own words match.

/** The first row of the page (0 based). */
export const pageStart = z.coerce.number().int().min(0, 'start must be 0 or more').default(0);

/** How many rows a page holds: 1 to `max` (100 unless said), `fallback` when not sent. */
export const pageLength = (fallback: number, max = 100) =>
  z.coerce
    .number()
    .int()
    .min(1, `length must be between 1 and ${max}`)
    .max(max, `length must be between 1 and ${max}`)
    .default(fallback);

/** A list's search text (optional). */
export const listSearch = z.string().trim().max(100, 'search must be at most 100 characters').optional();
