import type { ContactDetail, ContactRelative } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { createContactVia, errorOf, startContactStudios } from './contact-fixtures.ts';

let app: App;
let a: TestTenant;
let b: TestTenant;
let tokens: Record<string, string>;

beforeAll(async () => {
  ({ app, a, b, tokens } = await startContactStudios(['admin', 'frontdesk', 'student']));
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token = tokens.admin, tenant = a, payload?: object) =>
  app.inject({ method, url, headers: bearer(token as string, tenant.host), payload });

async function family(tenant: TestTenant, token: string, names: string[]): Promise<ContactDetail[]> {
  const people: ContactDetail[] = [];
  for (const firstName of names) people.push(await createContactVia(app, tenant, token, { firstName }));
  const [parent, ...children] = people as [ContactDetail, ...ContactDetail[]];
  for (const child of children) {
    const linked = await call('POST', `/rest/contact/${parent.guId}/children`, token, tenant, { childId: child.guId });
    expect(linked.statusCode).toBe(201);
  }
  return people;
}

const detailOf = async (id: string, token = tokens.admin, tenant = a) =>
  json<ContactDetail>(await call('GET', `/rest/contact/${id}`, token, tenant));

describe('unlinking guardians and children', () => {
  it('unlinks from either side, keeps both contacts, and answers what remains', async () => {
    const [parent, kid1, kid2] = await family(a, tokens.frontdesk as string, ['Pat', 'Kit', 'Kai']);
    const fromParent = await call('DELETE', `/rest/contact/${parent?.guId}/children/${kid1?.guId}`, tokens.frontdesk);
    expect(fromParent.statusCode).toBe(200);
    expect(json<ContactRelative[]>(fromParent).map((c) => c.guId)).toEqual([kid2?.guId]);
    expect((await detailOf(kid1?.guId as string)).guardian).toEqual([]);

    const fromChild = await call('DELETE', `/rest/contact/${kid2?.guId}/guardian/${parent?.guId}`);
    expect(fromChild.statusCode).toBe(200);
    expect(json(fromChild)).toEqual([]);
    const after = await detailOf(parent?.guId as string);
    expect(after.children).toEqual([]);
    expect(after.isParent).toBe(false);
    // both children are still contacts
    expect((await call('GET', `/rest/contact/${kid2?.guId}`)).statusCode).toBe(200);
    // the link is gone: a second unlink is a 404
    const again = await call('DELETE', `/rest/contact/${kid2?.guId}/guardian/${parent?.guId}`);
    expect(again.statusCode).toBe(404);
  });

  it("another tenant's ids are a 404 and change nothing", async () => {
    const [parentB, kidB] = await family(b, tokens.adminB as string, ['Bea', 'Bob']);
    const [parentA, kidA] = await family(a, tokens.admin as string, ['Ada', 'Abe']);
    for (const url of [
      `/rest/contact/${kidB?.guId}/guardian/${parentB?.guId}`,
      `/rest/contact/${parentB?.guId}/children/${kidB?.guId}`,
      `/rest/contact/${kidA?.guId}/guardian/${parentB?.guId}`,
      `/rest/contact/${parentA?.guId}/children/${kidB?.guId}`,
    ]) {
      expect((await call('DELETE', url)).statusCode, url).toBe(404);
    }
    expect((await detailOf(parentB?.guId as string, tokens.adminB, b)).children.map((c) => c.guId)).toEqual([
      kidB?.guId,
    ]);
    expect((await detailOf(parentA?.guId as string)).children.map((c) => c.guId)).toEqual([kidA?.guId]);
  });

  it('needs the manage-contacts permission and names a malformed id', async () => {
    const [parent, kid] = await family(a, tokens.admin as string, ['Sal', 'Sid']);
    const url = `/rest/contact/${kid?.guId}/guardian/${parent?.guId}`;
    expect((await call('DELETE', url, tokens.student)).statusCode).toBe(403);
    expect((await app.inject({ method: 'DELETE', url, headers: { host: a.host } })).statusCode).toBe(401);
    const [parentB, kidB] = await family(b, tokens.adminB as string, ['Cal', 'Cy']);
    const denied = await call('DELETE', `/rest/contact/${kidB?.guId}/guardian/${parentB?.guId}`, tokens.frontdeskB, b);
    expect(denied.statusCode).toBe(403);
    const bad = await call('DELETE', `/rest/contact/${kid?.guId}/guardian/nope`);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).field).toContain('guardianId');
    expect((await detailOf(parent?.guId as string)).children).toHaveLength(1);
  });
});

