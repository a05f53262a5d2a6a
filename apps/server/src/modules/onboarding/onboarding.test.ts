import { randomInt } from 'node:crypto';
import { ONBOARDING_TEXTS, STUDIO_SIGNUP_MESSAGES, TIMEZONE_UNKNOWN } from '@atrium/contracts';
import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { studioSignupGuards, tenants } from '../../db/schema/index.ts';
import { solveChallenge } from '../forms/human-check.ts';
import { STUDIO_SIGNUPS_PER_IP } from './studio-signup.service.ts';

let app: App;
/**
 * The sign-up's guard table is platform data, shared by every run against one database (CI runs the
 * suite twice on PostgreSQL): each run takes its addresses from its own network.
 */
const net = `10.${randomInt(1, 255)}`;
let existing: TestTenant;

beforeAll(async () => {
  app = await startTestApp();
  // an earlier run on this database within the window, on the same network by chance, counts not
  await app.platform.db.delete(studioSignupGuards).where(like(studioSignupGuards.key, `${net}.%`));
  existing = await newTenant(app);
});

const errorOf = (body: string) => JSON.parse(body).errors as { message: string; code: string; field?: string };
let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

async function solved(host = 'localhost'): Promise<string> {
  const response = await app.inject({ url: '/public/studio/humanCheck', headers: { host } });
  expect(response.statusCode, response.body).toBe(200);
  return solveChallenge(json<any>(response));
}

async function signUp(patch: Record<string, unknown> = {}, ip = `${net}.0.1`, host = 'localhost') {
  const orgId = `studio-${unique()}`;
  const body = {
    businessName: 'Lotus Flow Yoga',
    orgId,
    firstName: 'Maya',
    lastName: 'Rivers',
    email: `maya-${unique()}@example.com`,
    password: 'Lotus-flow-1',
    rToken: await solved(),
    ...patch,
  };
  const response = await app.inject({
    method: 'POST',
    url: '/public/studio/signup',
    headers: { host, 'user-agent': 'SignupTest/1.0' },
    remoteAddress: ip,
    payload: body,
  });
  return { response, body };
}

async function welcome(host: string, code: string, ip = `${net}.0.1`, userAgent = 'SignupTest/1.0') {
  return app.inject({
    method: 'POST',
    url: '/public/studio/welcome',
    headers: { host, 'user-agent': userAgent },
    remoteAddress: ip,
    payload: { code },
  });
}

/** A new studio, its host and its owner's token, through sign-up and welcome. */
async function newStudio(ip = `${net}.10.1`) {
  const { response, body } = await signUp({}, ip);
  expect(response.statusCode, response.body).toBe(201);
  const url = new URL(json<any>(response).url);
  const code = new URLSearchParams(url.hash.slice(1)).get('studioWelcome') as string;
  const host = `${body.orgId}.localhost`;
  const session = await welcome(host, code, ip);
  expect(session.statusCode, session.body).toBe(200);
  return { host, body, token: json<any>(session).access_token as string };
}

