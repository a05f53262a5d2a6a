import { FORM_MESSAGES, FORM_TEXTS } from '@atrium/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { bearer, json, loginAs, newTenant, type TestTenant } from '../../../test/helpers.ts';
import { readTenant } from '../../db/client.ts';
import { invoices } from '../../db/schema/index.ts';
import { makeCategory, makeItem, studiosWithCaller } from '../catalogue/catalogue-fixtures.ts';
import { hasSignedWaiver } from './form-documents.service.ts';
import { FORM_SUBMISSIONS_PER_IP } from './forms.routes.ts';
import { findContactByEmailForTest } from './forms.test-support.ts';
import { solveChallenge } from './human-check.ts';

const { ctx } = studiosWithCaller(['admin', 'staff', 'student']);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string | null, t: TestTenant, method: Method, url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token, t.host) : { host: t.host, 'user-agent': 'FormsTest/1.0' },
    payload: payload as object,
  });
const errorOf = (body: string) => JSON.parse(body).errors as { message: string; code: string; field?: string };

const waiverBody = (patch: Record<string, unknown> = {}) => ({
  name: 'Liability Waiver',
  formType: 'WAIVER',
  isShowGuardian: true,
  isShowEmergencyContact: true,
  isShowBirthdate: true,
  isSignRequired: true,
  isPublished: true,
  beforeForm: { description: '<p>Please read <b>carefully</b></p><script>alert(1)</script>' },
  subHeader: { description: 'Sub header' },
  afterForm: { description: 'I agree.' },
  customFields: [
    { name: 'Level', type: 'dropdown', option1: 'Beginner', option2: 'Advanced', isMandatory: true },
    { name: 'I accept the risks', type: 'checkbox', isMandatory: true },
    { name: 'Notes', type: 'textarea', placeholder: 'Anything else', fieldName: 'Optional' },
    { name: 'Work email', type: 'email' },
  ],
  ...patch,
});

async function createForm(t: TestTenant, token: string, body = waiverBody()) {
  const response = await call(token, t, 'POST', '/rest/customForm', body);
  if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`);
  return json<any>(response);
}

async function token(t: TestTenant): Promise<string> {
  const response = await call(null, t, 'GET', '/public/humanCheck?action=custom_form_checkout');
  expect(response.statusCode).toBe(200);
  return solveChallenge(json<any>(response));
}

let emailCounter = 0;
async function submission(t: TestTenant, form: any, patch: Record<string, unknown> = {}) {
  emailCounter += 1;
  const [level, accept, notes, work] = form.customFields;
  return {
    formId: form.guId,
    rToken: await token(t),
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada${emailCounter}@example.com`,
    phone: '5551234567',
    emergencyContactName: 'Charles',
    emergencyContactPhone: '5550000000',
    dateOfBirth: '1990-12-10',
    motherName: 'Anne Byron',
    motherEmail: `anne${emailCounter}@example.com`,
    fatherName: 'George Byron',
    fatherEmail: `george${emailCounter}@example.com`,
    customField: [
      { guId: level.guId, value: 'Advanced' },
      { guId: accept.guId, value: 'true' },
      { guId: notes.guId, value: 'None' },
      { guId: work.guId, value: 'ada@work.com' },
    ],
    sign: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    ...patch,
  };
}

