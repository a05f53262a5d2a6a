import type { ContactActivity, ContactDetail, ContactNote, ContactRelative } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { createContactVia, errorOf } from './contact-fixtures.ts';

let app: App;
let a: TestTenant;
let b: TestTenant;
let adminA: string;
let deskA: string;
let studentA: string;
let adminB: string;
let contactA: ContactDetail;
let contactB: ContactDetail;
let noteB: ContactNote;
let activityB: ContactActivity;

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  tenant: TestTenant,
  payload?: object,
) {
  return app.inject({ method, url, headers: bearer(token, tenant.host), payload });
}

beforeAll(async () => {
  app = await startTestApp();
  [a, b] = await Promise.all([newTenant(app), newTenant(app)]);
  adminA = (await loginAs(app, a, 'admin')).access_token;
  deskA = (await loginAs(app, a, 'frontdesk')).access_token;
  studentA = (await loginAs(app, a, 'student')).access_token;
  adminB = (await loginAs(app, b, 'admin')).access_token;
  contactA = await createContactVia(app, a, adminA, { firstName: 'Paula', lastName: 'Parent' });
  contactB = await createContactVia(app, b, adminB, { firstName: 'Bruno', lastName: 'B' });
  noteB = json<ContactNote>(await call('POST', `/rest/contact/${contactB.guId}/notes`, adminB, b, { note: 'secret' }));
  activityB = json<ContactActivity>(
    await call('POST', `/rest/contact/${contactB.guId}/activity`, adminB, b, { type: 'call', title: 'B call' }),
  );
});

describe('notes', () => {
  it('adds, lists (newest first), edits and deletes notes, naming the author', async () => {
    const first = await call('POST', `/rest/contact/${contactA.guId}/notes`, deskA, a, { note: 'Prefers evenings' });
    expect(first.statusCode).toBe(201);
    const note = json<ContactNote>(first);
    expect(note).toMatchObject({ note: 'Prefers evenings', authorName: `frontdesk ${a.orgId}` });
    await call('POST', `/rest/contact/${contactA.guId}/notes`, deskA, a, { note: 'Paid cash' });
    const listed = json<ContactNote[]>(await call('GET', `/rest/contact/${contactA.guId}/notes`, adminA, a));
    expect(listed.map((n) => n.note)).toEqual(['Paid cash', 'Prefers evenings']);
    const edited = await call('PUT', `/rest/contact/${contactA.guId}/notes/${note.id}`, adminA, a, {
      note: 'Evenings',
    });
    expect(json<ContactNote>(edited).note).toBe('Evenings');
    const deleted = await call('DELETE', `/rest/contact/${contactA.guId}/notes/${note.id}`, adminA, a);
    expect(deleted.statusCode).toBe(200);
    const after = json<ContactNote[]>(await call('GET', `/rest/contact/${contactA.guId}/notes`, adminA, a));
    expect(after.map((n) => n.note)).toEqual(['Paid cash']);
    expect((await call('DELETE', `/rest/contact/${contactA.guId}/notes/${note.id}`, adminA, a)).statusCode).toBe(404);
  });

  it('validates the note', async () => {
    for (const payload of [{}, { note: '   ' }, { note: 'x'.repeat(5001) }]) {
      const response = await call('POST', `/rest/contact/${contactA.guId}/notes`, adminA, a, payload);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response.body).field).toBe('note');
    }
  });

  it("another tenant's contact or note is a 404, and stays untouched", async () => {
    expect((await call('GET', `/rest/contact/${contactB.guId}/notes`, adminA, a)).statusCode).toBe(404);
    expect((await call('POST', `/rest/contact/${contactB.guId}/notes`, adminA, a, { note: 'x' })).statusCode).toBe(404);
    // B's note through A's own contact, and through B's contact
    for (const contactId of [contactA.guId, contactB.guId]) {
      const url = `/rest/contact/${contactId}/notes/${noteB.id}`;
      expect((await call('PUT', url, adminA, a, { note: 'hacked' })).statusCode).toBe(404);
      expect((await call('DELETE', url, adminA, a)).statusCode).toBe(404);
    }
    const seenByB = json<ContactNote[]>(await call('GET', `/rest/contact/${contactB.guId}/notes`, adminB, b));
    expect(seenByB.map((n) => n.note)).toEqual(['secret']);
  });

  it('students get 403', async () => {
    expect((await call('GET', `/rest/contact/${contactA.guId}/notes`, studentA, a)).statusCode).toBe(403);
    expect((await call('POST', `/rest/contact/${contactA.guId}/notes`, studentA, a, { note: 'x' })).statusCode).toBe(
      403,
    );
  });
});

