import { NOTICE_MESSAGES } from '@atrium/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { errorOf } from '../contacts/contact-fixtures.ts';

// Notices and quotes (issue 27; spec 3 §4 "Notices", §5, §7.9 `/edtest/noticeboard*`, §8), on PGlite
// and PostgreSQL: who writes and reads, the board's rule, the studio's zone, sanitising.

let app: App;
let a: TestTenant;
let b: TestTenant;
const tokens = { admin: '', staff: '', frontdesk: '', student: '', preview: '', otherAdmin: '', otherStudent: '' };

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (tenant: TestTenant, token: string | null, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: token ? bearer(token, tenant.host) : { host: tenant.host }, payload });

interface NoticeBody {
  _id: string;
  message: string;
  isActive: boolean;
  type: 'notice' | 'quote';
  expiryDate: string | null;
  expiresAt: string | null;
  isExpired: boolean;
}
const list = async (tenant: TestTenant, token: string, query = '') => {
  const response = await call(tenant, token, 'GET', `/edtest/noticeboard${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<{ data: NoticeBody[] }>(response).data;
};
const post = async (tenant: TestTenant, token: string, body: object) => {
  const response = await call(tenant, token, 'POST', '/edtest/noticeboard', body);
  expect(response.statusCode, response.body).toBe(201);
  return json<NoticeBody>(response);
};

beforeAll(async () => {
  app = await startTestApp();
  a = await newTenant(app, { name: 'Ayşe Yoga', settings: { timezone: 'America/New_York' } });
  b = await newTenant(app, { settings: { timezone: 'Asia/Kolkata' } });
  for (const role of ['admin', 'staff', 'frontdesk', 'student'] as const) {
    tokens[role] = (await loginAs(app, a, role)).access_token;
  }
  tokens.otherAdmin = (await loginAs(app, b, 'admin')).access_token;
  tokens.otherStudent = (await loginAs(app, b, 'student')).access_token;
  const preview = await call(a, tokens.admin, 'GET', '/rest/reInitInfo?preview=true');
  expect(preview.statusCode, preview.body).toBe(200);
  tokens.preview = json<{ access_token: string }>(preview).access_token;
});

afterEach(() => app.platform.clock.reset());

describe('writing notices and quotes', () => {
  it('admin and staff publish, change and delete; front desk and members may not; new ones are published notices', async () => {
    const byAdmin = await post(a, tokens.admin, {
      message: '<p>Studio closed on <strong>Monday</strong></p>',
      type: 'notice',
    });
    expect(byAdmin).toMatchObject({
      message: '<p>Studio closed on <strong>Monday</strong></p>',
      isActive: true,
      type: 'notice',
      expiryDate: null,
      expiresAt: null,
      isExpired: false,
    });
    const byStaff = await post(a, tokens.staff, {
      message: '<p>Breathe in, breathe out.</p>',
      type: 'quote',
      isActive: false,
    });
    expect(byStaff).toMatchObject({ type: 'quote', isActive: false });

    for (const role of ['frontdesk', 'student', 'preview'] as const) {
      const token = tokens[role];
      expect(
        (await call(a, token, 'POST', '/edtest/noticeboard', { message: '<p>x</p>', type: 'notice' })).statusCode,
      ).toBe(403);
      expect((await call(a, token, 'PUT', `/edtest/noticeboard/${byAdmin._id}`, { isActive: false })).statusCode).toBe(
        403,
      );
      expect((await call(a, token, 'DELETE', `/edtest/noticeboard/${byAdmin._id}`)).statusCode).toBe(403);
    }
    expect((await call(a, null, 'GET', '/edtest/noticeboard')).statusCode).toBe(401);

    const changed = await call(a, tokens.staff, 'PUT', `/edtest/noticeboard/${byStaff._id}`, {
      isActive: true,
      message: '<p>Breathe.</p>',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json(changed)).toMatchObject({
      _id: byStaff._id,
      isActive: true,
      message: '<p>Breathe.</p>',
      type: 'quote',
    });

    const deleted = await call(a, tokens.admin, 'DELETE', `/edtest/noticeboard/${byAdmin._id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(json(deleted)).toEqual({ message: NOTICE_MESSAGES.deleted });
    expect((await call(a, tokens.admin, 'DELETE', `/edtest/noticeboard/${byAdmin._id}`)).statusCode).toBe(404);
    expect((await list(a, tokens.frontdesk)).map((n) => n._id)).not.toContain(byAdmin._id);
  });

  it('bad input is a 400 naming the field', async () => {
    for (const [body, field, message] of [
      [{ type: 'notice' }, 'message', NOTICE_MESSAGES.messageRequired],
      [{ message: '<p>  </p><p>&nbsp;</p>', type: 'notice' }, 'message', NOTICE_MESSAGES.messageRequired],
      [{ message: '<p>Hello</p>' }, 'type', NOTICE_MESSAGES.typeRequired],
      [{ message: '<p>Hello</p>', type: 'poem' }, 'type', NOTICE_MESSAGES.typeRequired],
      [{ message: '<p>Hello</p>', type: 'notice', expiryDate: '2026-02-30' }, 'expiryDate', NOTICE_MESSAGES.expiryDate],
      [{ message: '<p>Hello</p>', type: 'notice', isActive: 'yes' }, 'isActive', undefined],
      // only a script: nothing is left once it is sanitised
      [{ message: '<script>alert(1)</script>', type: 'notice' }, 'message', NOTICE_MESSAGES.messageRequired],
    ] as const) {
      const bad = await call(a, tokens.admin, 'POST', '/edtest/noticeboard', body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      const error = errorOf(bad.body);
      expect(error.field).toBe(field);
      if (message) expect(error.message).toBe(message);
    }
    const one = await post(a, tokens.admin, { message: '<p>Kept</p>', type: 'notice' });
    const blank = await call(a, tokens.admin, 'PUT', `/edtest/noticeboard/${one._id}`, { message: '<p></p>' });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank.body)).toMatchObject({ field: 'message', message: NOTICE_MESSAGES.messageRequired });
    expect((await call(a, tokens.admin, 'PUT', '/edtest/noticeboard/not-an-id', { isActive: true })).statusCode).toBe(
      400,
    );
  });

  it('the message is sanitised: a script and event handlers are removed, the words stay', async () => {
    const notice = await post(a, tokens.admin, {
      message: '<p onclick="steal()">Hello <em>all</em><script>alert(1)</script><img src="x" onerror="steal()"></p>',
      type: 'notice',
    });
    expect(notice.message).not.toMatch(/script|onclick|onerror|alert/i);
    expect(notice.message).toContain('Hello <em>all</em>');
    const board = await list(a, tokens.student);
    expect(board.find((n) => n._id === notice._id)?.message).toBe(notice.message);
  });
});