describe('a new studio signs up on the bare product domain', () => {
  it('creates the studio and its owner, and the welcome code signs the owner in once on the new host', async () => {
    const { response, body } = await signUp();
    expect(response.statusCode, response.body).toBe(201);
    const result = json<any>(response);
    expect(result.orgId).toBe(body.orgId);
    const url = new URL(result.url);
    expect(`${url.protocol}//${url.host}${url.pathname}`).toBe(`http://${body.orgId}.localhost/onboarding`);
    const code = new URLSearchParams(url.hash.slice(1)).get('studioWelcome') as string;
    expect(code.length).toBeGreaterThan(20);

    const host = `${body.orgId}.localhost`;
    // another studio's host cannot spend it
    expect((await welcome(existing.host, code)).statusCode).toBe(401);
    const session = await welcome(host, code);
    expect(session.statusCode, session.body).toBe(200);
    const signedIn = json<any>(session);
    expect(signedIn.contact).toMatchObject({ email: body.email, role: 'admin' });
    expect(signedIn.tenant).toMatchObject({ orgId: body.orgId, name: 'Lotus Flow Yoga', isNewTenant: true });
    const again = await welcome(host, code);
    expect(again.statusCode).toBe(401);
    expect(errorOf(again.body).message).toBe(STUDIO_SIGNUP_MESSAGES.welcomeExpired);

    // the owner's password works like any login
    const login = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { host },
      payload: { userId: body.email, password: body.password },
    });
    expect(login.statusCode, login.body).toBe(200);
    const ping = json<any>(await app.inject({ url: '/ping', headers: { host } }));
    expect(ping).toMatchObject({ orgId: body.orgId, isNewTenant: true });
  });

  it('a welcome code tried from another browser is spent: the owner then signs in with the password', async () => {
    const { response, body } = await signUp({}, `${net}.0.3`);
    const code = new URLSearchParams(new URL(json<any>(response).url).hash.slice(1)).get('studioWelcome') as string;
    const host = `${body.orgId}.localhost`;
    expect((await welcome(host, code, `${net}.0.3`, 'Other/2.0')).statusCode).toBe(401);
    expect((await welcome(host, code, `${net}.0.3`)).statusCode).toBe(401);
  });

  it('is offered only on the bare product domain: 404 on a studio host', async () => {
    expect((await app.inject({ url: '/public/studio/humanCheck', headers: { host: existing.host } })).statusCode).toBe(
      404,
    );
    const { response } = await signUp({}, `${net}.0.2`, existing.host);
    expect(response.statusCode).toBe(404);
  });

  it('answers 400 naming the field, creating nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ businessName: '' }, 'businessName', STUDIO_SIGNUP_MESSAGES.businessName],
      [{ orgId: 'ab' }, 'orgId', STUDIO_SIGNUP_MESSAGES.orgIdLength],
      [{ orgId: 'my_studio' }, 'orgId', STUDIO_SIGNUP_MESSAGES.orgIdPattern],
      [{ orgId: 'admin' }, 'orgId', STUDIO_SIGNUP_MESSAGES.orgIdReserved],
      [{ orgId: existing.orgId }, 'orgId', STUDIO_SIGNUP_MESSAGES.orgIdTaken],
      [{ firstName: ' ' }, 'firstName', STUDIO_SIGNUP_MESSAGES.firstName],
      [{ email: 'not-an-email' }, 'email', STUDIO_SIGNUP_MESSAGES.emailInvalid],
      [{ password: 'short' }, 'password', 'password must be at least 8 characters'],
      [{ rToken: 'forged' }, 'rToken', 'The human check failed. Please try again.'],
    ];
    for (const [patch, field, message] of cases) {
      const { response } = await signUp({ businessName: 'Nameless', ...patch }, `${net}.1.1`);
      expect(response.statusCode, JSON.stringify(patch)).toBe(400);
      expect(errorOf(response.body)).toMatchObject({ field, message });
    }
    const named = await app.platform.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.name, 'Nameless'));
    expect(named).toEqual([]);
  });

  it('refuses a replayed human check', async () => {
    const rToken = await solved();
    expect((await signUp({ rToken }, `${net}.2.1`)).response.statusCode).toBe(201);
    const replay = await signUp({ rToken }, `${net}.2.1`);
    expect(replay.response.statusCode).toBe(400);
    expect(errorOf(replay.response.body)).toMatchObject({ field: 'rToken' });
  });

  it(`throttles one IP after ${STUDIO_SIGNUPS_PER_IP} tries; another IP still signs up`, async () => {
    for (let i = 0; i < STUDIO_SIGNUPS_PER_IP; i += 1) {
      // a taken address passes the form's rules, so each try reaches the throttle
      expect((await signUp({ orgId: existing.orgId }, `${net}.3.1`)).response.statusCode).toBe(400);
    }
    const refused = await signUp({}, `${net}.3.1`);
    expect(refused.response.statusCode).toBe(429);
    expect(errorOf(refused.response.body).message).toMatch(/^Too many studios created from your network\./);
    expect((await signUp({}, `${net}.3.2`)).response.statusCode).toBe(201);
  });
});

