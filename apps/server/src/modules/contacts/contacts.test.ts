import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { createUsers } from '../../seed/tenants.ts';

let app: App;
let a: TestTenant;
let b: TestTenant;
let adminA: string;

beforeAll(async () => {
  app = await startTestApp();
  a = await newTenant(app);
  b = await newTenant(app);
  await createUsers(app.platform.db, a.tenantId, [
    { email: 'maria.lopez@x.test', password: 'whatever-123', name: 'Maria', lastName: 'Lopez', role: 'student' },
    { email: 'mario@x.test', password: 'whatever-123', name: 'Mario', lastName: 'Rossi', role: 'student' },
  ]);
  await createUsers(app.platform.db, b.tenantId, [
    { email: 'maria.b@x.test', password: 'whatever-123', name: 'Maria', lastName: 'Other', role: 'student' },
  ]);
  adminA = (await loginAs(app, a, 'admin')).access_token;
});

describe('GET /rest/contact?userType=admin', () => {
  it('lists the staff of this tenant only', async () => {
    const response = await app.inject({ url: '/rest/contact?userType=admin', headers: bearer(adminA, a.host) });
    expect(response.statusCode).toBe(200);
    const roles = json<{ role: string; email: string }[]>(response)
      .map((row) => row.role)
      .sort();
    expect(roles).toEqual(['admin', 'frontdesk', 'staff']);
  });

  it('is refused to students and to visitors', async () => {
    const student = (await loginAs(app, a, 'student')).access_token;
    expect(
      (await app.inject({ url: '/rest/contact?userType=admin', headers: bearer(student, a.host) })).statusCode,
    ).toBe(403);
    expect((await app.inject({ url: '/rest/contact?userType=admin', headers: { host: a.host } })).statusCode).toBe(401);
  });
});

describe('GET /rest/contact/?autoComplete=true', () => {
  it('finds people by part of their name or email, with the trailing-slash path of the spec', async () => {
    const response = await app.inject({
      url: '/rest/contact/?autoComplete=true&q=mari',
      headers: bearer(adminA, a.host),
    });
    expect(response.statusCode).toBe(200);
    const items = json<{ id: string; label: string; email: string }[]>(response);
    expect(items.map((item) => item.label).sort()).toEqual(['Maria Lopez', 'Mario Rossi']);
    const byEmail = json<any[]>(
      await app.inject({ url: '/rest/contact?autoComplete=true&q=lopez@', headers: bearer(adminA, a.host) }),
    );
    expect(byEmail.map((item) => item.email)).toEqual(['maria.lopez@x.test']);
  });

  it('finds people by a short text too (a scan rather than the trigram index), never in another tenant', async () => {
    const items = json<{ email: string }[]>(
      await app.inject({ url: '/rest/contact?autoComplete=true&q=mar', headers: bearer(adminA, a.host) }),
    );
    expect(items.map((item) => item.email).sort()).toEqual(['maria.lopez@x.test', 'mario@x.test']);
  });

  it("never returns another tenant's people", async () => {
    const items = json<{ email: string }[]>(
      await app.inject({ url: '/rest/contact?autoComplete=true&q=maria', headers: bearer(adminA, a.host) }),
    );
    expect(items.map((item) => item.email)).not.toContain('maria.b@x.test');
  });

  it('treats like-wildcards as text', async () => {
    const items = json<unknown[]>(
      await app.inject({ url: '/rest/contact?autoComplete=true&q=%25', headers: bearer(adminA, a.host) }),
    );
    expect(items).toEqual([]);
  });

  it('rejects bad input naming the field', async () => {
    const none = await app.inject({ url: '/rest/contact', headers: bearer(adminA, a.host) });
    expect(none.statusCode).toBe(400);
    expect(json<any>(none).errors.field).toBe('userType');
    const wrong = await app.inject({ url: '/rest/contact?userType=everyone', headers: bearer(adminA, a.host) });
    expect(wrong.statusCode).toBe(400);
    expect(json<any>(wrong).errors.field).toBe('querystring.userType');
  });
});
