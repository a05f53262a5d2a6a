import { z } from 'zod';
import { checkRange, reportDate } from './reports.ts';
import { nextDate } from './tenant-dates.ts';

/**
 * The class packs and credits report (issue 24; decisions.md "Reports: class packs and credits").
 * One row per product that gives credits: a class pack (a membership of type card) or a membership
 * with credits each cycle. Money in minor units of the studio's currency, from the ledger.
 */

export const PACK_GROUPS = ['product'] as const;
export const PACK_GROUP_LABELS: Record<(typeof PACK_GROUPS)[number], string> = { product: 'Pack or membership' };

/** Open credits count as expiring when their grant lapses within this many days after the range's last day. */
export const PACK_EXPIRING_DAYS = 30;

/** GET /itemreport/packs (and .csv): the range in the studio's days, both included. */
export const PackReportQuery = z
  .object({
    from: reportDate('from'),
    to: reportDate('to'),
    groupBy: z.enum(PACK_GROUPS, { error: `groupBy must be one of ${PACK_GROUPS.join(', ')}` }).default('product'),
  })
  .strict()
  .superRefine(checkRange);
export type PackReportQuery = z.input<typeof PackReportQuery>;

/** What gave the credits: a class pack, a membership's cycles, or credits given with neither. */
export const PACK_KINDS = ['pack', 'membership', 'other'] as const;
export const PACK_KIND_LABELS: Record<(typeof PACK_KINDS)[number], string> = {
  pack: 'Class pack',
  membership: 'Membership',
  other: 'Other',
};

/**
 * One product. In the range: `sold` purchases paid (a pack, or a membership cycle that gave credits),
 * `amount` the product's payments minus refunds recorded in the range (the ledger), credits
 * `granted`, `used` (bookings paid with a credit less those given back), `returned` (given back by a
 * timely cancellation) and `expired`. Now: `expiring` (open credits whose grant lapses by the end of
 * the 30th day after the range's last day, `expiringBy`) and `open` (every usable credit left).
 */
export const PackReportRow = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(PACK_KINDS),
  sold: z.number().int(),
  amount: z.number().int(),
  granted: z.number().int(),
  used: z.number().int(),
  returned: z.number().int(),
  expired: z.number().int(),
  expiring: z.number().int(),
  open: z.number().int(),
});
export type PackReportRow = z.infer<typeof PackReportRow>;

export const PackReport = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  groupBy: z.enum(PACK_GROUPS),
  /** The last day (YYYY-MM-DD, the studio's) whose lapsing credits count as expiring. */
  expiringBy: z.string(),
  /** When `expiring` and `open` were read (an instant). */
  asOf: z.string(),
  rows: z.array(PackReportRow),
  totals: PackReportRow,
});
export type PackReport = z.infer<typeof PackReport>;

/** The figures a row adds up, in the CSV's order. */
export const PACK_FIGURES = ['sold', 'amount', 'granted', 'used', 'returned', 'expired', 'expiring', 'open'] as const;

/** The last day whose lapsing credits count as expiring: `PACK_EXPIRING_DAYS` days after `to`. */
export function packsExpiringBy(to: string): string {
  let day = to;
  for (let i = 0; i < PACK_EXPIRING_DAYS; i += 1) day = nextDate(day);
  return day;
}
