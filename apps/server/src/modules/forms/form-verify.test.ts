import { VERIFY_TEXTS } from '@atrium/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { bearer, json, type TestTenant } from '../../../test/helpers.ts';
import { checkPdfSignature } from '../../../test/pdf-signature.ts';
import { asRead, pdfText, SAMPLE, squash } from '../../../test/pdf-text.ts';
import { readTenant, withTenant } from '../../db/client.ts';
import { formSubmissions } from '../../db/schema/index.ts';
import { studiosWithCaller } from '../catalogue/catalogue-fixtures.ts';
import { solveChallenge } from './human-check.ts';

// A signed form cannot be changed unnoticed (issue 22): the answers' SHA-256 and the stored PDF's
// are recomputed by GET /cform/regform/{id}/verify, a changed document is never served as signed,
// and the PDF carries a PAdES signature a reader checks.

const { ctx } = studiosWithCaller(['admin', 'staff', 'student']);

const call = (token: string | null, t: TestTenant, url: string, method: 'GET' | 'POST' = 'GET', payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token, t.host) : { host: t.host }, payload });

async function signedForm(): Promise<string> {
  const form = json<any>(
    await call(ctx.admin, ctx.tenant, '/rest/customForm', 'POST', {
      name: 'Kayıt ✓',
      formType: 'CUSTOM',
      isSignRequired: true,
      isPublished: true,
      customFields: [{ name: 'Answer', type: 'text' }],
    }),
  );
  const challenge = json<any>(await call(null, ctx.tenant, '/public/humanCheck?action=custom_form_checkout'));
  const response = await call(null, ctx.tenant, '/cform/regform/public', 'POST', {
    formId: form.guId,
    rToken: await solveChallenge(challenge),
    firstName: 'Işık',
    lastName: 'Çağ',
    email: `isik${Date.now()}@example.com`,
    phone: '5551234567',
    customField: [{ guId: form.customFields[0].guId, value: SAMPLE }],
    sign: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  });
  expect(response.statusCode).toBe(201);
  const { _id } = json<any>(response);
  await vi.waitFor(
    async () => {
      await ctx.app.platform.jobs.drain('form-document');
      expect(json<any>(await call(null, ctx.tenant, `/cform/regform/${_id}`)).status).toBe('COMPLETE');
    },
    { timeout: 20_000, interval: 300 },
  );
  return _id;
}

const rowOf = (id: string) =>
  readTenant(ctx.app.platform.db, ctx.tenant.tenantId, async (tx) => {
    const [row] = await tx
      .select()
      .from(formSubmissions)
      .where(and(eq(formSubmissions.tenantId, ctx.tenant.tenantId), eq(formSubmissions.id, id)));
    if (!row) throw new Error('no submission');
    return row;
  });

