import type { ContactDetail } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { registerMember } from '../../../test/registration.ts';
import type { App } from '../../app.ts';
import { createContactVia, errorOf } from './contact-fixtures.ts';

let app: App;
let a: TestTenant;
let b: TestTenant;
let grn: TestTenant;
let adminA: string;
let deskA: string;
let studentA: string;
let adminB: string;
let contactB: ContactDetail;

beforeAll(async () => {
  app = await startTestApp();
  [a, b, grn] = await Promise.all([
    newTenant(app),
    newTenant(app),
    newTenant(app, { settings: { isSupportGrn: true } }),
  ]);
  adminA = (await loginAs(app, a, 'admin')).access_token;
  deskA = (await loginAs(app, a, 'frontdesk')).access_token;
  studentA = (await loginAs(app, a, 'student')).access_token;
  adminB = (await loginAs(app, b, 'admin')).access_token;
  contactB = await createContactVia(app, b, adminB, { firstName: 'Bella', email: 'bella@b.test' });
});

describe('POST /snode/contact', () => {
  it('creates a member with the dialog defaults and no password', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/snode/contact',
      headers: bearer(deskA, a.host),
      payload: { firstName: ' Nora ', lastName: 'Quinn', email: 'Nora.Quinn@Example.test', phone: '+1 555 0142' },
    });
    expect(response.statusCode).toBe(201);
    const contact = json<ContactDetail>(response);
    expect(contact).toMatchObject({
      name: 'Nora Quinn',
      firstName: 'Nora',
      lastName: 'Quinn',
      email: 'nora.quinn@example.test',
      phone: '+1 555 0142',
      hasSignedWaiverForm: true,
      subscribeToMailingList: true,
      claim: false,
      role: 'student',
      balance: 0,
      grnNumber: null,
      children: [],
      guardian: [],
    });
    expect(response.body).not.toMatch(/password/i);
    // no password: the new contact cannot log in yet
    const login = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { host: a.host },
      payload: { userId: 'nora.quinn@example.test', password: 'anything-at-all' },
    });
    expect(login.statusCode).toBe(401);
  });

  it('keeps the checkboxes when turned off', async () => {
    const contact = await createContactVia(app, a, adminA, {
      firstName: 'Otto',
      hasSignedWaiverForm: false,
      subscribeToMailingList: false,
    });
    expect(contact.hasSignedWaiverForm).toBe(false);
    expect(contact.subscribeToMailingList).toBe(false);
  });

  it('names the missing or bad field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ lastName: 'X', email: 'x@x.test' }, 'firstName'],
      [{ firstName: 'X', email: 'x@x.test' }, 'lastName'],
      [{ firstName: 'X', lastName: 'Y' }, 'email'],
      [{ firstName: 'X', lastName: 'Y', email: 'not-an-email' }, 'email'],
      [{ firstName: '  ', lastName: 'Y', email: 'x@x.test' }, 'firstName'],
    ];
    for (const [payload, field] of cases) {
      const response = await app.inject({
        method: 'POST',
        url: '/snode/contact',
        headers: bearer(adminA, a.host),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response.body).field).toBe(field);
    }
  });

  it('refuses an email already used in this tenant, but not one used in another tenant', async () => {
    const taken = await app.inject({
      method: 'POST',
      url: '/snode/contact',
      headers: bearer(adminA, a.host),
      payload: { firstName: 'Dup', lastName: 'Licate', email: a.users.student.email.toUpperCase() },
    });
    expect(taken.statusCode).toBe(400);
    expect(errorOf(taken.body)).toMatchObject({ field: 'email', message: 'A contact with this email already exists.' });
    const sameAsB = await createContactVia(app, a, adminA, { firstName: 'Bella', email: 'bella@b.test' });
    expect(sameAsB.email).toBe('bella@b.test');
  });

  it('takes a GRN number only where the tenant supports GRN', async () => {
    const refused = await app.inject({
      method: 'POST',
      url: '/snode/contact',
      headers: bearer(adminA, a.host),
      payload: { firstName: 'G', lastName: 'R', email: 'grn@x.test', grnNumber: 'GRN-1' },
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused.body).field).toBe('grnNumber');
    const adminGrn = (await loginAs(app, grn, 'admin')).access_token;
    const kept = await createContactVia(app, grn, adminGrn, { firstName: 'Gina', grnNumber: 'GRN-1' });
    expect(kept.grnNumber).toBe('GRN-1');
  });

  it('is for staff only', async () => {
    const payload = { firstName: 'S', lastName: 'T', email: 'st@x.test' };
    const asStudent = await app.inject({
      method: 'POST',
      url: '/snode/contact',
      headers: bearer(studentA, a.host),
      payload,
    });
    expect(asStudent.statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'POST', url: '/snode/contact', headers: { host: a.host }, payload });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET and PUT /snode/contact/{id} and /rest/contact/{id}', () => {
  it('reads and edits a contact on both paths', async () => {
    const contact = await createContactVia(app, a, adminA, { firstName: 'Edith', phone: '555 0100' });
    for (const prefix of ['/snode/contact', '/rest/contact']) {
      const read = await app.inject({ url: `${prefix}/${contact.guId}`, headers: bearer(deskA, a.host) });
      expect(read.statusCode).toBe(200);
      expect(json<ContactDetail>(read).email).toBe(contact.email);
    }
    const edited = await app.inject({
      method: 'PUT',
      url: `/snode/contact/${contact.guId}`,
      headers: bearer(deskA, a.host),
      payload: {
        firstName: 'Edie',
        phone: '555 0199',
        address: '1 Elm Street',
        dateOfBirth: '1990-04-02',
        statuses: ['member', 'client'],
        tags: ['VIP', 'vip', 'Morning'],
        hasSignedWaiverForm: false,
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(json<ContactDetail>(edited)).toMatchObject({
      name: 'Edie Tester',
      phone: '555 0199',
      address: '1 Elm Street',
      dateOfBirth: '1990-04-02',
      statuses: ['client', 'member'],
      isMember: true,
      tags: ['VIP', 'Morning'],
      hasSignedWaiverForm: false,
      email: contact.email,
    });
    const viaRest = await app.inject({
      method: 'PUT',
      url: `/rest/contact/${contact.guId}`,
      headers: bearer(deskA, a.host),
      payload: { lastName: 'Stone' },
    });
    expect(json<ContactDetail>(viaRest).name).toBe('Edie Stone');
  });

  it('validates edits naming the field, and refuses a taken email', async () => {
    const contact = await createContactVia(app, a, adminA, { firstName: 'Val' });
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'nope' }, 'email'],
      [{ firstName: '' }, 'firstName'],
      [{ dateOfBirth: '02/04/1990' }, 'dateOfBirth'],
      [{ statuses: ['vip'] }, 'statuses.0'],
      [{ email: a.users.staff.email }, 'email'],
    ];
    for (const [payload, field] of cases) {
      const response = await app.inject({
        method: 'PUT',
        url: `/snode/contact/${contact.guId}`,
        headers: bearer(adminA, a.host),
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response.body).field).toBe(field);
    }
    const bad = await app.inject({ url: '/snode/contact/not-a-uuid', headers: bearer(adminA, a.host) });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).field).toBe('params.id');
  });

  it("answers 404 for another tenant's contact and changes nothing", async () => {
    for (const prefix of ['/snode/contact', '/rest/contact']) {
      expect(
        (await app.inject({ url: `${prefix}/${contactB.guId}`, headers: bearer(adminA, a.host) })).statusCode,
      ).toBe(404);
      const put = await app.inject({
        method: 'PUT',
        url: `${prefix}/${contactB.guId}`,
        headers: bearer(adminA, a.host),
        payload: { firstName: 'Hacked' },
      });
      expect(put.statusCode).toBe(404);
    }
    const tag = await app.inject({
      method: 'PUT',
      url: `/rest/contact/${contactB.guId}/tag`,
      headers: bearer(adminA, a.host),
      payload: { tags: ['x'] },
    });
    expect(tag.statusCode).toBe(404);
    const seenByB = json<ContactDetail>(
      await app.inject({ url: `/rest/contact/${contactB.guId}`, headers: bearer(adminB, b.host) }),
    );
    expect(seenByB.firstName).toBe('Bella');
    expect(seenByB.tags).toEqual([]);
  });

  it('opening the detail on /snode marks a self-registered member read', async () => {
    const id = await registerMember(app, a, {
      email: 'new.member@x.test',
      password: 'long-enough-1',
      name: 'New',
      lastName: 'Member',
    });
    const before = json<ContactDetail>(
      await app.inject({ url: `/rest/contact/${id}`, headers: bearer(adminA, a.host) }),
    );
    expect(before.isUnread).toBe(true);
    const opened = json<ContactDetail>(
      await app.inject({ url: `/snode/contact/${id}`, headers: bearer(adminA, a.host) }),
    );
    expect(opened.isUnread).toBe(false);
  });

  it('students get 403', async () => {
    const contact = await createContactVia(app, a, adminA, { firstName: 'Private' });
    expect(
      (await app.inject({ url: `/snode/contact/${contact.guId}`, headers: bearer(studentA, a.host) })).statusCode,
    ).toBe(403);
    const put = await app.inject({
      method: 'PUT',
      url: `/rest/contact/${contact.guId}`,
      headers: bearer(studentA, a.host),
      payload: { firstName: 'X' },
    });
    expect(put.statusCode).toBe(403);
  });
});