describe('the board', () => {
  it('members see only active, unexpired notices and quotes; staff see all; isActive filters staff lists', async () => {
    const shown = await post(a, tokens.admin, { message: '<p>Shown</p>', type: 'notice' });
    const quote = await post(a, tokens.admin, { message: '<p>Shown quote</p>', type: 'quote' });
    const hidden = await post(a, tokens.admin, { message: '<p>Private</p>', type: 'notice', isActive: false });
    const expired = await post(a, tokens.admin, { message: '<p>Old</p>', type: 'quote', expiryDate: '2020-01-01' });
    expect(expired.isExpired).toBe(true);

    for (const role of ['student', 'preview'] as const) {
      const ids = (await list(a, tokens[role], '?isActive=true')).map((n) => n._id);
      expect(ids).toEqual(expect.arrayContaining([shown._id, quote._id]));
      expect(ids).not.toContain(hidden._id);
      expect(ids).not.toContain(expired._id);
      expect((await list(a, tokens[role])).map((n) => n._id)).toEqual(ids);
      expect((await call(a, tokens[role], 'GET', '/edtest/noticeboard?isActive=false')).statusCode).toBe(403);
    }
    for (const role of ['admin', 'staff', 'frontdesk'] as const) {
      const ids = (await list(a, tokens[role])).map((n) => n._id);
      expect(ids).toEqual(expect.arrayContaining([shown._id, quote._id, hidden._id, expired._id]));
    }
    const active = await list(a, tokens.staff, '?isActive=true');
    expect(active.every((n) => n.isActive)).toBe(true);
    expect(active.map((n) => n._id)).toContain(expired._id);
    const inactive = await list(a, tokens.staff, '?isActive=false');
    expect(inactive.map((n) => n._id)).toEqual([hidden._id]);
    // newest first
    const all = (await list(a, tokens.admin)).map((n) => n._id);
    expect(all.indexOf(expired._id)).toBeLessThan(all.indexOf(shown._id));
  });

  it("another studio's notices are invisible, and its ids are 404s", async () => {
    const mine = await post(a, tokens.admin, { message: '<p>Only for Ayşe Yoga</p>', type: 'notice' });
    const theirs = await post(b, tokens.otherAdmin, { message: '<p>Other studio</p>', type: 'quote' });
    expect((await list(b, tokens.otherStudent)).map((n) => n._id)).toEqual([theirs._id]);
    expect((await list(b, tokens.otherAdmin)).map((n) => n._id)).toEqual([theirs._id]);
    expect((await list(a, tokens.student)).map((n) => n._id)).not.toContain(theirs._id);
    for (const [method, payload] of [
      ['PUT', { isActive: false }],
      ['DELETE', undefined],
    ] as const) {
      expect((await call(b, tokens.otherAdmin, method, `/edtest/noticeboard/${mine._id}`, payload)).statusCode).toBe(
        404,
      );
    }
    // a token of studio A on studio B's host is not studio B's staff
    expect((await call(b, tokens.admin, 'GET', '/edtest/noticeboard')).statusCode).toBe(401);
    expect((await list(a, tokens.admin)).find((n) => n._id === mine._id)?.isActive).toBe(true);
  });
});