describe('form builder (/rest/customForm)', () => {
  it('creates a form with its fields in order, sanitises the texts, and lists it', async () => {
    const form = await createForm(ctx.tenant, ctx.admin);
    expect(form).toMatchObject({ name: 'Liability Waiver', formType: 'WAIVER', isPublished: true, isCustomForm: true });
    expect(form.customFields.map((f: any) => [f.name, f.type, f.sequence])).toEqual([
      ['Level', 'dropdown', 0],
      ['I accept the risks', 'checkbox', 1],
      ['Notes', 'textarea', 2],
      ['Work email', 'email', 3],
    ]);
    expect(form.beforeForm.description).not.toContain('script');
    const list = json<any[]>(await call(ctx.staff, ctx.tenant, 'GET', '/rest/customForm?type=WAIVER'));
    expect(list.map((f) => f.guId)).toContain(form.guId);
    // The form's fields stay out of the Custom Fields screen, and are there by ?customForm=.
    const tenantFields = json<any[]>(await call(ctx.admin, ctx.tenant, 'GET', '/rest/customField'));
    expect(tenantFields.some((f) => f.name === 'Level')).toBe(false);
    const formFields = json<any[]>(
      await call(ctx.admin, ctx.tenant, 'GET', `/rest/customField?customForm=${form.guId}`),
    );
    expect(formFields.map((f) => f.name)).toEqual(['Level', 'I accept the risks', 'Notes', 'Work email']);
    // ...and are edited in the builder only.
    const edit = await call(ctx.admin, ctx.tenant, 'PUT', `/rest/customField/${formFields[0].guId}`, {
      type: 'text',
      name: 'X',
      tag: 'xfield',
    });
    expect(edit.statusCode).toBe(404);
  });

  it('reorders, edits and removes fields on a whole save', async () => {
    const form = await createForm(ctx.tenant, ctx.admin);
    const [level, accept, notes] = form.customFields;
    const saved = json<any>(
      await call(ctx.admin, ctx.tenant, 'PUT', `/rest/customForm/${form.guId}`, {
        ...waiverBody(),
        isPublished: false,
        customFields: [
          { ...notes, name: 'Remarks' },
          { ...level, option3: 'Expert' },
          { name: 'Section', type: 'header' },
          accept,
        ],
      }),
    );
    expect(saved.isPublished).toBe(false);
    expect(saved.customFields.map((f: any) => f.name)).toEqual(['Remarks', 'Level', 'Section', 'I accept the risks']);
    expect(saved.customFields[0].guId).toBe(notes.guId);
    expect(saved.customFields[1].option3).toBe('Expert');
  });

  it('answers 400 naming the field', async () => {
    let response = await call(ctx.admin, ctx.tenant, 'POST', '/rest/customForm', waiverBody({ name: ' ' }));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body)).toMatchObject({ field: 'name', message: 'Form Name is required!' });
    response = await call(
      ctx.admin,
      ctx.tenant,
      'POST',
      '/rest/customForm',
      waiverBody({ customFields: [{ name: 'X', type: 'radio' }] }),
    );
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).field).toBe('customFields.0.option1');
    response = await call(ctx.admin, ctx.tenant, 'POST', '/rest/customForm', waiverBody({ formType: 'OTHER' }));
    expect(errorOf(response.body).field).toBe('formType');
  });

  it('lets only admins write and staff read; students get 403', async () => {
    expect((await call(ctx.staff, ctx.tenant, 'POST', '/rest/customForm', waiverBody())).statusCode).toBe(403);
    expect((await call(ctx.student, ctx.tenant, 'GET', '/rest/customForm')).statusCode).toBe(403);
    expect((await call(null, ctx.tenant, 'GET', '/rest/customForm')).statusCode).toBe(401);
  });

  it("answers 404 for another tenant's form", async () => {
    const form = await createForm(ctx.tenant, ctx.admin);
    expect((await call(ctx.otherAdmin, ctx.other, 'GET', `/rest/customForm/${form.guId}`)).statusCode).toBe(404);
    expect(
      (await call(ctx.otherAdmin, ctx.other, 'PUT', `/rest/customForm/${form.guId}`, waiverBody())).statusCode,
    ).toBe(404);
    expect((await call(ctx.otherAdmin, ctx.other, 'DELETE', `/rest/customForm/${form.guId}`)).statusCode).toBe(404);
    expect((await call(null, ctx.other, 'GET', `/public/customForm/${form.guId}`)).statusCode).toBe(404);
  });
});