describe('GET and POST /rest/contact/guardian', () => {
  it('links an existing guardian or a new one to a child and lists the tenant’s guardians, paged and searchable', async () => {
    const t = await newTenant(app);
    const admin = (await loginAs(app, t, 'admin')).access_token;
    const [kid, mum] = [
      await createContactVia(app, t, admin, { firstName: 'Kid' }),
      await createContactVia(app, t, admin, { firstName: 'Mum' }),
    ];
    const empty = await call('GET', '/rest/contact/guardian', admin, t);
    expect(json(empty)).toEqual({ data: [], recordsTotal: 0 });

    const existing = await call('POST', '/rest/contact/guardian', admin, t, {
      childId: kid.guId,
      guardianId: mum.guId,
    });
    expect(existing.statusCode).toBe(201);
    expect(json<ContactRelative[]>(existing).map((r) => r.guId)).toEqual([mum.guId]);
    const created = await call('POST', '/rest/contact/guardian', admin, t, {
      childId: kid.guId,
      firstName: 'Dad',
      lastName: 'Tester',
      email: `dad.${Date.now()}@x.test`,
    });
    expect(created.statusCode).toBe(201);
    expect(json<ContactRelative[]>(created).map((r) => r.name)).toEqual(['Dad Tester', 'Mum Tester']);
    expect((await detailOf(kid.guId, admin, t)).guardian).toHaveLength(2);

    const all = json<{ data: ContactRelative[]; recordsTotal: number }>(
      await call('GET', '/rest/contact/guardian', admin, t),
    );
    expect(all.recordsTotal).toBe(2);
    expect(all.data.map((r) => r.name)).toEqual(['Dad Tester', 'Mum Tester']);
    const page = json<{ data: ContactRelative[] }>(await call('GET', '/rest/contact/guardian?start=1&max=1', admin, t));
    expect(page.data.map((r) => r.name)).toEqual(['Mum Tester']);
    const found = json<{ data: ContactRelative[]; recordsTotal: number }>(
      await call('GET', '/rest/contact/guardian?q=mu', admin, t),
    );
    expect(found).toMatchObject({ recordsTotal: 1, data: [{ guId: mum.guId }] });
  });

  it('names the field in a 400, is a 403 without the permission and a 404 for another tenant’s ids', async () => {
    const [kid, other] = [
      await createContactVia(app, a, tokens.admin as string, { firstName: 'Child' }),
      await createContactVia(app, a, tokens.admin as string, { firstName: 'Other' }),
    ];
    const missing = await call('POST', '/rest/contact/guardian', tokens.admin, a, { childId: kid.guId });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing.body).field).toBe('firstName');
    const self = await call('POST', '/rest/contact/guardian', tokens.admin, a, {
      childId: kid.guId,
      guardianId: kid.guId,
    });
    expect(errorOf(self.body)).toMatchObject({
      field: 'guardianId',
      message: 'A contact cannot be their own guardian.',
    });
    await call('POST', '/rest/contact/guardian', tokens.admin, a, { childId: kid.guId, guardianId: other.guId });
    const loop = await call('POST', '/rest/contact/guardian', tokens.admin, a, {
      childId: other.guId,
      guardianId: kid.guId,
    });
    expect(loop.statusCode).toBe(400);
    expect(errorOf(loop.body).field).toBe('guardianId');
    const badMax = await call('GET', '/rest/contact/guardian?max=0', tokens.admin, a);
    expect(badMax.statusCode).toBe(400);
    expect(errorOf(badMax.body).field).toContain('max');

    for (const token of [tokens.student as string, tokens.frontdeskB as string]) {
      const tenant = token === tokens.student ? a : b;
      expect((await call('GET', '/rest/contact/guardian', token, tenant)).statusCode).toBe(403);
      expect((await call('POST', '/rest/contact/guardian', token, tenant, {})).statusCode).toBe(403);
    }

    const theirs = await createContactVia(app, b, tokens.adminB as string, { firstName: 'Theirs' });
    const asChild = await call('POST', '/rest/contact/guardian', tokens.admin, a, {
      childId: theirs.guId,
      guardianId: other.guId,
    });
    expect(asChild.statusCode).toBe(404);
    const asGuardian = await call('POST', '/rest/contact/guardian', tokens.admin, a, {
      childId: kid.guId,
      guardianId: theirs.guId,
    });
    expect(asGuardian.statusCode).toBe(404);
    const listB = json<{ data: ContactRelative[] }>(await call('GET', '/rest/contact/guardian', tokens.adminB, b));
    expect(listB.data.map((r) => r.guId)).not.toContain(other.guId);
  });
});
