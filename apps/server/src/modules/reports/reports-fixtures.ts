import type { Item, ItemCategory } from '@atrium/contracts';
import { type TestTenant, twoStudios } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { makeCategory, makeItem } from '../catalogue/catalogue-fixtures.ts';

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
