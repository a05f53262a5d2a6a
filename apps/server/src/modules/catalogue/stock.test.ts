import type { Item } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { json, startTestApp, type TestTenant, twoStudios } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { type Database, type Db, openDatabase, withTenant } from '../../db/client.ts';
import { caller, makeCategory, makeItem } from './catalogue-fixtures.ts';
import { takeStock } from './items.repo.ts';

let app: App;
let tenant: TestTenant;
let other: TestTenant;
let admin: string;
let categoryId: string;

beforeAll(async () => {
  app = await startTestApp();
  ({ tenant, other, admin } = await twoStudios(app, ['admin']));
  categoryId = (await makeCategory(app, tenant, admin)).guId;
});

const take = (db: Db, t: TestTenant, itemId: string, qty: number) =>
  withTenant(db, t.tenantId, (tx) => takeStock(tx, t.tenantId, itemId, qty));
const stockOf = async (id: string) => json<Item>(await caller(app)(admin, tenant, 'GET', `/rest/item/${id}`)).stock;

describe('takeStock', () => {
  it('takes what is there and refuses more', async () => {
    const item = await makeItem(app, tenant, admin, categoryId, { stock: 5 });
    expect(await take(app.platform.db, tenant, item.guId, 2)).toEqual({ ok: true, remaining: 3 });
    expect(await take(app.platform.db, tenant, item.guId, 4)).toEqual({ ok: false });
    expect(await take(app.platform.db, tenant, item.guId, 3)).toEqual({ ok: true, remaining: 0 });
    expect(await take(app.platform.db, tenant, item.guId, 1)).toEqual({ ok: false });
    expect(await stockOf(item.guId)).toBe(0);
  });

  it('always gives an untracked item, never an archived one, another tenant’s or a bad quantity', async () => {
    const untracked = await makeItem(app, tenant, admin, categoryId, { stock: null });
    expect(await take(app.platform.db, tenant, untracked.guId, 1000)).toEqual({ ok: true, remaining: null });
    expect(await stockOf(untracked.guId)).toBeNull();

    const archived = await makeItem(app, tenant, admin, categoryId, { stock: 10 });
    await caller(app)(admin, tenant, 'DELETE', `/rest/item/${archived.guId}`);
    expect(await take(app.platform.db, tenant, archived.guId, 1)).toEqual({ ok: false });

    const mine = await makeItem(app, tenant, admin, categoryId, { stock: 10 });
    // run as the other tenant: row-level security hides the row, whatever id the caller passes
    expect(await take(app.platform.db, other, mine.guId, 1)).toEqual({ ok: false });
    expect(
      await withTenant(app.platform.db, other.tenantId, (tx) => takeStock(tx, tenant.tenantId, mine.guId, 1)),
    ).toEqual({ ok: false });
    expect(await stockOf(mine.guId)).toBe(10);
    await expect(take(app.platform.db, tenant, mine.guId, 0)).rejects.toThrow(/positive whole number/);
  });

  it('50 concurrent takes of 1 on a stock of 3: exactly 3 succeed, the stock ends at 0', async () => {
    const item = await makeItem(app, tenant, admin, categoryId, { stock: 3 });
    // On PostgreSQL the takes run on a pool of their own, 25 connections at once (PGlite has one connection).
    const url = process.env.TEST_DATABASE_URL;
    const own: Database | null = url ? await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 25 }) : null;
    try {
      const db = own?.db ?? app.platform.db;
      const results = await Promise.all(Array.from({ length: 50 }, () => take(db, tenant, item.guId, 1)));
      expect(results.filter((r) => r.ok)).toHaveLength(3);
      expect(
        results
          .filter((r) => r.ok)
          .map((r) => (r.ok ? r.remaining : -1))
          .sort(),
      ).toEqual([0, 1, 2]);
    } finally {
      await own?.close();
    }
    expect(await stockOf(item.guId)).toBe(0);
  });
});