describe('onboarding: PUT /snode/tenant with onBoardingStep', () => {
  const put = (token: string, host: string, payload: object) =>
    app.inject({ method: 'PUT', url: '/snode/tenant', headers: bearer(token, host), payload });

  it('saves each step, checks its rules, and the last step ends the wizard', async () => {
    const { host, token } = await newStudio();
    const before = json<any>(await app.inject({ url: '/snode/tenant', headers: bearer(token, host) }));
    expect(before.onboarding).toMatchObject({
      onBoardingStep: 0,
      isNewTenant: true,
      businessType: 'wellness-trainer',
      businessSize: '2',
      name: 'Lotus Flow Yoga',
    });

    const badType = await put(token, host, { onBoardingStep: 0, businessType: 'circus', businessSize: '2' });
    expect(errorOf(badType.body)).toMatchObject({ field: 'businessType', message: ONBOARDING_TEXTS.businessType });
    const badSize = await put(token, host, { onBoardingStep: 0, businessType: 'coach', businessSize: '7' });
    expect(errorOf(badSize.body)).toMatchObject({ field: 'businessSize' });
    const step1 = await put(token, host, {
      onBoardingStep: 0,
      businessType: 'coach',
      businessSize: '5',
      businessReferer: 'A friend',
    });
    expect(step1.statusCode, step1.body).toBe(200);
    expect(json<any>(step1)).toMatchObject({ onBoardingStep: 1, businessType: 'coach', businessSize: '5' });

    const business = {
      onBoardingStep: 1,
      name: 'Lotus Flow',
      phone: '+1 555-123-4567',
      timezone: 'America/Chicago',
      address: { country: 'USA' },
      companyUrl: 'https://lotusflow.example',
    };
    const noPhone = await put(token, host, { ...business, phone: '' });
    expect(errorOf(noPhone.body)).toEqual({
      code: 'invalid_input',
      field: 'phone',
      message: ONBOARDING_TEXTS.phoneRequired,
    });
    const shortPhone = await put(token, host, { ...business, phone: '+1 555-123' });
    expect(errorOf(shortPhone.body).field).toBe('phone');
    for (const timezone of ['Europe/Pariss', '+01:00', 'europe/paris']) {
      const badZone = await put(token, host, { ...business, timezone });
      expect(badZone.statusCode).toBe(400);
      expect(errorOf(badZone.body)).toMatchObject({ field: 'timezone', message: TIMEZONE_UNKNOWN });
    }
    // the platform's markets only, by their ISO 3166 alpha-3 codes
    for (const country of ['DEU', 'UK', '']) {
      const badCountry = await put(token, host, { ...business, address: { country } });
      expect(errorOf(badCountry.body)).toMatchObject({ field: 'address.country', message: ONBOARDING_TEXTS.country });
    }
    const london = await put(token, host, {
      ...business,
      phone: '+44 2071-234-567',
      timezone: 'Europe/London',
      address: { country: 'GBR' },
    });
    expect(london.statusCode, london.body).toBe(200);
    expect(json<any>(london)).toMatchObject({ country: 'GBR', timezone: 'Europe/London', phone: '+44 2071-234-567' });
    const badStep = await put(token, host, { ...business, onBoardingStep: 5 });
    expect(errorOf(badStep.body).field).toBe('onBoardingStep');
    const step2 = await put(token, host, business);
    expect(step2.statusCode, step2.body).toBe(200);
    expect(json<any>(step2)).toMatchObject({ onBoardingStep: 2, name: 'Lotus Flow', timezone: 'America/Chicago' });

    const done = await put(token, host, {
      onBoardingStep: 2,
      products: { isShowScheduleMenu: true, isShowEventsMenu: false, isShowCourses: false, isShowDonationMenu: true },
      isNewTenant: false,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(json<any>(done)).toMatchObject({
      isNewTenant: false,
      products: {
        isShowCourses: true,
        isShowScheduleMenu: true,
        isShowEventsMenu: false,
        isShowAssessment: false,
        isShowDonationMenu: true,
        isShowMerchandiseMenu: false,
      },
    });
    const ping = json<any>(await app.inject({ url: '/ping', headers: { host } }));
    expect(ping).toMatchObject({ isNewTenant: false, name: 'Lotus Flow', timezone: 'America/Chicago' });
    // the modules chosen put their pages in the public menu (issue 29): not a site with only "Home"
    const menu = json<any>(await app.inject({ url: '/edtest/tenant/settings/menu?name=public', headers: { host } }));
    expect(menu.items.map((item: { title: string }) => item.title)).toEqual([
      'Home',
      'Calendar',
      'Courses',
      'Donations',
    ]);
    const closed = await put(token, host, { onBoardingStep: 2, products: {} });
    expect(closed.statusCode).toBe(409);
  });

  it('is for the studio admin of the host only: staff and students 403, another tenant’s admin refused', async () => {
    const { host } = await newStudio(`${net}.10.2`);
    const t = await newTenant(app, { settings: { isNewTenant: true } });
    for (const role of ['staff', 'frontdesk', 'student'] as const) {
      const token = (await loginAs(app, t, role)).access_token;
      expect(
        (await put(token, t.host, { onBoardingStep: 0, businessType: 'coach', businessSize: '2' })).statusCode,
      ).toBe(403);
    }
    const otherAdmin = (await loginAs(app, existing, 'admin')).access_token;
    const foreign = await put(otherAdmin, host, { onBoardingStep: 0, businessType: 'coach', businessSize: '2' });
    expect(foreign.statusCode).toBe(401);
  });
});
