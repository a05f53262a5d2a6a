import { dateInZone, MINOR_MESSAGES } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { readTenant } from '../../db/client.ts';
import { formSubmissions, outboxEmails } from '../../db/schema/index.ts';
import { findContactByEmailForTest } from './forms.test-support.ts';
import { solveChallenge } from './human-check.ts';

// Issue 22: a minor (under the studio's age of majority on the studio's date) registers with a
// guardian, who signs for them (decisions.md "A minor registers with a guardian").

let app: App;

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string | null, t: TestTenant, method: Method, url: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: token ? bearer(token, t.host) : { host: t.host },
    payload: payload as object,
  });
const errorOf = (body: string) => JSON.parse(body).errors as { message: string; code: string; field?: string };

interface Studio {
  t: TestTenant;
  admin: string;
  formId: string;
}

/** A studio in `timezone` with a published waiver that asks for the birth date (guardians optional). */
async function studio(timezone: string, isShowGuardian = false): Promise<Studio> {
  const t = await newTenant(app, { settings: { timezone } });
  const admin = (await loginAs(app, t, 'admin')).access_token;
  const created = await call(admin, t, 'POST', '/rest/customForm', {
    name: 'Kids Waiver',
    formType: 'WAIVER',
    isShowBirthdate: true,
    isShowGuardian,
    isSignRequired: true,
    isPublished: true,
  });
  expect(created.statusCode, created.body).toBe(201);
  return { t, admin, formId: json<any>(created).guId };
}

let counter = 0;
async function register(s: Studio, patch: Record<string, unknown>) {
  counter += 1;
  const challenge = json<any>(await call(null, s.t, 'GET', '/public/humanCheck?action=custom_form_checkout'));
  const body = {
    formId: s.formId,
    rToken: await solveChallenge(challenge),
    firstName: 'Tom',
    lastName: 'Byron',
    email: `tom${counter}-${s.t.orgId}@example.com`,
    typedSign: 'Anne Byron',
    ...patch,
  };
  return { body, response: await call(null, s.t, 'POST', '/cform/regform/public', body) };
}

const guardian = (n = counter) => ({
  motherName: 'Anne Byron',
  motherEmail: `anne${n}@example.com`,
  motherPhone: '5551230000',
});

