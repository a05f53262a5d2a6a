import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { expectEachRefused } from '../../../test/role-calls.ts';
import type { App } from '../../app.ts';

let app: App;
let studio: TestTenant;
let other: TestTenant;
let admin: string;

beforeAll(async () => {
  app = await startTestApp();
  studio = await newTenant(app);
  other = await newTenant(app);
  admin = (await loginAs(app, studio, 'admin')).access_token;
});

const call = (token: string, tenant: TestTenant, method: 'GET' | 'PUT', payload?: object) =>
  app.inject({ method, url: '/rest/settings/studentapp', headers: bearer(token, tenant.host), payload });

const form = (patch: Record<string, unknown> = {}) => ({
  appLabel1: 'Timetable',
  appLabel2: 'Learning',
  appLabel3: 'Shop',
  appLabel4: 'Quizzes',
  appPrimaryColor: '#0b7285',
  appWelcomeImage1: 'https://cdn.example.com/welcome-1.png',
  appWelcomeImage2: '',
  appWelcomeImage3: '',
  ...patch,
});

describe('/rest/settings/studentapp', () => {
  it('answers the defaults to staff and refuses students', async () => {
    const staff = (await loginAs(app, studio, 'staff')).access_token;
    expect(json(await call(staff, studio, 'GET'))).toEqual({
      appLabel1: 'Calendar',
      appLabel2: 'Courses',
      appLabel3: 'My Store',
      appLabel4: 'Assessments',
      appPrimaryColor: null,
      appWelcomeImage1: null,
      appWelcomeImage2: null,
      appWelcomeImage3: null,
    });
    const student = (await loginAs(app, studio, 'student')).access_token;
    expect((await call(student, studio, 'GET')).statusCode).toBe(403);
    expect((await call(staff, studio, 'PUT', { appLabel1: 7 })).statusCode).toBe(403);
  });

  it('names the bad field and writes nothing', async () => {
    const cases: [object, string, string][] = [
      [form({ appLabel1: '  ' }), 'appLabel1', 'Label 1 is required!'],
      [form({ appLabel4: undefined }), 'appLabel4', 'Label 4 is required!'],
      [form({ appLabel2: 'x'.repeat(31) }), 'appLabel2', 'Label 2 cannot exceed 30 characters'],
      [form({ appPrimaryColor: 'teal' }), 'appPrimaryColor', 'Primary colour must be a colour like #1a2b3c'],
      [form({ appWelcomeImage2: 'javascript:alert(1)' }), 'appWelcomeImage2', 'Welcome image 2 must be'],
    ];
    await expectEachRefused(cases, (payload) => call(admin, studio, 'PUT', payload));
    expect(json<any>(await call(admin, studio, 'GET')).appLabel1).toBe('Calendar');
  });

  it('saves the screen; the labels reach the ping at once, for this tenant only', async () => {
    const response = await call(admin, studio, 'PUT', form());
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({
      appLabel1: 'Timetable',
      appPrimaryColor: '#0b7285',
      appWelcomeImage2: null,
    });
    const ping = json<any>(await app.inject({ url: '/ping', headers: { host: studio.host } }));
    expect(ping.appLabels).toEqual(['Timetable', 'Learning', 'Shop', 'Quizzes']);
    const otherPing = json<any>(await app.inject({ url: '/ping', headers: { host: other.host } }));
    expect(otherPing.appLabels).toEqual(['Calendar', 'Courses', 'My Store', 'Assessments']);
  });
});