describe('a signed form cannot be changed unnoticed', { timeout: 60_000 }, () => {
  it('untouched: verified, served, its PDF signed over its byte range, every character printed', async () => {
    const id = await signedForm();
    const verify = await call(ctx.staff, ctx.tenant, `/cform/regform/${id}/verify`);
    expect(verify.statusCode).toBe(200);
    const result = json<any>(verify);
    expect(result).toMatchObject({ _id: id, verified: true, contentUnchanged: true, fileUnchanged: true });
    expect(result.message).toBe(VERIFY_TEXTS.unchanged(result.signedAt));
    expect(result.message).toMatch(/^Unchanged since signed on \d+ \w+ \d{4}, \d\d:\d\d \(.+\)\.$/);

    const pdf = await call(null, ctx.tenant, `/cform/regform/${id}/document`);
    expect(pdf.statusCode).toBe(200);
    const bytes = pdf.rawPayload;
    expect(result.fileHash).toBe((await import('node:crypto')).createHash('sha256').update(bytes).digest('hex'));
    expect(checkPdfSignature(bytes)).toEqual({
      coversWholeFile: true,
      digestMatches: true,
      signatureValid: true,
      signerCommonName: 'Signed document seal',
    });
    // The answer (with its ✓) is printed as hashed.
    const text = squash(await pdfText(bytes));
    expect(text).toContain(asRead(`Answer${SAMPLE}`));
    expect(text).toContain(asRead('Kayıt ✓'));
  });

  it('one byte of the stored file changed: verify says so and the document is refused', async () => {
    const id = await signedForm();
    const row = await rowOf(id);
    const original = (await ctx.app.platform.media.get(ctx.tenant.tenantId, row.documentKey as string)) as Buffer;
    const changed = Buffer.from(original);
    // A byte inside the signed range (the first range starts at 0, before the signature's hole).
    changed[20] = (changed[20] ?? 0) ^ 0x01;
    await ctx.app.platform.media.put(ctx.tenant.tenantId, row.documentKey as string, changed);
    // The PDF's own signature no longer covers it either.
    expect(checkPdfSignature(changed).digestMatches).toBe(false);

    const result = json<any>(await call(ctx.admin, ctx.tenant, `/cform/regform/${id}/verify`));
    expect(result).toMatchObject({ verified: false, contentUnchanged: true, fileUnchanged: false });
    expect(result.message).toBe(VERIFY_TEXTS.fileChanged(result.signedAt));
    const refused = await call(null, ctx.tenant, `/cform/regform/${id}/document`);
    expect(refused.statusCode).toBe(409);
    expect(refused.headers['content-type']).toMatch(/json/);
    expect(JSON.parse(refused.body).errors.message).toBe(VERIFY_TEXTS.refused);

    await ctx.app.platform.media.put(ctx.tenant.tenantId, row.documentKey as string, original);
    expect(json<any>(await call(ctx.admin, ctx.tenant, `/cform/regform/${id}/verify`)).verified).toBe(true);
  });

  it('an answer or the drawn signature changed: verify says so and the document is refused', async () => {
    const id = await signedForm();
    const setContent = async (change: (content: any) => any) => {
      const row = await rowOf(id);
      await withTenant(ctx.app.platform.db, ctx.tenant.tenantId, async (tx) => {
        await tx
          .update(formSubmissions)
          .set({ content: change(structuredClone(row.content)) })
          .where(and(eq(formSubmissions.tenantId, ctx.tenant.tenantId), eq(formSubmissions.id, id)));
      });
    };
    const kept = (await rowOf(id)).content;
    await setContent((content) => {
      content.fields[0].value = 'I accept nothing';
      return content;
    });
    let result = json<any>(await call(ctx.admin, ctx.tenant, `/cform/regform/${id}/verify`));
    expect(result).toMatchObject({ verified: false, contentUnchanged: false, fileUnchanged: true });
    expect(result.message).toBe(VERIFY_TEXTS.contentChanged(result.signedAt));
    expect((await call(null, ctx.tenant, `/cform/regform/${id}/document`)).statusCode).toBe(409);

    await setContent(() => kept);
    expect(json<any>(await call(ctx.admin, ctx.tenant, `/cform/regform/${id}/verify`)).verified).toBe(true);
    await withTenant(ctx.app.platform.db, ctx.tenant.tenantId, (tx) =>
      tx
        .update(formSubmissions)
        .set({ signature: sql`${formSubmissions.signature} || 'AA'` })
        .where(and(eq(formSubmissions.tenantId, ctx.tenant.tenantId), eq(formSubmissions.id, id))),
    );
    result = json<any>(await call(ctx.admin, ctx.tenant, `/cform/regform/${id}/verify`));
    expect(result).toMatchObject({ verified: false, contentUnchanged: false });
    expect((await call(null, ctx.tenant, `/cform/regform/${id}/document`)).statusCode).toBe(409);
  });

  it('staff only; another studio’s form is a 404', async () => {
    const id = await signedForm();
    expect((await call(null, ctx.tenant, `/cform/regform/${id}/verify`)).statusCode).toBe(401);
    expect((await call(ctx.student, ctx.tenant, `/cform/regform/${id}/verify`)).statusCode).toBe(403);
    expect((await call(ctx.otherAdmin, ctx.other, `/cform/regform/${id}/verify`)).statusCode).toBe(404);
    const bad = await call(ctx.admin, ctx.tenant, '/cform/regform/not-an-id/verify');
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).errors.field).toBe('params.id');
  });
});