describe('activity timeline', () => {
  it('adds, lists (latest first), edits and deletes activities', async () => {
    const older = await call('POST', `/rest/contact/${contactA.guId}/activity`, deskA, a, {
      type: 'call',
      title: 'Called about the trial',
      occurredAt: '2024-03-01T10:00:00Z',
    });
    expect(older.statusCode).toBe(201);
    const olderActivity = json<ContactActivity>(older);
    expect(olderActivity).toMatchObject({ type: 'call', description: '', occurredAt: '2024-03-01T10:00:00.000Z' });
    await call('POST', `/rest/contact/${contactA.guId}/activity`, deskA, a, {
      type: 'visit',
      title: 'Came in for a class',
      description: 'Tried pilates',
    });
    const listed = json<ContactActivity[]>(await call('GET', `/rest/contact/${contactA.guId}/activity`, adminA, a));
    expect(listed.map((item) => item.title)).toEqual(['Came in for a class', 'Called about the trial']);
    const edited = await call('PUT', `/rest/contact/${contactA.guId}/activity/${olderActivity.id}`, adminA, a, {
      title: 'Called about the 7-day trial',
    });
    expect(json<ContactActivity>(edited)).toMatchObject({
      title: 'Called about the 7-day trial',
      type: 'call',
      occurredAt: '2024-03-01T10:00:00.000Z',
    });
    expect(
      (await call('DELETE', `/rest/contact/${contactA.guId}/activity/${olderActivity.id}`, adminA, a)).statusCode,
    ).toBe(200);
    const after = json<ContactActivity[]>(await call('GET', `/rest/contact/${contactA.guId}/activity`, adminA, a));
    expect(after.map((item) => item.title)).toEqual(['Came in for a class']);
  });

  it('validates the activity naming the field', async () => {
    const cases: [object, string][] = [
      [{ title: 'x' }, 'type'],
      [{ type: 'party', title: 'x' }, 'type'],
      [{ type: 'call' }, 'title'],
      [{ type: 'call', title: 'x', occurredAt: 'yesterday' }, 'occurredAt'],
    ];
    for (const [payload, field] of cases) {
      const response = await call('POST', `/rest/contact/${contactA.guId}/activity`, adminA, a, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response.body).field).toBe(field);
    }
  });

  it("another tenant's contact or activity is a 404", async () => {
    expect((await call('GET', `/rest/contact/${contactB.guId}/activity`, adminA, a)).statusCode).toBe(404);
    expect(
      (await call('POST', `/rest/contact/${contactB.guId}/activity`, adminA, a, { type: 'call', title: 'x' }))
        .statusCode,
    ).toBe(404);
    for (const contactId of [contactA.guId, contactB.guId]) {
      const url = `/rest/contact/${contactId}/activity/${activityB.id}`;
      expect((await call('PUT', url, adminA, a, { title: 'hacked' })).statusCode).toBe(404);
      expect((await call('DELETE', url, adminA, a)).statusCode).toBe(404);
    }
    const seenByB = json<ContactActivity[]>(await call('GET', `/rest/contact/${contactB.guId}/activity`, adminB, b));
    expect(seenByB.map((item) => item.title)).toEqual(['B call']);
  });

  it('students get 403', async () => {
    expect((await call('GET', `/rest/contact/${contactA.guId}/activity`, studentA, a)).statusCode).toBe(403);
  });
});