describe('public form', () => {
  it('lists published forms in ping and /public/customForm, not unpublished ones', async () => {
    const t = await newTenant(ctx.app);
    const token = (await loginAs(ctx.app, t, 'admin')).access_token;
    const shown = await createForm(t, token, waiverBody({ name: 'Shown' }));
    const hidden = await createForm(t, token, waiverBody({ name: 'Hidden', isPublished: false }));
    const list = json<any[]>(await call(null, t, 'GET', `/public/customForm?tenant=${t.orgId}`));
    expect(list.map((f) => f.name)).toEqual(['Shown']);
    const ping = json<any>(await call(null, t, 'GET', '/ping'));
    expect(ping.forms).toEqual([{ name: 'Shown', guId: shown.guId }]);
    expect((await call(null, t, 'GET', `/public/customForm/${hidden.guId}`)).statusCode).toBe(404);
    // Staff may open it for the preview.
    expect((await call(token, t, 'GET', `/public/customForm/${hidden.guId}`)).statusCode).toBe(200);
  });

  it('a submission creates the contact, links the guardians, keeps the answers and makes the signed PDF', async () => {
    const form = await createForm(ctx.tenant, ctx.admin);
    const body = await submission(ctx.tenant, form);
    const response = await call(null, ctx.tenant, 'POST', '/cform/regform/public', body);
    expect(response.statusCode).toBe(201);
    const result = json<any>(response);
    expect(result).toMatchObject({ status: 'IN_PROGRESS', downloadUrl: `/cform/regform/${result._id}/document` });

    const contact = await findContactByEmailForTest(ctx.app, ctx.tenant.tenantId, body.email as string);
    expect(contact).toMatchObject({
      name: 'Ada',
      lastName: 'Lovelace',
      emergencyContactName: 'Charles',
      dateOfBirth: '1990-12-10',
    });
    const guardians = json<any[]>(await call(ctx.admin, ctx.tenant, 'GET', `/rest/contact/${contact?.id}/guardian`));
    expect(guardians.map((g) => g.email).sort()).toEqual([body.motherEmail, body.fatherEmail].sort());
    const values = json<any[]>(await call(ctx.admin, ctx.tenant, 'GET', `/rest/contact/${contact?.id}/customFields`));
    expect(values.find((v) => v.name === 'Level')?.value).toBe('Advanced');
    expect(values.find((v) => v.name === 'I accept the risks')?.value).toBe('true');

    await ctx.app.platform.jobs.drain('form-document');
    await vi.waitFor(
      async () => {
        const status = json<any>(await call(null, ctx.tenant, 'GET', `/cform/regform/${result._id}`));
        expect(status.status).toBe('COMPLETE');
      },
      { timeout: 10_000 },
    );
    const pdf = await call(null, ctx.tenant, 'GET', result.downloadUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const docs = json<any[]>(await call(ctx.admin, ctx.tenant, 'GET', `/rest/contact/${contact?.id}/signedDocuments`));
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      signerName: 'Ada Lovelace',
      userAgent: 'FormsTest/1.0',
      hasSignature: true,
      status: 'COMPLETE',
    });
    expect(docs[0].documentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(docs[0].signedAt).toMatch(/\([A-Za-z_]+\/[A-Za-z_]+\)$/);
    // A visitor's waiver counts once the member confirms it from their email (waiver-confirmation.test.ts).
    expect(result.awaitingConfirmation).toBe(true);
    const waiver = json<any>(await call(ctx.admin, ctx.tenant, 'GET', `/rest/contact/${contact?.id}/waiver`));
    expect(waiver.hasSigned).toBe(false);
    expect(
      await readTenant(ctx.app.platform.db, ctx.tenant.tenantId, (tx) =>
        hasSignedWaiver(tx, ctx.tenant.tenantId, contact?.id as string),
      ),
    ).toBe(false);
    // Another tenant sees none of it.
    expect((await call(null, ctx.other, 'GET', `/cform/regform/${result._id}`)).statusCode).toBe(404);
    expect((await call(null, ctx.other, 'GET', result.downloadUrl)).statusCode).toBe(404);
    expect(
      (await call(ctx.otherAdmin, ctx.other, 'GET', `/rest/contact/${contact?.id}/signedDocuments`)).statusCode,
    ).toBe(404);
  });

  it('a document the job cannot store ends ERROR after its retries; the download stays 404', async () => {
    const form = await createForm(ctx.tenant, ctx.admin);
    const body = await submission(ctx.tenant, form);
    // The media store refuses every write (a full disk, an unreachable bucket).
    const put = vi.spyOn(ctx.app.platform.media, 'put').mockRejectedValue(new Error('disk full'));
    let downloadUrl = '';
    try {
      const response = await call(null, ctx.tenant, 'POST', '/cform/regform/public', body);
      expect(response.statusCode).toBe(201);
      const { _id } = json<any>(response);
      downloadUrl = json<any>(response).downloadUrl;
      await vi.waitFor(
        async () => {
          await ctx.app.platform.jobs.drain('form-document');
          expect(json<any>(await call(null, ctx.tenant, 'GET', `/cform/regform/${_id}`)).status).toBe('ERROR');
        },
        // Two retries wait 2-4 s and 4-8 s (pg-boss's backoff with jitter), each run sealing a PDF: on
        // CI's loaded two cores the three runs have taken over 20 s.
        { timeout: 60_000, interval: 500 },
      );
      expect(put.mock.calls.length).toBe(3);
    } finally {
      put.mockRestore();
    }
    expect((await call(null, ctx.tenant, 'GET', downloadUrl)).statusCode).toBe(404);
  });

  it('refuses bad input with 400 naming the field, storing nothing', async () => {
    const form = await createForm(ctx.tenant, ctx.admin);
    const [level, accept, notes, work] = form.customFields;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ sign: '' }, 'sign', FORM_TEXTS.signatureRequired],
      [{ firstName: '', lastName: '' }, 'firstName', FORM_TEXTS.namesRequired],
      [{ email: 'Not an email' }, 'email', 'Please enter a valid email address.'],
      [
        { customField: [{ guId: level.guId, value: 'Advanced' }] },
        `customField.${accept.guId}`,
        'I accept the risks is required',
      ],
      [
        {
          customField: [
            { guId: level.guId, value: 'Advanced' },
            { guId: accept.guId, value: 'true' },
            { guId: notes.guId, value: 'x'.repeat(256) },
          ],
        },
        `customField.${notes.guId}`,
        'Notes must be at most 255 characters',
      ],
      [
        {
          customField: [
            { guId: level.guId, value: 'Advanced' },
            { guId: accept.guId, value: 'true' },
            { guId: work.guId, value: 'Ada@Work' },
          ],
        },
        `customField.${work.guId}`,
        'Work email must be a valid email address',
      ],
      [{ rToken: 'bm90IGEgdG9rZW4=' }, 'rToken', 'The human check failed. Please try again.'],
    ];
    for (const [patch, field, message] of cases) {
      const body = await submission(ctx.tenant, form, patch);
      const response = await call(null, ctx.tenant, 'POST', '/cform/regform/public', body);
      expect(response.statusCode, field).toBe(400);
      expect(errorOf(response.body)).toMatchObject({ field, message });
      expect(await findContactByEmailForTest(ctx.app, ctx.tenant.tenantId, body.email as string)).toBeUndefined();
    }
  });

  it('refuses a replayed human check, an unpublished form and another tenant', async () => {
    const form = await createForm(ctx.tenant, ctx.admin);
    const body = await submission(ctx.tenant, form);
    expect((await call(null, ctx.tenant, 'POST', '/cform/regform/public', body)).statusCode).toBe(201);
    const replay = await call(null, ctx.tenant, 'POST', '/cform/regform/public', {
      ...body,
      email: 'replay@example.com',
    });
    expect(replay.statusCode).toBe(400);
    expect(errorOf(replay.body)).toMatchObject({
      field: 'rToken',
      message: 'This human check was already used. Please try again.',
    });
    expect(await findContactByEmailForTest(ctx.app, ctx.tenant.tenantId, 'replay@example.com')).toBeUndefined();

    // A check solved for one tenant is refused on another.
    const foreign = await call(null, ctx.other, 'POST', '/cform/regform/public', await submission(ctx.tenant, form));
    expect(foreign.statusCode).toBe(400);

    const hidden = await createForm(ctx.tenant, ctx.admin, waiverBody({ isPublished: false }));
    const refused = await call(null, ctx.tenant, 'POST', '/cform/regform/public', await submission(ctx.tenant, hidden));
    expect(refused.statusCode).toBe(404);
    const otherForm = await createForm(ctx.other, ctx.otherAdmin);
    const cross = await call(
      null,
      ctx.tenant,
      'POST',
      '/cform/regform/public',
      await submission(ctx.tenant, otherForm),
    );
    expect(cross.statusCode).toBe(404);
  });

  it('throttles one IP after FORM_SUBMISSIONS_PER_IP tries, failed ones included; other IPs still pass', async () => {
    const form = await createForm(ctx.tenant, ctx.admin);
    const from = async (ip: string, body: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/cform/regform/public',
        headers: { host: ctx.tenant.host },
        remoteAddress: ip,
        payload: body,
      });
    for (let i = 0; i < FORM_SUBMISSIONS_PER_IP; i += 1) {
      expect(
        (await from('10.9.9.9', await submission(ctx.tenant, form, { rToken: 'not-a-solved-check' }))).statusCode,
      ).toBe(400);
    }
    const valid = await submission(ctx.tenant, form);
    const refused = await from('10.9.9.9', valid);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused.body).message).toMatch(
      /^Too many forms sent from your network\. Please try again in \d+ minutes?\.$/,
    );
    expect(await findContactByEmailForTest(ctx.app, ctx.tenant.tenantId, valid.email)).toBeUndefined();
    expect((await from('10.9.9.10', valid)).statusCode).toBe(201);
  });

  it('a student submits with their profile and sees it under My Registration', async () => {
    const form = await createForm(
      ctx.tenant,
      ctx.admin,
      waiverBody({ formType: 'STUDENT_REGISTRATION', isShowGuardian: false }),
    );
    const body = await submission(ctx.tenant, form, {
      firstName: '',
      lastName: '',
      email: '',
      rToken: await token(ctx.tenant),
    });
    const response = await call(ctx.student, ctx.tenant, 'POST', '/studentreg/register', body);
    expect(response.statusCode).toBe(201);
    const mine = json<any[]>(await call(ctx.student, ctx.tenant, 'GET', '/cform/myregistration'));
    expect(
      mine.some((d) => d._id === json<any>(response)._id && d.signerEmail === ctx.tenant.users.student.email),
    ).toBe(true);
  });
});

