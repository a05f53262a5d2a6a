import { CONTACT_SEARCH_COUNT_CAP, type ContactListResponse, type ContactStats } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { createContactVia, errorOf } from './contact-fixtures.ts';
import { findContactPage } from './contact-list.repo.ts';

let app: App;
let a: TestTenant;
let b: TestTenant;
let adminA: string;
let adminB: string;

async function list(query: string, token = adminA, tenant = a): Promise<ContactListResponse> {
  const response = await app.inject({ url: `/snode/contact${query}`, headers: bearer(token, tenant.host) });
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  return json<ContactListResponse>(response);
}

async function tagAndFlag(token: string, id: string, statuses: string[], tags: string[]) {
  const response = await app.inject({
    method: 'PUT',
    url: `/snode/contact/${id}`,
    headers: bearer(token, a.host),
    payload: { statuses, tags },
  });
  if (response.statusCode !== 200) throw new Error(response.body);
}

beforeAll(async () => {
  app = await startTestApp();
  [a, b] = await Promise.all([newTenant(app), newTenant(app)]);
  adminA = (await loginAs(app, a, 'admin')).access_token;
  adminB = (await loginAs(app, b, 'admin')).access_token;
  const maria = await createContactVia(app, a, adminA, {
    firstName: 'Maria',
    lastName: 'Lopez',
    email: 'maria.lopez@mail.test',
    phone: '+1 (555) 010-4477',
  });
  const marco = await createContactVia(app, a, adminA, {
    firstName: 'Marco',
    lastName: 'Rossi',
    email: 'marco@mail.test',
    phone: '555 0200',
  });
  const zoe = await createContactVia(app, a, adminA, { firstName: 'Zoe', lastName: 'Adams', email: 'zoe@mail.test' });
  await tagAndFlag(adminA, maria.guId, ['member', 'client'], ['Yoga', 'Morning']);
  await tagAndFlag(adminA, marco.guId, ['lead'], ['Yoga']);
  await tagAndFlag(adminA, zoe.guId, ['member'], ['Pilates']);
  await createContactVia(app, b, adminB, { firstName: 'Maria', lastName: 'Other', email: 'maria.other@mail.test' });
});

