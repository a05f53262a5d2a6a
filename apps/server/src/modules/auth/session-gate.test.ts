import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';

let app: App;
let studio: TestTenant;

beforeAll(async () => {
  app = await startTestApp();
  studio = await newTenant(app);
});

const detail = (token: string) => app.inject({ url: '/rest/account/detail', headers: bearer(token, studio.host) });

describe('an ended session authenticates nothing, even with minutes left on its access token', () => {
  it('after logout', async () => {
    const session = await loginAs(app, studio, 'staff', '10.21.0.1');
    expect((await detail(session.access_token)).statusCode).toBe(200);
    const out = await app.inject({
      method: 'POST',
      url: '/app/logout',
      headers: bearer(session.access_token, studio.host),
    });
    expect(out.statusCode).toBe(200);
    expect((await detail(session.access_token)).statusCode).toBe(401);
  });

  it("after an admin suspends the user, while the user's other logins of other users go on", async () => {
    const desk = await loginAs(app, studio, 'frontdesk', '10.21.0.2');
    const admin = await loginAs(app, studio, 'admin', '10.21.0.3');
    expect((await detail(desk.access_token)).statusCode).toBe(200);
    const suspend = await app.inject({
      method: 'PUT',
      url: `/rest/contact/${studio.users.frontdesk.id}`,
      headers: bearer(admin.access_token, studio.host),
      payload: { isUpdateRole: true, accountLocked: true },
    });
    expect(suspend.statusCode).toBe(200);
    expect((await detail(desk.access_token)).statusCode).toBe(401);
    expect((await detail(admin.access_token)).statusCode).toBe(200);
  });

  it('a session that never ended keeps working', async () => {
    const first = await loginAs(app, studio, 'staff', '10.21.0.4');
    const second = await loginAs(app, studio, 'staff', '10.21.0.5');
    await app.inject({ method: 'POST', url: '/app/logout', headers: bearer(first.access_token, studio.host) });
    expect((await detail(second.access_token)).statusCode).toBe(200);
  });
});