describe("expiry in the studio's time zone", () => {
  const onBoard = async (id: string) => (await list(a, tokens.student)).some((n) => n._id === id);

  it('a notice whose last day is today shows until the studio’s midnight, across the spring-forward change', async () => {
    // New York moves its clocks from 02:00 to 03:00 on 8 March 2026: that day ends at 04:00 UTC (EDT), not 05:00.
    app.platform.clock.set(new Date('2026-03-08T15:00:00Z'));
    const notice = await post(a, tokens.admin, {
      message: '<p>Today only</p>',
      type: 'notice',
      expiryDate: '2026-03-08',
    });
    expect(notice).toMatchObject({ isExpired: false, expiresAt: '2026-03-09T04:00:00.000Z' });
    // 23:30 in New York on the 8th (already the 9th in UTC): still shown
    app.platform.clock.set(new Date('2026-03-09T03:30:00Z'));
    expect(await onBoard(notice._id)).toBe(true);
    // 00:00:30 on the 9th in New York (still the 8th at 23:00 on a clock five hours behind UTC): gone
    app.platform.clock.set(new Date('2026-03-09T04:00:30Z'));
    expect(await onBoard(notice._id)).toBe(false);
    expect((await list(a, tokens.admin)).find((n) => n._id === notice._id)?.isExpired).toBe(true);
  });

  it('and across the fall-back change, when that day has 25 hours', async () => {
    app.platform.clock.set(new Date('2026-11-01T12:00:00Z'));
    const notice = await post(a, tokens.staff, {
      message: '<p>Fall back</p>',
      type: 'quote',
      expiryDate: '2026-11-01',
    });
    expect(notice.expiresAt).toBe('2026-11-02T05:00:00.000Z');
    app.platform.clock.set(new Date('2026-11-02T04:30:00Z')); // 23:30 EST on the 1st
    expect(await onBoard(notice._id)).toBe(true);
    app.platform.clock.set(new Date('2026-11-02T05:00:30Z')); // 00:00:30 on the 2nd
    expect(await onBoard(notice._id)).toBe(false);
  });

  it("each studio's own zone decides: Kolkata's day ends at 18:30 UTC", async () => {
    app.platform.clock.set(new Date('2026-06-10T18:00:00Z')); // 23:30 in Kolkata
    const notice = await post(b, tokens.otherAdmin, {
      message: '<p>Namaste</p>',
      type: 'notice',
      expiryDate: '2026-06-10',
    });
    expect(notice.expiresAt).toBe('2026-06-10T18:30:00.000Z');
    expect((await list(b, tokens.otherStudent)).some((n) => n._id === notice._id)).toBe(true);
    app.platform.clock.set(new Date('2026-06-10T18:31:00Z'));
    expect((await list(b, tokens.otherStudent)).some((n) => n._id === notice._id)).toBe(false);
    // clearing the expiry brings it back
    const cleared = await call(b, tokens.otherAdmin, 'PUT', `/edtest/noticeboard/${notice._id}`, { expiryDate: null });
    expect(json(cleared)).toMatchObject({ expiryDate: null, expiresAt: null, isExpired: false });
    expect((await list(b, tokens.otherStudent)).some((n) => n._id === notice._id)).toBe(true);
  });
});
