import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { readTenant } from '../../db/client.ts';
import { contacts, formSubmissions } from '../../db/schema/index.ts';
import { solveChallenge } from './human-check.ts';

let app: App;
let tenant: TestTenant;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  tenant = await newTenant(app);
  admin = (await loginAs(app, tenant, 'admin')).access_token;
});

describe('concurrent submissions', () => {
  it('200 submissions of one form by one email at once: all stored, one contact', { timeout: 120_000 }, async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/rest/customForm',
      headers: bearer(admin, tenant.host),
      payload: { name: 'Rush', isPublished: true, customFields: [{ name: 'Note', type: 'text' }] },
    });
    expect(created.statusCode).toBe(201);
    const form = json<any>(created);
    const tokens: string[] = [];
    for (let i = 0; i < 200; i += 1) {
      const challenge = await app.inject({
        method: 'GET',
        url: '/public/humanCheck?action=custom_form_checkout',
        headers: { host: tenant.host },
      });
      tokens.push(solveChallenge(json<any>(challenge)));
    }
    const started = performance.now();
    const answers = await Promise.all(
      tokens.map((rToken, i) =>
        app.inject({
          method: 'POST',
          url: '/cform/regform/public',
          headers: { host: tenant.host },
          // 200 visitors, each on their own network (one IP may send FORM_SUBMISSIONS_PER_IP)
          remoteAddress: `10.20.${i >> 8}.${i & 255}`,
          payload: {
            formId: form.guId,
            rToken,
            firstName: 'Rush',
            lastName: 'Hour',
            email: 'Rush.Hour@Example.com',
            customField: [{ guId: form.customFields[0].guId, value: `try ${i}` }],
          },
        }),
      ),
    );
    const ms = performance.now() - started;
    expect(answers.map((a) => a.statusCode).filter((s) => s !== 201)).toEqual([]);
    const [people, stored] = await readTenant(app.platform.db, tenant.tenantId, async (tx) => [
      await tx
        .select({ n: count() })
        .from(contacts)
        .where(and(eq(contacts.tenantId, tenant.tenantId), eq(contacts.email, 'rush.hour@example.com'))),
      await tx
        .select({ n: count() })
        .from(formSubmissions)
        .where(and(eq(formSubmissions.tenantId, tenant.tenantId), eq(formSubmissions.formId, form.guId))),
    ]);
    expect(people[0]?.n).toBe(1);
    expect(stored[0]?.n).toBe(200);
    console.info(`200 concurrent form submissions: ${Math.round(ms)} ms`);
  });
});