describe('children and guardians', () => {
  it('creates a new child and links an existing contact; both sides see the link', async () => {
    const created = await call('POST', `/rest/contact/${contactA.guId}/children`, deskA, a, {
      firstName: 'Kim',
      lastName: 'Parent',
      email: 'kim.parent@x.test',
    });
    expect(created.statusCode).toBe(201);
    const afterCreate = json<ContactRelative[]>(created);
    expect(afterCreate.map((child) => child.name)).toEqual(['Kim Parent']);
    const existing = await createContactVia(app, a, adminA, { firstName: 'Alex', lastName: 'Parent' });
    const linked = await call('POST', `/rest/contact/${contactA.guId}/children`, deskA, a, { childId: existing.guId });
    expect(json<ContactRelative[]>(linked).map((child) => child.name)).toEqual(['Alex Parent', 'Kim Parent']);
    // linking twice is harmless
    const again = await call('POST', `/rest/contact/${contactA.guId}/children`, deskA, a, { childId: existing.guId });
    expect(json<ContactRelative[]>(again).length).toBe(2);

    const children = json<ContactRelative[]>(await call('GET', `/rest/contact/${contactA.guId}/children`, adminA, a));
    expect(children.map((child) => child.email).sort()).toEqual([existing.email, 'kim.parent@x.test']);
    const guardians = json<ContactRelative[]>(await call('GET', `/rest/contact/${existing.guId}/guardian`, adminA, a));
    expect(guardians.map((g) => g.guId)).toEqual([contactA.guId]);
    const detail = json<ContactDetail>(await call('GET', `/rest/contact/${contactA.guId}`, adminA, a));
    expect(detail.isParent).toBe(true);
    expect(detail.children.length).toBe(2);
  });

  it('validates: the new child needs the dialog fields; no self or loop links; email unique', async () => {
    const missing = await call('POST', `/rest/contact/${contactA.guId}/children`, adminA, a, { firstName: 'Only' });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing.body).field).toBe('lastName');
    const self = await call('POST', `/rest/contact/${contactA.guId}/children`, adminA, a, { childId: contactA.guId });
    expect(self.statusCode).toBe(400);
    expect(errorOf(self.body).field).toBe('childId');
    const child = await createContactVia(app, a, adminA, { firstName: 'Loop' });
    await call('POST', `/rest/contact/${contactA.guId}/children`, adminA, a, { childId: child.guId });
    const loop = await call('POST', `/rest/contact/${child.guId}/children`, adminA, a, { childId: contactA.guId });
    expect(loop.statusCode).toBe(400);
    const taken = await call('POST', `/rest/contact/${contactA.guId}/children`, adminA, a, {
      firstName: 'Dup',
      lastName: 'X',
      email: child.email,
    });
    expect(taken.statusCode).toBe(400);
    expect(errorOf(taken.body).field).toBe('email');
  });

  it("another tenant's contact is a 404 either as guardian or as child, and nothing is written", async () => {
    expect((await call('GET', `/rest/contact/${contactB.guId}/children`, adminA, a)).statusCode).toBe(404);
    expect((await call('GET', `/rest/contact/${contactB.guId}/guardian`, adminA, a)).statusCode).toBe(404);
    const asChild = await call('POST', `/rest/contact/${contactA.guId}/children`, adminA, a, {
      childId: contactB.guId,
    });
    expect(asChild.statusCode).toBe(404);
    const asGuardian = await call('POST', `/rest/contact/${contactB.guId}/children`, adminA, a, {
      firstName: 'Sneaky',
      lastName: 'Kid',
      email: 'sneaky.kid@x.test',
    });
    expect(asGuardian.statusCode).toBe(404);
    // the rolled-back create left no contact behind
    const search = json<{ recordsTotal: number }>(await call('GET', '/snode/contact?search=sneaky', adminA, a));
    expect(search.recordsTotal).toBe(0);
    const bGuardians = json<ContactRelative[]>(await call('GET', `/rest/contact/${contactB.guId}/guardian`, adminB, b));
    expect(bGuardians).toEqual([]);
  });

  it('students get 403', async () => {
    expect((await call('GET', `/rest/contact/${contactA.guId}/children`, studentA, a)).statusCode).toBe(403);
    expect(
      (await call('POST', `/rest/contact/${contactA.guId}/children`, studentA, a, { childId: contactA.guId }))
        .statusCode,
    ).toBe(403);
  });
});