describe('the waiver before booking or checkout', () => {
  it('a studio that asks for its waiver: a member books only once signed; the desk may book them anyway', async () => {
    const t = await newTenant(ctx.app, {
      settings: {
        timezone: 'America/New_York',
        isWaiverFormToBeSigned: true,
        waiverFormLink: 'https://example.com/waiver',
      },
    });
    const tAdmin = (await loginAs(ctx.app, t, 'admin')).access_token;
    const tStudent = (await loginAs(ctx.app, t, 'student')).access_token;
    const tStaff = (await loginAs(ctx.app, t, 'staff')).access_token;
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const rule = await call(tAdmin, t, 'POST', '/snode/classrule', {
      daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
      startTime: '18:00',
      durationMinutes: 60,
      startDate: tomorrow,
      endDate: tomorrow,
      capacity: 5,
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const sessions = json<any>(await call(tAdmin, t, 'GET', `/snode/session?from=${tomorrow}&to=${tomorrow}`)).data;
    const session = sessions.find((s: any) => s.classId === json<any>(rule).guId);
    const booking = { classId: session.classId, clsStartTime: session.clsStartTime, scheduleId: session.guId };

    const refused = await call(tStudent, t, 'POST', '/snode/mybooking', booking);
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused.body)).toMatchObject({ code: 'waiver_required', field: 'scheduleId' });

    // checking out in My Store is refused the same way, and bills nothing
    const category = await makeCategory(ctx.app, t, tAdmin, { name: 'Gear' });
    const mat = await makeItem(ctx.app, t, tAdmin, category.guId, { name: 'Mat', price: 40 });
    const order = { items: [{ guId: mat.guId, qty: 1 }], idempotencyKey: `waiver-${t.orgId}` };
    const unsignedOrder = await call(tStudent, t, 'POST', '/snode/product/usercheckout', order);
    expect(unsignedOrder.statusCode).toBe(400);
    expect(errorOf(unsignedOrder.body)).toEqual({
      code: 'waiver_required',
      field: 'items',
      message: FORM_MESSAGES.waiverBeforeCheckout,
    });
    const billed = await readTenant(ctx.app.platform.db, t.tenantId, (tx) =>
      tx.select({ id: invoices.id }).from(invoices).where(eq(invoices.contactId, t.users.student.id)),
    );
    expect(billed).toEqual([]);

    const form = await createForm(t, tAdmin);
    // Anyone can type the member's email: a visitor's signature does not count for them yet.
    const typed = await call(
      null,
      t,
      'POST',
      '/cform/regform/public',
      await submission(t, form, { email: t.users.student.email, firstName: 'student', lastName: t.orgId }),
    );
    expect(typed.statusCode, typed.body).toBe(201);
    expect((await call(tStudent, t, 'POST', '/snode/mybooking', booking)).statusCode).toBe(400);
    // Signed while signed in as the member, it counts at once.
    const signed = await call(
      tStudent,
      t,
      'POST',
      '/cform/regform',
      await submission(t, form, { email: '', firstName: '', lastName: '' }),
    );
    expect(signed.statusCode, signed.body).toBe(201);
    const booked = await call(tStudent, t, 'POST', '/snode/mybooking', booking);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(json<any>(booked).myStatus).toBe('booked');
    const paid = await call(tStudent, t, 'POST', '/snode/product/usercheckout', order);
    expect(paid.statusCode, paid.body).toBe(201);

    // staff booking someone who has not signed, at the desk
    const walkIn = await call(tStaff, t, 'POST', `/snode/session/${session.guId}/booking`, {
      contactId: t.users.frontdesk.id,
    });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
  });
});