describe('PUT /rest/contact/{id}/tag', () => {
  it('replaces the tags, dropping duplicates and blanks are refused', async () => {
    const contact = await createContactVia(app, a, adminA, { firstName: 'Tagged' });
    const response = await app.inject({
      method: 'PUT',
      url: `/rest/contact/${contact.guId}/tag`,
      headers: bearer(adminA, a.host),
      payload: { tags: ['Yoga', ' yoga ', 'Kids'] },
    });
    expect(response.statusCode).toBe(200);
    expect(json<ContactDetail>(response).tags).toEqual(['Yoga', 'Kids']);
    const blank = await app.inject({
      method: 'PUT',
      url: `/rest/contact/${contact.guId}/tag`,
      headers: bearer(adminA, a.host),
      payload: { tags: ['  '] },
    });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank.body).field).toBe('tags.0');
  });
});

describe('deleting contacts', () => {
  it('DELETE /snode/contact/{id} and POST /snode/contact/delete remove members', async () => {
    const one = await createContactVia(app, a, adminA, { firstName: 'Gone' });
    const two = await createContactVia(app, a, adminA, { firstName: 'Gone2' });
    const three = await createContactVia(app, a, adminA, { firstName: 'Gone3' });
    const single = await app.inject({
      method: 'DELETE',
      url: `/snode/contact/${one.guId}`,
      headers: bearer(deskA, a.host),
    });
    expect(single.statusCode).toBe(200);
    expect(json(single)).toEqual({ deleted: 1 });
    const bulk = await app.inject({
      method: 'POST',
      url: '/snode/contact/delete',
      headers: bearer(deskA, a.host),
      payload: { contacts: [two.guId, three.guId] },
    });
    expect(json(bulk)).toEqual({ deleted: 2 });
    for (const id of [one.guId, two.guId, three.guId]) {
      expect((await app.inject({ url: `/rest/contact/${id}`, headers: bearer(adminA, a.host) })).statusCode).toBe(404);
    }
  });

  it("is all or nothing: another tenant's id is a 404 and nothing is deleted", async () => {
    const mine = await createContactVia(app, a, adminA, { firstName: 'Kept' });
    const response = await app.inject({
      method: 'POST',
      url: '/snode/contact/delete',
      headers: bearer(adminA, a.host),
      payload: { contacts: [mine.guId, contactB.guId] },
    });
    expect(response.statusCode).toBe(404);
    expect((await app.inject({ url: `/rest/contact/${mine.guId}`, headers: bearer(adminA, a.host) })).statusCode).toBe(
      200,
    );
    expect(
      (await app.inject({ url: `/rest/contact/${contactB.guId}`, headers: bearer(adminB, b.host) })).statusCode,
    ).toBe(200);
    const single = await app.inject({
      method: 'DELETE',
      url: `/snode/contact/${contactB.guId}`,
      headers: bearer(adminA, a.host),
    });
    expect(single.statusCode).toBe(404);
  });

  it('refuses the own account, an admin and other staff with a clear 400', async () => {
    const own = await app.inject({
      method: 'DELETE',
      url: `/snode/contact/${a.users.frontdesk.id}`,
      headers: bearer(deskA, a.host),
    });
    expect(own.statusCode).toBe(400);
    expect(errorOf(own.body).message).toBe('You cannot delete your own account.');
    const admin = await app.inject({
      method: 'POST',
      url: '/snode/contact/delete',
      headers: bearer(deskA, a.host),
      payload: { contacts: [a.users.admin.id] },
    });
    expect(admin.statusCode).toBe(400);
    expect(errorOf(admin.body).message).toMatch(/admin account and cannot be deleted here/);
    const staff = await app.inject({
      method: 'DELETE',
      url: `/snode/contact/${a.users.staff.id}`,
      headers: bearer(adminA, a.host),
    });
    expect(staff.statusCode).toBe(400);
  });

  it('validates the body and is for staff only', async () => {
    const empty = await app.inject({
      method: 'POST',
      url: '/snode/contact/delete',
      headers: bearer(adminA, a.host),
      payload: { contacts: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty.body).field).toBe('contacts');
    const student = await app.inject({
      method: 'POST',
      url: '/snode/contact/delete',
      headers: bearer(studentA, a.host),
      payload: { contacts: [a.users.admin.id] },
    });
    expect(student.statusCode).toBe(403);
  });
});

describe('GET /snode/contact?userType=walkin', () => {
  it('answers the one walk-in contact, created on first use, kept out of the list', async () => {
    const first = json<ContactDetail>(
      await app.inject({ url: '/snode/contact?userType=walkin', headers: bearer(deskA, a.host) }),
    );
    expect(first).toMatchObject({ name: 'Walk-in Customer', isWalkin: true, email: `walkin@${a.orgId}.invalid` });
    const again = await Promise.all(
      [1, 2, 3].map(() => app.inject({ url: '/snode/contact?userType=walkin', headers: bearer(adminA, a.host) })),
    );
    for (const response of again) expect(json<ContactDetail>(response).guId).toBe(first.guId);
    const list = json<{ data: { guId: string }[] }>(
      await app.inject({ url: '/snode/contact?search=walk', headers: bearer(adminA, a.host) }),
    );
    expect(list.data.map((row) => row.guId)).not.toContain(first.guId);
    const del = await app.inject({
      method: 'DELETE',
      url: `/snode/contact/${first.guId}`,
      headers: bearer(adminA, a.host),
    });
    expect(del.statusCode).toBe(400);
    const other = json<ContactDetail>(
      await app.inject({ url: '/snode/contact?userType=walkin', headers: bearer(adminB, b.host) }),
    );
    expect(other.guId).not.toBe(first.guId);
  });
});
