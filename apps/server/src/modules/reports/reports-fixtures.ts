import { dateInZone, type Item, type ItemCategory } from '@atrium/contracts';
import { beforeAll } from 'vitest';
import { startTestApp, type TestTenant, twoStudios } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { caller, makeCategory, makeItem } from '../catalogue/catalogue-fixtures.ts';

export interface SalesStudio {
  tenant: TestTenant;
  other: TestTenant;
  /** A token per role of the studio, and `other`: the other studio's admin. */
  tokens: Record<'admin' | 'staff' | 'frontdesk' | 'student' | 'other', string>;
  mats: ItemCategory;
  drinks: ItemCategory;
  /** The Cork mat, $40 in Mats, and Chai, $2.50 in Drinks, neither taxed. */
  mat: Item;
  tea: Item;
}

/**
 * A studio in `zone` that sells two items of two categories, and another studio in the same zone (so
 * "today" is one date for both, whatever the hour): the sales reports' tests.
 */
export async function salesStudio(app: App, zone: string): Promise<SalesStudio> {
  const studios = await twoStudios(app, ['admin', 'staff', 'frontdesk', 'student'], {
    tenant: { settings: { timezone: zone } },
    other: { settings: { timezone: zone } },
  });
  const { tenant, other, admin, staff, frontdesk, student, otherAdmin } = studios;
  const mats = await makeCategory(app, tenant, admin, { name: 'Mats' });
  const drinks = await makeCategory(app, tenant, admin, { name: 'Drinks' });
  const mat = await makeItem(app, tenant, admin, mats.guId, { name: 'Cork mat', price: 40, isTaxable: false });
  const tea = await makeItem(app, tenant, admin, drinks.guId, { name: 'Chai', price: 2.5, isTaxable: false });
  return { tenant, other, tokens: { admin, staff, frontdesk, student, other: otherAdmin }, mats, drinks, mat, tea };
}

/**
 * The file's app with salesStudio(zone)'s studios and today's date in the zone in `ctx`, set before
 * the tests run (ahead of the file's own beforeAll), and `call` on that app.
 */
export function salesStudioWithCaller(zone: string) {
  const ctx = {} as SalesStudio & { app: App; today: string };
  beforeAll(async () => {
    ctx.app = await startTestApp();
    Object.assign(ctx, await salesStudio(ctx.app, zone));
    ctx.today = dateInZone(new Date(), zone);
  });
  const call: ReturnType<typeof caller> = (...args) => caller(ctx.app)(...args);
  return { ctx, call };
}

/**
 * Queries a report over a date range refuses with a 400, and the field its error names ('' for none):
 * a date that does not exist, a range that ends before it starts or is too long, an unknown grouping,
 * no start, and a parameter the report does not take.
 */
export const BAD_RANGE_QUERIES: Array<[query: string, field: string]> = [
  ['from=2026-02-30&to=2026-03-01', 'from'],
  ['from=2026-03-01&to=2026-02-01', 'to'],
  ['from=2019-01-01&to=2026-01-01', 'from'],
  ['from=2026-01-01&to=2026-01-02&groupBy=colour', 'groupBy'],
  ['to=2026-01-02', 'from'],
  ['from=2026-01-01&to=2026-01-02&tenant=x', ''],
];