/** The date `years` before the studio's today, moved by `days`. */
function bornYearsAgo(timeZone: string, years: number, days = 0): string {
  const today = dateInZone(new Date(), timeZone);
  const date = new Date(`${Number(today.slice(0, 4)) - years}${today.slice(4)}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

beforeAll(async () => {
  app = await startTestApp();
});
afterEach(() => app.platform.clock.reset());

describe('a minor registers with a guardian', () => {
  it('a 12-year-old without a guardian is refused (400 naming the guardian), storing nothing; the guardian then signs for them', async () => {
    const s = await studio('America/Chicago');
    const born = bornYearsAgo('America/Chicago', 12);
    const missing = await register(s, { dateOfBirth: born });
    expect(missing.response.statusCode).toBe(400);
    expect(errorOf(missing.response.body)).toMatchObject({
      field: 'motherName',
      message: MINOR_MESSAGES.guardianRequired(18),
    });
    expect(await findContactByEmailForTest(app, s.t.tenantId, missing.body.email)).toBeUndefined();

    const noPhone = await register(s, { dateOfBirth: born, ...guardian(), motherPhone: '' });
    expect(noPhone.response.statusCode).toBe(400);
    expect(errorOf(noPhone.response.body)).toMatchObject({ field: 'motherPhone', message: 'Mother phone is required' });

    const ok = await register(s, { dateOfBirth: born, ...guardian(900) });
    expect(ok.response.statusCode, ok.response.body).toBe(201);
    const child = await findContactByEmailForTest(app, s.t.tenantId, ok.body.email);
    expect(child?.dateOfBirth).toBe(born);
    const guardians = json<any[]>(await call(s.admin, s.t, 'GET', `/rest/contact/${child?.id}/guardian`));
    expect(guardians.map((g) => [g.email, g.phone])).toEqual([['anne900@example.com', '5551230000']]);

    // the signature is the guardian's, for the minor
    const docs = json<any[]>(await call(s.admin, s.t, 'GET', `/rest/contact/${child?.id}/signedDocuments`));
    expect(docs[0]).toMatchObject({ signerName: 'Anne Byron', signerEmail: 'anne900@example.com' });
    const [row] = await readTenant(app.platform.db, s.t.tenantId, (tx) =>
      tx
        .select()
        .from(formSubmissions)
        .where(eq(formSubmissions.id, json<any>(ok.response)._id)),
    );
    expect((row?.content as any)?.signedFor).toEqual({
      name: 'Tom Byron',
      dateOfBirth: born,
      guardian: { name: 'Anne Byron', email: 'anne900@example.com' },
    });
    // the confirmation goes to the minor's own address, saying who signed for whom
    const [mail] = await readTenant(app.platform.db, s.t.tenantId, (tx) =>
      tx
        .select({ text: outboxEmails.textBody })
        .from(outboxEmails)
        .where(and(eq(outboxEmails.tenantId, s.t.tenantId), eq(outboxEmails.toAddress, ok.body.email))),
    );
    expect(mail?.text).toContain('"Kids Waiver" was signed by Anne Byron for Tom Byron');
  });

  it('a birthday counts on its day in the studio’s zone: 18 today needs no guardian, 18 tomorrow does', async () => {
    const zone = 'Pacific/Kiritimati';
    const s = await studio(zone);
    const eighteenToday = await register(s, { dateOfBirth: bornYearsAgo(zone, 18) });
    expect(eighteenToday.response.statusCode, eighteenToday.response.body).toBe(201);
    const eighteenTomorrow = await register(s, { dateOfBirth: bornYearsAgo(zone, 18, 1) });
    expect(eighteenTomorrow.response.statusCode).toBe(400);
    expect(errorOf(eighteenTomorrow.response.body).field).toBe('motherName');
  });

  it('someone born on 29 February turns 18 on 1 March: already in Auckland, not yet in New York', async () => {
    // 28 Feb 2026 12:00 UTC is 1 March 01:00 in Auckland and 28 Feb 07:00 in New York.
    app.platform.clock.set(new Date('2026-02-28T12:00:00Z'));
    const auckland = await studio('Pacific/Auckland');
    const newYork = await studio('America/New_York');
    const adult = await register(auckland, { dateOfBirth: '2008-02-29' });
    expect(adult.response.statusCode, adult.response.body).toBe(201);
    const minor = await register(newYork, { dateOfBirth: '2008-02-29' });
    expect(minor.response.statusCode).toBe(400);
    expect(errorOf(minor.response.body).field).toBe('motherName');
    const withGuardian = await register(newYork, { dateOfBirth: '2008-02-29', ...guardian() });
    expect(withGuardian.response.statusCode, withGuardian.response.body).toBe(201);
  });

  it('refuses a birth date that is not a real day or is in the future', async () => {
    const s = await studio('Europe/London', true);
    const unreal = await register(s, { dateOfBirth: '2023-02-29' });
    expect(unreal.response.statusCode).toBe(400);
    expect(errorOf(unreal.response.body)).toMatchObject({
      field: 'dateOfBirth',
      message: MINOR_MESSAGES.birthDateInvalid,
    });
    const future = await register(s, { dateOfBirth: bornYearsAgo('Europe/London', 0, 2) });
    expect(errorOf(future.response.body)).toMatchObject({
      field: 'dateOfBirth',
      message: MINOR_MESSAGES.birthDateFuture,
    });
    // an adult leaves the (optional) guardians blank
    const adult = await register(s, { dateOfBirth: '1990-05-01' });
    expect(adult.response.statusCode, adult.response.body).toBe(201);
  });

  it('the age of majority is the studio’s setting: admins change it, the public form carries it', async () => {
    const s = await studio('Asia/Kolkata');
    const staff = (await loginAs(app, s.t, 'staff')).access_token;
    expect(json<any>(await call(staff, s.t, 'GET', '/rest/settings/forms'))).toEqual({ ageOfMajority: 18 });
    expect((await call(staff, s.t, 'PUT', '/rest/settings/forms', { ageOfMajority: 21 })).statusCode).toBe(403);
    const low = await call(s.admin, s.t, 'PUT', '/rest/settings/forms', { ageOfMajority: 15 });
    expect(low.statusCode).toBe(400);
    expect(errorOf(low.body)).toMatchObject({ field: 'ageOfMajority', message: MINOR_MESSAGES.ageOfMajorityRange });
    const saved = await call(s.admin, s.t, 'PUT', '/rest/settings/forms', { ageOfMajority: 21 });
    expect(json<any>(saved)).toEqual({ ageOfMajority: 21 });
    expect(json<any>(await call(null, s.t, 'GET', `/public/customForm/${s.formId}`)).ageOfMajority).toBe(21);

    const nineteen = await register(s, { dateOfBirth: bornYearsAgo('Asia/Kolkata', 19) });
    expect(nineteen.response.statusCode).toBe(400);
    expect(errorOf(nineteen.response.body).message).toBe(MINOR_MESSAGES.guardianRequired(21));
  });
});
