import { WAIVER_CONFIRM_TEXTS } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { readTenant } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema/index.ts';
import { makeCategory, makeItem } from '../catalogue/catalogue-fixtures.ts';
import { hasSignedWaiver } from './form-documents.service.ts';
import { findContactByEmailForTest } from './forms.test-support.ts';
import { solveChallenge } from './human-check.ts';

// Issue 22: a waiver counts for a member only when signed while signed in as them, or confirmed from
// the single-use link emailed to them (decisions.md "A waiver counts when the member signed it").

let app: App;
let t: TestTenant;
let other: TestTenant;
let admin: string;
let student: string;
let form: { guId: string; customFields: Array<{ guId: string }> };

const SIGN =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string | null, tenant: TestTenant, method: Method, url: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: token ? bearer(token, tenant.host) : { host: tenant.host },
    payload: payload as object,
  });
const errorOf = (body: string) => JSON.parse(body).errors as { message: string; code: string; field?: string };

async function signWaiver(token: string | null, tenant: TestTenant, email: string) {
  const challenge = json<any>(await call(null, tenant, 'GET', '/public/humanCheck?action=custom_form_checkout'));
  return call(token, tenant, 'POST', token ? '/cform/regform' : '/cform/regform/public', {
    formId: form.guId,
    rToken: await solveChallenge(challenge),
    firstName: 'Someone',
    lastName: 'Else',
    email,
    customField: [{ guId: form.customFields[0]?.guId, value: 'true' }],
    sign: SIGN,
  });
}

/** The confirmation link the member was emailed (the outbox row), and its token. */
async function linkMailedTo(tenant: TestTenant, to: string) {
  const rows = await readTenant(app.platform.db, tenant.tenantId, (tx) =>
    tx
      .select({ subject: outboxEmails.subject, text: outboxEmails.textBody })
      .from(outboxEmails)
      .where(and(eq(outboxEmails.tenantId, tenant.tenantId), eq(outboxEmails.toAddress, to))),
  );
  const mail = rows.find((row) => row.subject.startsWith('Confirm your waiver'));
  const link = mail?.text.match(/https?:\/\/\S+\/waiver\/confirm\/([A-Za-z0-9_-]+)/);
  return { mail, url: link?.[0] ?? '', token: link?.[1] ?? '' };
}

const signed = (tenant: TestTenant, contactId: string) =>
  readTenant(app.platform.db, tenant.tenantId, (tx) => hasSignedWaiver(tx, tenant.tenantId, contactId));

beforeAll(async () => {
  app = await startTestApp();
  t = await newTenant(app, {
    settings: { timezone: 'Europe/London', isWaiverFormToBeSigned: true, waiverFormLink: 'https://example.com/w' },
  });
  other = await newTenant(app);
  admin = (await loginAs(app, t, 'admin')).access_token;
  student = (await loginAs(app, t, 'student')).access_token;
  const created = await call(admin, t, 'POST', '/rest/customForm', {
    name: 'Studio Waiver',
    formType: 'WAIVER',
    isSignRequired: true,
    isPublished: true,
    customFields: [{ name: 'I accept the risks', type: 'checkbox', isMandatory: true }],
  });
  expect(created.statusCode, created.body).toBe(201);
  form = json(created);
});

