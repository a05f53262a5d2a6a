import type { ContactDetail, ContactRelative } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { createContactVia, denyFrontDeskContacts, errorOf } from './contact-fixtures.ts';

let app: App;
let a: TestTenant;
let b: TestTenant;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp();
  [a, b] = await Promise.all([newTenant(app), newTenant(app)]);
  for (const role of ['admin', 'frontdesk', 'student'] as const) {
    tokens[role] = (await loginAs(app, a, role)).access_token;
  }
  tokens.adminB = (await loginAs(app, b, 'admin')).access_token;
  tokens.frontdeskB = (await loginAs(app, b, 'frontdesk')).access_token;
  await denyFrontDeskContacts(app, b, tokens.adminB);
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