describe('GET /snode/contact', () => {
  it('pages through the list, 50 by default, with the row fields', async () => {
    const all = await list('');
    // 4 staff/students of the tenant + 3 contacts
    expect(all.recordsTotal).toBe(7);
    expect(all.data.length).toBe(7);
    const maria = all.data.find((row) => row.email === 'maria.lopez@mail.test');
    expect(maria).toMatchObject({
      name: 'Maria Lopez',
      phone: '+1 (555) 010-4477',
      balance: 0,
      isUnread: false,
      isLead: false,
      statuses: ['client', 'member'],
      tags: ['Yoga', 'Morning'],
      claim: false,
      lastActiveMembershipExpiresOn: null,
      mcStatus: null,
    });
    expect(new Date(maria?.dateCreated ?? '').getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(all.isTotalCapped).toBe(false);
    const page = await list('?start=5&max=5');
    expect(page.recordsTotal).toBe(7);
    expect(page.data.length).toBe(2);
  });

  it('finds people by part of name, email or phone, never in another tenant', async () => {
    expect((await list('?search=mar')).data.map((row) => row.name).sort()).toEqual(['Marco Rossi', 'Maria Lopez']);
    expect((await list('?search=maria%20lo')).data.map((row) => row.name)).toEqual(['Maria Lopez']);
    expect((await list('?search=LOPEZ%40')).data.map((row) => row.name)).toEqual(['Maria Lopez']);
    expect((await list('?search=0104477')).data.map((row) => row.name)).toEqual(['Maria Lopez']);
    expect((await list('?search=555%200200')).data.map((row) => row.name)).toEqual(['Marco Rossi']);
    // typed as a phone number, with its marks: its digits alone are matched
    expect((await list('?search=010-4477')).data.map((row) => row.name)).toEqual(['Maria Lopez']);
    expect((await list('?search=(555)%20010')).data.map((row) => row.name)).toEqual(['Maria Lopez']);
    // digits inside an email are not a phone number: Maria's phone holds 4477, and she is not found
    expect((await list('?search=zoe-4477%40mail.test')).recordsTotal).toBe(0);
    expect((await list('?search=maria')).data.map((row) => row.email)).not.toContain('maria.other@mail.test');
    expect((await list('?search=%25')).recordsTotal).toBe(0);
    const fromB = await list('?search=maria', adminB, b);
    expect(fromB.data.map((row) => row.email)).toEqual(['maria.other@mail.test']);
  });

  it('filters by status flags and tags, joined by or / and', async () => {
    const names = async (query: string) => (await list(query)).data.map((row) => row.name).sort();
    expect(await names('?ctype=member')).toEqual(['Maria Lopez', 'Zoe Adams']);
    expect(await names('?ctype=lead,client')).toEqual(['Marco Rossi', 'Maria Lopez']);
    expect(await names('?ctype=lead,client&join_by=and')).toEqual([]);
    expect(await names('?ctag=yoga')).toEqual(['Marco Rossi', 'Maria Lopez']);
    expect(await names('?ctag=Yoga,Morning&join_by=and')).toEqual(['Maria Lopez']);
    expect(await names('?ctype=member&ctag=Yoga&join_by=and')).toEqual(['Maria Lopez']);
    expect(await names('?ctype=member&ctag=Yoga&join_by=or')).toEqual(['Marco Rossi', 'Maria Lopez', 'Zoe Adams']);
    // staff roles carry the staff flag
    expect((await list('?ctype=staff')).recordsTotal).toBe(3);
  });

  it('sorts by name, email, dates and balance', async () => {
    const asc = (await list('?sort=name&ctype=member,lead')).data.map((row) => row.firstName);
    expect(asc).toEqual(['Marco', 'Maria', 'Zoe']);
    const desc = (await list('?sort=-name&ctype=member,lead')).data.map((row) => row.firstName);
    expect(desc).toEqual(['Zoe', 'Maria', 'Marco']);
    const newest = (await list('?sort=-dateCreated&ctype=member,lead')).data.map((row) => row.firstName);
    expect(newest[0]).toBe('Zoe');
  });

  it('rejects bad paging, filters and sorts naming the field', async () => {
    const cases: [string, string][] = [
      ['?max=20', 'querystring.max'],
      ['?start=-1', 'querystring.start'],
      ['?ctype=vip', 'querystring.ctype.0'],
      ['?join_by=xor', 'querystring.join_by'],
      ['?sort=password', 'querystring.sort'],
      ['?userType=nobody', 'querystring.userType'],
    ];
    for (const [query, field] of cases) {
      const response = await app.inject({ url: `/snode/contact${query}`, headers: bearer(adminA, a.host) });
      expect(response.statusCode, query).toBe(400);
      expect(errorOf(response.body).field, query).toBe(field);
    }
  });

  it('is for staff only', async () => {
    const student = (await loginAs(app, a, 'student')).access_token;
    for (const url of ['/snode/contact', '/snode/contact/stats', '/snode/contact?userType=walkin']) {
      expect((await app.inject({ url, headers: bearer(student, a.host) })).statusCode).toBe(403);
      expect((await app.inject({ url, headers: { host: a.host } })).statusCode).toBe(401);
    }
  });
});

describe('the page statement, prepared once and reused', () => {
  it('answers each tenant with its own rows however often it runs, in parallel, and with other values', async () => {
    // On PostgreSQL the page is a named prepared statement: after five runs the server may keep a
    // generic plan. Row-level security must still read each request's own tenant.
    const runs = Array.from({ length: 24 }, (_, i) =>
      i % 2 === 0 ? list('?search=maria', adminA, a) : list('?search=maria', adminB, b),
    );
    const answers = await Promise.all(runs);
    answers.forEach((answer, i) => {
      expect(answer.data.map((row) => row.email)).toEqual(
        i % 2 === 0 ? ['maria.lopez@mail.test'] : ['maria.other@mail.test'],
      );
      expect(answer.recordsTotal).toBe(1);
    });
    for (let i = 0; i < 12; i++) {
      const [tenant, token, email] =
        i % 2 === 0 ? [a, adminA, 'maria.lopez@mail.test'] : [b, adminB, 'maria.other@mail.test'];
      expect((await list('?search=maria', token, tenant)).data.map((row) => row.email)).toEqual([email]);
    }
    expect((await list('?search=rossi')).data.map((row) => row.email)).toEqual(['marco@mail.test']);
    expect((await list('?search=nobody-here')).recordsTotal).toBe(0);
  });
});

describe('GET /snode/contact/stats', () => {
  it('counts the contacts of this tenant per status flag', async () => {
    const response = await app.inject({ url: '/snode/contact/stats', headers: bearer(adminA, a.host) });
    expect(response.statusCode).toBe(200);
    expect(json<ContactStats>(response)).toEqual({
      total: 7,
      unread: 0,
      client: 1,
      followup: 0,
      inactive: 0,
      lead: 1,
      member: 2,
      staff: 3,
      other: 0,
    });
    const statsB = json<ContactStats>(
      await app.inject({ url: '/snode/contact/stats', headers: bearer(adminB, b.host) }),
    );
    expect(statsB.total).toBe(5);
    expect(statsB.member).toBe(0);
  });
});

describe('the capped count', () => {
  it('counts at most the cap: beyond it the total is the cap and flagged, the page is unchanged', async () => {
    const page = (cap: number, search?: string) =>
      withTenant(app.platform.db, a.tenantId, (tx) =>
        findContactPage(
          tx,
          a.tenantId,
          { search, statuses: [], tags: [], joinBy: 'or' },
          { start: 0, max: 5, sort: 'name' },
          cap,
        ),
      );
    expect(await page(10)).toMatchObject({ total: 7, capped: false });
    expect(await page(7)).toMatchObject({ total: 7, capped: false });
    const capped = await page(6);
    expect(capped).toMatchObject({ total: 6, capped: true });
    expect(capped.rows).toHaveLength(5);
    expect(await page(1, 'mar')).toMatchObject({ total: 1, capped: true });
    expect(await page(2, 'mar')).toMatchObject({ total: 2, capped: false });
  });
});

describe("a search's count over many contacts", () => {
  it('stops at the search cap ("1,000+"), exact below it; the list with no text counts on to 10,000', async () => {
    const crowd = await newTenant(app);
    const token = (await loginAs(app, crowd, 'admin')).access_token;
    // one Zelda, one Mara, then exactly the cap of Marisols: "mar" matches one more than the cap
    const rows = Array.from({ length: CONTACT_SEARCH_COUNT_CAP + 2 }, (_, i) => ({
      tenantId: crowd.tenantId,
      name: i === 0 ? 'Zelda' : i === 1 ? 'Mara' : 'Marisol',
      lastName: `Crowd${String(i).padStart(4, '0')}`,
      email: `crowd${i}@crowd.test`,
      role: 'student' as const,
    }));
    await withTenant(app.platform.db, crowd.tenantId, (tx) => tx.insert(contacts).values(rows));
    const mar = await list('?search=mar&max=5', token, crowd);
    expect(mar).toMatchObject({ recordsTotal: CONTACT_SEARCH_COUNT_CAP, isTotalCapped: true });
    // the page is exact: by name, then last name
    expect(mar.data.map((row) => row.lastName)).toEqual([
      'Crowd0001',
      'Crowd0002',
      'Crowd0003',
      'Crowd0004',
      'Crowd0005',
    ]);
    const crowdText = await list('?search=crowd&max=5', token, crowd);
    expect(crowdText).toMatchObject({ recordsTotal: CONTACT_SEARCH_COUNT_CAP, isTotalCapped: true });
    const exactly = await list('?search=marisol&max=5', token, crowd);
    expect(exactly).toMatchObject({ recordsTotal: CONTACT_SEARCH_COUNT_CAP, isTotalCapped: false });
    expect(await list('?search=zelda', token, crowd)).toMatchObject({ recordsTotal: 1, isTotalCapped: false });
    const all = await list('?max=5', token, crowd);
    expect(all.isTotalCapped).toBe(false);
    expect(all.recordsTotal).toBeGreaterThan(CONTACT_SEARCH_COUNT_CAP + 1);
  });
});

describe('the reused count of the plain list', () => {
  it('is forgotten when the tenant writes, and a page past the end still counts', async () => {
    const before = await list('?max=5');
    expect((await list('?max=50')).recordsTotal).toBe(before.recordsTotal);
    const added = await createContactVia(app, b, adminB, {
      firstName: 'Nina',
      lastName: 'New',
      email: 'nina@mail.test',
    });
    expect(added.guId).toBeTruthy();
    // another tenant's write: this tenant's count is unchanged, its own list counts the new row
    expect((await list('?max=5')).recordsTotal).toBe(before.recordsTotal);
    const bList = await list('', adminB, b);
    expect(bList.recordsTotal).toBe(bList.data.length);
    await createContactVia(app, a, adminA, { firstName: 'Otto', lastName: 'Added', email: 'otto@mail.test' });
    expect((await list('?max=5')).recordsTotal).toBe(before.recordsTotal + 1);
    expect((await list(`?start=${before.recordsTotal + 10}&max=5`)).recordsTotal).toBe(before.recordsTotal + 1);
    expect((await list('?search=otto')).recordsTotal).toBe(1);
    // a tab (status filter) of the list counts its own rows
    const members = await list('?ctype=member');
    expect(members.recordsTotal).toBe(members.data.length);
  });
});

describe('GET /rest/contact autocomplete', () => {
  it('matches a phone number too', async () => {
    const items = json<{ label: string }[]>(
      await app.inject({ url: '/rest/contact?autoComplete=true&q=4477', headers: bearer(adminA, a.host) }),
    );
    expect(items.map((item) => item.label)).toEqual(['Maria Lopez']);
  });

  it('does not match a phone by the digits of an email', async () => {
    // (a visitor's email with a number in it once found, first, whoever's phone or email held that number)
    const items = json<{ label: string }[]>(
      await app.inject({ url: '/rest/contact?autoComplete=true&q=zoe4477@mail.test', headers: bearer(adminA, a.host) }),
    );
    expect(items).toEqual([]);
  });
});