describe('a waiver signed with a member’s email', () => {
  it('a visitor’s signature does not count until the member follows the emailed link, which works once', async () => {
    const member = t.users.student;
    const category = await makeCategory(app, t, admin, { name: 'Gear' });
    const mat = await makeItem(app, t, admin, category.guId, { name: 'Mat', price: 40 });
    const order = (n: number) => ({ items: [{ guId: mat.guId, qty: 1 }], idempotencyKey: `waiver-c-${n}-${t.orgId}` });

    const response = await signWaiver(null, t, member.email.toUpperCase());
    expect(response.statusCode, response.body).toBe(201);
    expect(json<any>(response).awaitingConfirmation).toBe(true);
    expect(await signed(t, member.id)).toBe(false);
    const refused = await call(student, t, 'POST', '/snode/product/usercheckout', order(1));
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused.body).code).toBe('waiver_required');
    const status = json<any>(await call(admin, t, 'GET', `/rest/contact/${member.id}/waiver`));
    expect(status).toMatchObject({ hasSigned: false, signedAt: null });
    const docs = async () =>
      json<any[]>(await call(admin, t, 'GET', `/rest/contact/${member.id}/signedDocuments`)).map(
        (d) => d.awaitingConfirmation,
      );
    expect(await docs()).toEqual([true]);

    // the member's email: from the studio, naming who signed, with a link to the studio's own site
    const { mail, url, token } = await linkMailedTo(t, member.email);
    expect(mail?.subject).toBe(`Confirm your waiver for Studio ${t.orgId}`);
    expect(mail?.text).toContain('"Studio Waiver" was signed by Someone Else for');
    expect(url.startsWith(`http://${t.orgId}.`)).toBe(true);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // another studio's host does not know the link
    const elsewhere = await call(null, other, 'POST', '/public/waiver/confirm', { token });
    expect(elsewhere.statusCode).toBe(404);
    expect(errorOf(elsewhere.body)).toMatchObject({ code: 'not_found', field: 'token' });
    expect(await signed(t, member.id)).toBe(false);

    const confirmed = await call(null, t, 'POST', '/public/waiver/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(json<any>(confirmed)).toEqual({ message: WAIVER_CONFIRM_TEXTS.confirmed, formName: 'Studio Waiver' });
    expect(await signed(t, member.id)).toBe(true);
    expect(await docs()).toEqual([false]);
    expect((await findContactByEmailForTest(app, t.tenantId, member.email))?.hasSignedWaiverForm).toBe(true);
    const paid = await call(student, t, 'POST', '/snode/product/usercheckout', order(2));
    expect(paid.statusCode, paid.body).toBe(201);

    // the link is spent
    const again = await call(null, t, 'POST', '/public/waiver/confirm', { token });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again.body)).toEqual({ code: 'link_used', message: WAIVER_CONFIRM_TEXTS.used, field: 'token' });
  });

  it('signed while signed in as the member, it counts at once and nothing is emailed', async () => {
    const fresh = await newTenant(app, { settings: { isWaiverFormToBeSigned: true, waiverFormLink: 'https://x.io' } });
    const freshAdmin = (await loginAs(app, fresh, 'admin')).access_token;
    const freshStudent = (await loginAs(app, fresh, 'student')).access_token;
    const created = await call(freshAdmin, fresh, 'POST', '/rest/customForm', {
      name: 'Waiver',
      formType: 'WAIVER',
      isSignRequired: true,
      isPublished: true,
      customFields: [{ name: 'I accept', type: 'checkbox', isMandatory: true }],
    });
    form = json(created);
    const response = await signWaiver(freshStudent, fresh, '');
    expect(response.statusCode, response.body).toBe(201);
    expect(json<any>(response).awaitingConfirmation).toBeUndefined();
    expect(await signed(fresh, fresh.users.student.id)).toBe(true);
    expect((await linkMailedTo(fresh, fresh.users.student.email)).mail).toBeUndefined();
    const status = json<any>(await call(freshAdmin, fresh, 'GET', `/rest/contact/${fresh.users.student.id}/waiver`));
    expect(status.hasSigned).toBe(true);
  });

  it('a link past its 7 days is refused (410) and the waiver still does not count; a made-up token is a 404', async () => {
    const created = await call(admin, t, 'POST', '/rest/customForm', {
      name: 'Second Waiver',
      formType: 'WAIVER',
      isPublished: true,
      customFields: [{ name: 'I accept', type: 'checkbox', isMandatory: true }],
    });
    form = json(created);
    const email = `late-${t.orgId}@example.com`;
    const response = await signWaiver(null, t, email);
    expect(response.statusCode, response.body).toBe(201);
    const contact = await findContactByEmailForTest(app, t.tenantId, email);
    const { token } = await linkMailedTo(t, email);
    app.platform.clock.advance(8 * 86_400_000);
    try {
      const late = await call(null, t, 'POST', '/public/waiver/confirm', { token });
      expect(late.statusCode).toBe(410);
      expect(errorOf(late.body).code).toBe('link_expired');
    } finally {
      app.platform.clock.reset();
    }
    expect(await signed(t, contact?.id as string)).toBe(false);
    // still within its days, the same link works
    expect((await call(null, t, 'POST', '/public/waiver/confirm', { token })).statusCode).toBe(200);
    expect(await signed(t, contact?.id as string)).toBe(true);

    const madeUp = await call(null, t, 'POST', '/public/waiver/confirm', { token: 'x'.repeat(43) });
    expect(madeUp.statusCode).toBe(404);
    const blank = await call(null, t, 'POST', '/public/waiver/confirm', { token: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank.body).field).toBe('token');
  });
});
