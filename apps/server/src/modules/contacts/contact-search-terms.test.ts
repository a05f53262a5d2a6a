import { CONTACT_COUNT_CAP, type ContactSort, type ContactStatus } from '@atrium/contracts';
import { and, asc, count, desc, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { readTenant, type Tx, withTenant } from '../../db/client.ts';
import { contactSearchTerms, contacts } from '../../db/schema/index.ts';
import {
  type ContactFilter,
  effectiveStatuses,
  escapeLike,
  findContactPage,
  phoneDigitsPattern,
} from './contact-list.repo.ts';

/**
 * The digit terms (migration 0016) answer a digits-only search of 4+ characters. They must give
 * exactly what the search gave before them: the same rows in the same order and the same capped
 * count, for every filter shape, in every tenant, after every kind of contact write.
 */

let app: App;
let tenants: TestTenant[];
let tokens: string[];

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Maria', 'Anna', 'Ben', 'Room4567', 'Zoe', 'Studio 2024', 'Omar', 'Chloe'];
const LAST = ['Lopez', 'Bennett', 'Smith', 'Nguyen', 'Adams', 'Van 1234', 'Ortiz'];
/** Few digits, so numbers overlap and many searches find several people. */
const DIGITS = '4567012';

function makeContacts(next: () => number, tenantIndex: number, n: number) {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const digits = (length: number) => Array.from({ length }, () => pick([...DIGITS])).join('');
  const phoneFormats = [
    () => `+1 (555) ${digits(3)}-${digits(4)}`,
    () => digits(10),
    () => `${digits(3)} ${digits(4)}`,
    () => `+44 ${digits(4)} ${digits(6)}`,
    () => `${digits(4)}${digits(4)}`,
    () => '',
    () => `ext. ${digits(2)}`,
  ];
  return Array.from({ length: n }, (_, i) => {
    const first = pick(FIRST);
    const last = pick(LAST);
    const numbered = next() < 0.4 ? digits(2 + Math.floor(next() * 5)) : '';
    return {
      name: first,
      lastName: last,
      email: `${first.replace(/\W/g, '').toLowerCase()}.${last.replace(/\W/g, '').toLowerCase()}${numbered}.${tenantIndex}.${i}@mail.test`,
      phone: pick(phoneFormats)(),
      role: 'student' as const,
      statuses: (['member', 'lead', 'client'] as const).filter(() => next() < 0.3),
      tags: ['Yoga', 'Pilates', 'Morning'].filter(() => next() < 0.3),
      balance: String(Math.floor(next() * 200) - 100),
    };
  });
}

async function insertContacts(tenant: TestTenant, rows: ReturnType<typeof makeContacts>) {
  await withTenant(app.platform.db, tenant.tenantId, (tx) =>
    tx.insert(contacts).values(rows.map((row) => ({ ...row, tenantId: tenant.tenantId }))),
  );
}

const ORDER_KEYS: Record<string, SQL[]> = {
  name: [sql`lower(${contacts.name})`, sql`lower(${contacts.lastName})`],
  email: [sql`${contacts.email}`],
  dateCreated: [sql`${contacts.createdAt}`],
  dateUpdated: [sql`${contacts.updatedAt}`],
  balance: [sql`${contacts.balance}`],
};

/** The search as it was before the digit terms: the trigram function, written out by hand. */
async function pageBefore(
  tx: Tx,
  tenantId: string,
  filter: ContactFilter,
  page: { start: number; max: number; sort: ContactSort },
  cap: number,
) {
  const text = filter.search ?? '';
  const digitsPattern = phoneDigitsPattern(text);
  const some = filter.joinBy === 'and' ? sql`@>` : sql`&&`;
  const flags: SQL[] = [];
  const statuses = sql`array[${sql.join(
    filter.statuses.map((s) => sql`${s}`),
    sql`, `,
  )}]::text[]`;
  const tags = sql`array[${sql.join(
    filter.tags.map((t) => sql`${t.toLowerCase()}`),
    sql`, `,
  )}]::text[]`;
  if (filter.statuses.length > 0) flags.push(sql`${effectiveStatuses} ${some} ${statuses}`);
  if (filter.tags.length > 0)
    flags.push(sql`array(select lower(tag) from unnest(${contacts.tags}) as tag) ${some} ${tags}`);
  const where = and(
    eq(contacts.tenantId, tenantId),
    eq(contacts.isWalkin, false),
    sql`${contacts.id} in (select s.id from contact_search_ids(${`%${escapeLike(text)}%`}, ${digitsPattern}) s)`,
    flags.length === 0 ? undefined : sql`(${sql.join(flags, filter.joinBy === 'and' ? sql` and ` : sql` or `)})`,
  );
  const descending = page.sort.startsWith('-');
  const keys = ORDER_KEYS[page.sort.replace(/^-/, '')] ?? [];
  const rows = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(where)
    .orderBy(...keys.map((key) => (descending ? desc(key) : asc(key))), asc(contacts.id))
    .limit(page.max)
    .offset(page.start);
  const matches = tx
    .select({ one: sql`1` })
    .from(contacts)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const [counted] = await tx.select({ n: count() }).from(matches);
  const n = Number(counted?.n ?? 0);
  return { ids: rows.map((row) => row.id), total: Math.min(n, cap), capped: n > cap };
}

async function pageNow(
  tx: Tx,
  tenantId: string,
  filter: ContactFilter,
  page: { start: number; max: number; sort: ContactSort },
  cap: number,
) {
  const found = await findContactPage(tx, tenantId, filter, page, cap);
  return { ids: found.rows.map((row) => row.id), total: found.total, capped: found.capped };
}

/** Digit strings to search for: pieces of stored phones and emails, and some that match nothing. */
async function digitSearches(tenant: TestTenant, next: () => number): Promise<string[]> {
  const rows = await readTenant(app.platform.db, tenant.tenantId, (tx) =>
    // the generated contacts in a fixed order (not the users, whose addresses hold the random org
    // id): the searches picked must not depend on where the rows lie in the table
    tx
      .select({ phone: contacts.phone, email: contacts.email })
      .from(contacts)
      .where(like(contacts.email, '%@mail.test'))
      .orderBy(contacts.email),
  );
  const runs = rows.flatMap((row) => [row.phone.replace(/\D/g, ''), ...(row.email.match(/[0-9]{4,}/g) ?? [])]);
  const long = runs.filter((run) => run.length >= 4);
  const pieces = Array.from({ length: 14 }, () => {
    const run = long[Math.floor(next() * long.length)] ?? '4567';
    const length = 4 + Math.floor(next() * Math.min(6, run.length - 3));
    const start = Math.floor(next() * (run.length - length + 1));
    return run.slice(start, start + length);
  });
  return [...new Set([...pieces, '4567', '0000', '4545', '12345678901', '9999', '0123'])];
}

const FILTERS: Omit<ContactFilter, 'search'>[] = [
  { statuses: [], tags: [], joinBy: 'or' },
  { statuses: ['member'], tags: [], joinBy: 'or' },
  { statuses: ['lead', 'client'], tags: ['yoga'], joinBy: 'or' },
  { statuses: ['member' as ContactStatus], tags: ['Pilates'], joinBy: 'and' },
];
const PAGES: { start: number; max: number; sort: ContactSort }[] = [
  { start: 0, max: 50, sort: 'name' },
  { start: 0, max: 5, sort: '-name' },
  { start: 5, max: 5, sort: 'dateCreated' },
  { start: 0, max: 5, sort: 'email' },
  { start: 2, max: 5, sort: '-balance' },
];

/**
 * Every search in every tenant, once with no filter and the full cap, once with a filter shape and
 * a cap of 3 (so the count caps too); the pages and sorts rotate through the searches.
 */
async function compareAll(searches: string[]) {
  const seen = { compared: 0, found: 0, capped: 0 };
  for (const tenant of tenants) {
    for (const [i, search] of searches.entries()) {
      const cases = [
        { base: FILTERS[0], page: PAGES[i % PAGES.length], cap: CONTACT_COUNT_CAP },
        { base: FILTERS[1 + (i % 3)], page: PAGES[(i + 2) % PAGES.length], cap: 3 },
      ];
      for (const { base, page, cap } of cases) {
        const filter = { ...(base as (typeof FILTERS)[number]), search };
        const at = page as (typeof PAGES)[number];
        const [before, now] = await readTenant(app.platform.db, tenant.tenantId, async (tx) => [
          await pageBefore(tx, tenant.tenantId, filter, at, cap),
          await pageNow(tx, tenant.tenantId, filter, at, cap),
        ]);
        expect(now, `${tenant.orgId} ${JSON.stringify({ filter, page, cap })}`).toEqual(before);
        seen.compared++;
        if (before.ids.length > 0) seen.found++;
        if (before.capped) seen.capped++;
      }
    }
  }
  return seen;
}

/** The terms table holds exactly the terms of every contact's current search text. */
async function expectTermsFollowContacts() {
  const ids = tenants.map((tenant) => tenant.tenantId);
  const stored = await app.platform.db
    .select({ tenantId: contactSearchTerms.tenantId, term: contactSearchTerms.term, id: contactSearchTerms.contactId })
    .from(contactSearchTerms)
    .where(inArray(contactSearchTerms.tenantId, ids));
  const expected = await app.platform.db.execute(sql`
    select c.tenant_id as "tenantId", t.term, c.id from contacts c, contact_digit_terms(c.search_text) as t(term)
    where c.tenant_id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`);
  const key = (row: { tenantId: string; term: string; id: string }) => `${row.tenantId} ${row.term} ${row.id}`;
  const rows = (expected as unknown as { rows: { tenantId: string; term: string; id: string }[] }).rows;
  expect(stored.map(key).sort()).toEqual(rows.map(key).sort());
  expect(stored.length).toBeGreaterThan(100);
}

beforeAll(async () => {
  app = await startTestApp();
  tenants = await Promise.all([newTenant(app), newTenant(app), newTenant(app)]);
  tokens = await Promise.all(tenants.map(async (tenant) => (await loginAs(app, tenant, 'admin')).access_token));
  const next = random(20261125);
  for (const [i, tenant] of tenants.entries()) {
    await insertContacts(tenant, makeContacts(next, i, 90));
    // the walk-in is never listed: with digits that searches find, it must not be counted either
    const walkin = await app.inject({
      url: '/snode/contact?userType=walkin',
      headers: bearer(tokens[i] as string, tenant.host),
    });
    expect(walkin.statusCode).toBe(200);
    await withTenant(app.platform.db, tenant.tenantId, (tx) =>
      tx.update(contacts).set({ phone: '4567 0124' }).where(eq(contacts.isWalkin, true)),
    );
  }
});

describe('a digits-only search, answered from the digit terms', () => {
  it('finds the same rows, in the same order, with the same capped count, as the search before it', async () => {
    const searches = await digitSearches(tenants[0] as TestTenant, random(7));
    // letters, mixed text and short digits take the other paths: they must not change either
    const others = ['mari', 'Bennett', 'room4567', '555 0', '+44 4', '456', '45', 'studio 2024', '%45'];
    const seen = await compareAll([...searches, ...others]);
    // the comparisons are not vacuous: many find people, some past the cap of 3
    expect(seen.compared).toBe(2 * tenants.length * (searches.length + others.length));
    expect(seen.found).toBeGreaterThan(seen.compared / 4);
    expect(seen.capped).toBeGreaterThan(10);
    await expectTermsFollowContacts();
  }, 180_000);

  it('follows every write: create, edit, import, delete', async () => {
    const [a] = tenants as [TestTenant];
    const [tokenA] = tokens as [string];
    const listed = await readTenant(app.platform.db, a.tenantId, (tx) =>
      tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.isWalkin, false)).orderBy(contacts.email),
    );
    const [first, second, third, fourth] = listed.slice(10).map((row) => row.id);
    const put = (id: string | undefined, payload: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: `/snode/contact/${id}`, headers: bearer(tokenA, a.host), payload });
    expect((await put(first, { phone: '+1 (555) 777-4567' })).statusCode).toBe(200);
    expect((await put(second, { phone: '' })).statusCode).toBe(200);
    expect((await put(third, { email: 'renamed.98765432@mail.test', isUnread: true })).statusCode).toBe(200);
    const created = await app.inject({
      method: 'POST',
      url: '/snode/contact',
      headers: bearer(tokenA, a.host),
      payload: { firstName: 'New', lastName: 'Person', email: 'new.person@mail.test', phone: '020 4567 4567' },
    });
    expect(created.statusCode).toBe(201);
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/snode/contact/${fourth}`,
      headers: bearer(tokenA, a.host),
    });
    expect(deleted.statusCode).toBe(200);
    const category = json<{ id: string }>(
      await app.inject({
        method: 'POST',
        url: '/rest/tag',
        headers: bearer(tokenA, a.host),
        payload: { name: 'Imported', type: 'category' },
      }),
    );
    const imported = await app.inject({
      method: 'POST',
      url: `/rest/contact/import?categoryId=${category.id}`,
      headers: { ...bearer(tokenA, a.host), 'content-type': 'text/csv' },
      payload:
        'First Name,Last Name,Email,Phone\r\nIna,Port,ina.45670@mail.test,+49 4567 0120\r\nOle,Ort,ole@mail.test,7745 6701\r\n',
    });
    expect(imported.statusCode).toBe(201);

    await expectTermsFollowContacts();
    const found = async (search: string) => {
      const response = await app.inject({
        url: `/snode/contact?max=150&search=${search}`,
        headers: bearer(tokenA, a.host),
      });
      return json<{ data: { email: string }[] }>(response).data.map((row) => row.email);
    };
    expect(await found('98765432')).toEqual(['renamed.98765432@mail.test']);
    expect(await found('7774567')).toHaveLength(1);
    expect(await found('45670120')).toEqual(['ina.45670@mail.test']);
    expect(await found('45674567')).toEqual(['new.person@mail.test']);
    await compareAll(['4567', '4560', '45670', '0120', '6701', '98765432', '5557774567']);
  }, 120_000);

  it("never answers with another tenant's contact", async () => {
    // the same phone in every tenant: each finds only its own
    for (const [i, tenant] of tenants.entries()) {
      await insertContacts(tenant, [
        {
          name: 'Same',
          lastName: 'Phone',
          email: `same.phone.${i}@mail.test`,
          phone: '+1 (555) 246-8013',
          role: 'student',
          statuses: [],
          tags: [],
          balance: '0',
        },
      ]);
    }
    for (const [i, tenant] of tenants.entries()) {
      const response = await app.inject({
        url: '/snode/contact?search=2468013',
        headers: bearer(tokens[i] as string, tenant.host),
      });
      expect(json<{ recordsTotal: number; data: { email: string }[] }>(response)).toMatchObject({
        recordsTotal: 1,
        data: [{ email: `same.phone.${i}@mail.test` }],
      });
    }
  });
});
