import { z } from 'zod';
import { LINE_KINDS } from './cart-lines.ts';
import { PAYMENT_METHODS } from './cart-totals.ts';
import { SALES_GROUP_BASIS, type SalesGroup, SalesReportQuery, salesFigures } from './reports.ts';
import { isCalendarDate } from './tenant-dates.ts';

/**
 * The rows behind the sales report's figures (issue 24: "every figure links to the rows behind it").
 * The query is the report's own (range, grouping and its filters) plus the group's `key` (one row of
 * the report; none: every row of the range), so a figure's rows are exactly the rows it sums.
 * Payments basis (by day, week, month, method, staff): one row per payment or refund. Sales basis
 * (by item, category, kind): one row per invoice line of the range's invoices (void ones left out).
 */

export const SALES_LINES_PAGE_SIZE_DEFAULT = 50;
export const SALES_LINES_PAGE_SIZE_MAX = 500;
export const SALES_LINE_SORTS = [
  'date',
  'number',
  'contact',
  'method',
  'amount',
  'item',
  'quantity',
  'discount',
  'tax',
  'total',
] as const;
export type SalesLineSort = (typeof SALES_LINE_SORTS)[number];

/** The sorts each basis has (its columns). */
export const SALES_LINE_SORTS_BY_BASIS: Record<'payments' | 'sales', readonly SalesLineSort[]> = {
  payments: ['date', 'number', 'contact', 'method', 'amount'],
  sales: ['date', 'number', 'contact', 'item', 'quantity', 'discount', 'tax', 'total'],
};

/** GET /itemreport/sales/lines (and .csv, which ignores the page and lists every row oldest first). */
export const SalesLinesQuery = SalesReportQuery.safeExtend({
  /** The report row's key (its `key` field); absent: every row of the range. */
  key: z.string().max(200, 'key is too long').optional(),
  offset: z.coerce.number().int('offset must be 0 or more').min(0, 'offset must be 0 or more').default(0),
  max: z.coerce
    .number()
    .int(`max must be 1 to ${SALES_LINES_PAGE_SIZE_MAX}`)
    .min(1, `max must be 1 to ${SALES_LINES_PAGE_SIZE_MAX}`)
    .max(SALES_LINES_PAGE_SIZE_MAX, `max must be 1 to ${SALES_LINES_PAGE_SIZE_MAX}`)
    .default(SALES_LINES_PAGE_SIZE_DEFAULT),
  sort: z.enum(SALES_LINE_SORTS, { error: `sort must be one of ${SALES_LINE_SORTS.join(', ')}` }).default('date'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
}).superRefine((value, ctx) => {
  const basis = SALES_GROUP_BASIS[value.groupBy];
  const sorts = SALES_LINE_SORTS_BY_BASIS[basis];
  if (!sorts.includes(value.sort)) {
    ctx.addIssue({ code: 'custom', path: ['sort'], message: `sort must be one of ${sorts.join(', ')}` });
  }
  const keyProblem = value.key === undefined ? null : salesKeyProblem(value.groupBy, value.key);
  if (keyProblem) ctx.addIssue({ code: 'custom', path: ['key'], message: keyProblem });
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Why `key` cannot be a row of a report grouped by `group` (null when it can). */
export function salesKeyProblem(group: SalesGroup, key: string): string | null {
  switch (group) {
    case 'day':
      return isCalendarDate(key) ? null : 'key must be a date (YYYY-MM-DD)';
    case 'week':
      return isCalendarDate(key) && new Date(`${key}T00:00:00Z`).getUTCDay() === 1
        ? null
        : 'key must be the Monday a week starts on (YYYY-MM-DD)';
    case 'month':
      return /^\d{4}-\d{2}$/.test(key) && isCalendarDate(`${key}-01`) ? null : 'key must be a month (YYYY-MM)';
    case 'method':
      return (PAYMENT_METHODS as readonly string[]).includes(key)
        ? null
        : `key must be one of ${PAYMENT_METHODS.join(', ')}`;
    case 'kind':
      return (LINE_KINDS as readonly string[]).includes(key) ? null : `key must be one of ${LINE_KINDS.join(', ')}`;
    case 'item':
      return UUID.test(key) || key.startsWith('name:') ? null : 'key must be an item id or name:<line name>';
    case 'category':
      return key === '' || UUID.test(key) ? null : 'key must be a category id (empty: not in the catalogue)';
    case 'staff':
      return null;
  }
}
export type SalesLinesQuery = z.input<typeof SalesLinesQuery>;

/**
 * What a payment and an invoice line both begin with: `at` is when it was recorded (a payment) or the
 * invoice issued (an instant), `local` that instant on the studio's clocks (YYYY-MM-DD HH:MM).
 */
const lineHead = {
  id: z.string(),
  at: z.string(),
  local: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.number().int(),
  contactName: z.string(),
};

/** One payment (amount positive) or refund (amount negative) of the ledger. Minor units. */
export const SalesPaymentLine = z.object({
  ...lineHead,
  kind: z.enum(['payment', 'refund']),
  method: z.string(),
  takenBy: z.string(),
  amount: z.number().int(),
});
export type SalesPaymentLine = z.infer<typeof SalesPaymentLine>;

/** One line of an invoice issued in the range. Minor units. */
export const SalesInvoiceLine = z.object({
  ...lineHead,
  item: z.string(),
  category: z.string(),
  kind: z.string(),
  quantity: z.number().int(),
  gross: z.number().int(),
  discount: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
});
export type SalesInvoiceLine = z.infer<typeof SalesInvoiceLine>;

/** What all the rows of the query add up to (not only the page): the report row's figures. */
export const SalesLinesSums = z.object({
  rows: z.number().int(),
  /** Payments: received, refunded, net. Sales: quantity, gross, discount, tax, total (net). */
  ...salesFigures,
});
export type SalesLinesSums = z.infer<typeof SalesLinesSums>;

const linesPage = {
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  groupBy: z.string(),
  key: z.string().nullable(),
  /** The group as the report names it ("Cash", "Cork mat", "Week of 2026-03-02"); "All" with no key. */
  label: z.string(),
  offset: z.number().int(),
  max: z.number().int(),
  sums: SalesLinesSums,
};

export const SalesLines = z.discriminatedUnion('basis', [
  z.object({ ...linesPage, basis: z.literal('payments'), rows: z.array(SalesPaymentLine) }),
  z.object({ ...linesPage, basis: z.literal('sales'), rows: z.array(SalesInvoiceLine) }),
]);
export type SalesLines = z.infer<typeof SalesLines>;

/** The CSV's header of each basis (amounts as decimals of the currency). */
export const SALES_LINES_CSV_HEADER: Record<'payments' | 'sales', readonly string[]> = {
  payments: ['date', 'time', 'invoice', 'contact', 'kind', 'method', 'taken by', 'amount'],
  sales: ['date', 'invoice', 'contact', 'item', 'category', 'kind', 'quantity', 'gross', 'discount', 'tax', 'total'],
};
