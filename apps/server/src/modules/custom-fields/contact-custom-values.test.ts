import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant, twoStudios } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { createContactVia, errorOf } from '../contacts/contact-fixtures.ts';

let app: App;
let tenant: TestTenant;
let other: TestTenant;
let admin: string;
let otherAdmin: string;
const f: Record<string, string> = {};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, t: TestTenant, method: Method, url: string, payload?: unknown) =>
  app.inject({ method, url, headers: bearer(token, t.host), payload: payload as object });

async function addField(t: TestTenant, token: string, body: Record<string, unknown>): Promise<string> {
  const response = await call(token, t, 'POST', '/rest/customField', body);
  if (response.statusCode !== 201) throw new Error(`create field: ${response.statusCode} ${response.body}`);
  return json<{ guId: string }>(response).guId;
}

beforeAll(async () => {
  app = await startTestApp();
  ({ tenant, other, admin, otherAdmin } = await twoStudios(app, ['admin']));
  f.section = await addField(tenant, admin, { type: 'header', name: 'About you', tag: 'aboutyou' });
  f.nick = await addField(tenant, admin, { type: 'text', name: 'Nickname', tag: 'nickname' });
  f.age = await addField(tenant, admin, { type: 'number', name: 'Age', tag: 'age' });
  f.bio = await addField(tenant, admin, { type: 'textarea', name: 'Bio', tag: 'bio' });
  f.vegan = await addField(tenant, admin, { type: 'checkbox', name: 'Vegan', tag: 'vegan' });
  f.level = await addField(tenant, admin, {
    type: 'radio',
    name: 'Level',
    tag: 'level',
    option1: 'Beginner',
    option2: 'Advanced',
  });
  f.size = await addField(tenant, admin, { type: 'dropdown', name: 'Size', tag: 'size', option1: 'S', option2: 'M' });
});

const valuesOf = (body: string) =>
  Object.fromEntries(JSON.parse(body).map((row: { tag: string; value: string }) => [row.tag, row.value]));

describe('GET /rest/contact/{id}/customFields', () => {
  it('answers every field of the tenant in order, with empty values for a new contact', async () => {
    const contact = await createContactVia(app, tenant, admin, { firstName: 'Empty' });
    const response = await call(admin, tenant, 'GET', `/rest/contact/${contact.guId}/customFields`);
    expect(response.statusCode).toBe(200);
    const rows = json<any[]>(response);
    expect(rows.map((row) => row.tag)).toEqual(['aboutyou', 'nickname', 'age', 'bio', 'vegan', 'level', 'size']);
    expect(rows.every((row) => row.value === '')).toBe(true);
    expect(rows[5]).toMatchObject({ type: 'radio', option1: 'Beginner', option2: 'Advanced', guId: f.level });
  });

  it('is a 404 for another tenant’s contact and a 403 for students', async () => {
    const theirs = await createContactVia(app, other, otherAdmin, { firstName: 'Theirs' });
    expect((await call(admin, tenant, 'GET', `/rest/contact/${theirs.guId}/customFields`)).statusCode).toBe(404);
    expect((await call(admin, tenant, 'PUT', `/rest/contact/${theirs.guId}/customFields`, [])).statusCode).toBe(404);
    const student = (await loginAs(app, tenant, 'student')).access_token;
    const mine = await createContactVia(app, tenant, admin, { firstName: 'Mine' });
    expect((await call(student, tenant, 'GET', `/rest/contact/${mine.guId}/customFields`)).statusCode).toBe(403);
    expect(
      (await call(student, tenant, 'PUT', `/rest/contact/${mine.guId}/customFields`, { nonsense: 1 })).statusCode,
    ).toBe(403);
  });
});

describe('PUT /rest/contact/{id}/customFields', () => {
  it('sets values of every type, for every staff role, and reads them back', async () => {
    const contact = await createContactVia(app, tenant, admin, { firstName: 'Full' });
    const url = `/rest/contact/${contact.guId}/customFields`;
    for (const role of ['admin', 'staff', 'frontdesk'] as const) {
      const token = (await loginAs(app, tenant, role)).access_token;
      const response = await call(token, tenant, 'PUT', url, [
        { guId: f.nick, value: ` ${role} ` },
        { guId: f.age, value: '-12.5' },
        { guId: f.bio, value: 'Line one\nLine two' },
        { guId: f.vegan, value: 'true' },
        { guId: f.level, value: 'Advanced' },
        { guId: f.size, value: 'M' },
        { guId: f.section, value: '' },
      ]);
      expect(response.statusCode).toBe(200);
      expect(valuesOf(response.body)).toEqual({
        aboutyou: '',
        nickname: role,
        age: '-12.5',
        bio: 'Line one\nLine two',
        vegan: 'true',
        level: 'Advanced',
        size: 'M',
      });
    }
    // fields not listed keep their values; '' clears one
    const partial = await call(admin, tenant, 'PUT', url, [{ guId: f.nick, value: '' }]);
    expect(valuesOf(partial.body)).toMatchObject({ nickname: '', age: '-12.5', size: 'M' });
    expect(valuesOf((await call(admin, tenant, 'GET', url)).body)).toMatchObject({ nickname: '', level: 'Advanced' });
  });

  it.each([
    ['age', 'twelve', 'Age must be a number'],
    ['age', '1e5', 'Age must be a number'],
    ['vegan', 'yes', 'Vegan must be true or false'],
    ['level', 'Expert', 'Level must be one of its options'],
    ['size', 's', 'Size must be one of its options'],
    ['section', 'Hello', 'About you is a header and has no value'],
    ['nick', 'x'.repeat(256), 'Nickname must be at most 255 characters'],
  ])('refuses a bad %s value %j, naming the field by its tag, and writes nothing', async (key, value, message) => {
    const contact = await createContactVia(app, tenant, admin, { firstName: 'Bad' });
    const url = `/rest/contact/${contact.guId}/customFields`;
    const response = await call(admin, tenant, 'PUT', url, [
      { guId: f.bio, value: 'Set first' },
      { guId: f[key], value },
    ]);
    expect(response.statusCode).toBe(400);
    const tag = { age: 'age', vegan: 'vegan', level: 'level', size: 'size', section: 'aboutyou', nick: 'nickname' }[
      key
    ];
    expect(errorOf(response.body)).toMatchObject({ message, field: tag });
    expect(valuesOf((await call(admin, tenant, 'GET', url)).body).bio).toBe('');
  });

  it('refuses an unknown or another tenant’s field (404), a duplicate entry and a malformed body (400)', async () => {
    const contact = await createContactVia(app, tenant, admin, { firstName: 'Ids' });
    const url = `/rest/contact/${contact.guId}/customFields`;
    const theirs = await addField(other, otherAdmin, { type: 'text', name: 'Theirs', tag: 'theirs' });
    const foreign = await call(admin, tenant, 'PUT', url, [{ guId: theirs, value: 'x' }]);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign.body).field).toBe('0.guId');
    const twice = await call(admin, tenant, 'PUT', url, [
      { guId: f.nick, value: 'a' },
      { guId: f.nick, value: 'b' },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(errorOf(twice.body).field).toBe('1.guId');
    const malformed = await call(admin, tenant, 'PUT', url, [{ guId: 'nope', value: 'x' }]);
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed.body).field).toBe('0.guId');
  });

  it('requires mandatory fields, sent or not, and a ticked mandatory checkbox', async () => {
    const t = await newTenant(app);
    const token = (await loginAs(app, t, 'admin')).access_token;
    const name = await addField(t, token, { type: 'text', name: 'Emergency', tag: 'emergency', isMandatory: true });
    const consent = await addField(t, token, { type: 'checkbox', name: 'Consent', tag: 'consent', isMandatory: true });
    const contact = await createContactVia(app, t, token, { firstName: 'Must' });
    const url = `/rest/contact/${contact.guId}/customFields`;
    const blank = await call(token, t, 'PUT', url, [{ guId: name, value: '  ' }]);
    expect(errorOf(blank.body)).toMatchObject({ message: 'Emergency is required', field: 'emergency' });
    const unsent = await call(token, t, 'PUT', url, [{ guId: name, value: 'Call Ann' }]);
    expect(unsent.statusCode).toBe(400);
    expect(errorOf(unsent.body)).toMatchObject({ message: 'Consent is required', field: 'consent' });
    const unticked = await call(token, t, 'PUT', url, [
      { guId: name, value: 'Call Ann' },
      { guId: consent, value: 'false' },
    ]);
    expect(errorOf(unticked.body)).toMatchObject({ message: 'Consent is required', field: 'consent' });
    const ok = await call(token, t, 'PUT', url, [
      { guId: name, value: 'Call Ann' },
      { guId: consent, value: 'true' },
    ]);
    expect(ok.statusCode).toBe(200);
    expect(valuesOf(ok.body)).toEqual({ emergency: 'Call Ann', consent: 'true' });
  });

  it('drops values a field edit no longer allows, and all values with the field', async () => {
    const t = await newTenant(app);
    const token = (await loginAs(app, t, 'admin')).access_token;
    const size = await addField(t, token, { type: 'dropdown', name: 'Size', tag: 'size', option1: 'S', option2: 'M' });
    const a = await createContactVia(app, t, token, { firstName: 'A' });
    const b = await createContactVia(app, t, token, { firstName: 'B' });
    await call(token, t, 'PUT', `/rest/contact/${a.guId}/customFields`, [{ guId: size, value: 'S' }]);
    await call(token, t, 'PUT', `/rest/contact/${b.guId}/customFields`, [{ guId: size, value: 'M' }]);
    const edit = await call(token, t, 'PUT', `/rest/customField/${size}`, {
      type: 'radio',
      name: 'Size',
      tag: 'size',
      option1: 'M',
      option2: 'L',
    });
    expect(edit.statusCode).toBe(200);
    expect(valuesOf((await call(token, t, 'GET', `/rest/contact/${a.guId}/customFields`)).body)).toEqual({ size: '' });
    expect(valuesOf((await call(token, t, 'GET', `/rest/contact/${b.guId}/customFields`)).body)).toEqual({ size: 'M' });
    expect((await call(token, t, 'DELETE', `/rest/customField/${size}`)).statusCode).toBe(200);
    expect(json<any[]>(await call(token, t, 'GET', `/rest/contact/${b.guId}/customFields`))).toEqual([]);
  });
});

describe('/rest/contact/{id}/customField (the spec’s singular path, same handlers)', () => {
  it('reads and saves like the plural path', async () => {
    const contact = await createContactVia(app, tenant, admin, { firstName: 'Singular' });
    const url = `/rest/contact/${contact.guId}/customField`;
    const saved = await call(admin, tenant, 'PUT', url, [{ guId: f.nick, value: 'Sing' }]);
    expect(saved.statusCode).toBe(200);
    expect(valuesOf(saved.body).nickname).toBe('Sing');
    const read = await call(admin, tenant, 'GET', url);
    expect(read.statusCode).toBe(200);
    expect(read.body).toBe((await call(admin, tenant, 'GET', `/rest/contact/${contact.guId}/customFields`)).body);
  });

  it('is a 400 naming the field, a 403 for students and a 404 for another tenant’s contact', async () => {
    const contact = await createContactVia(app, tenant, admin, { firstName: 'Checks' });
    const bad = await call(admin, tenant, 'PUT', `/rest/contact/${contact.guId}/customField`, [
      { guId: 'not-a-uuid', value: 'x' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).field).toContain('guId');
    const student = (await loginAs(app, tenant, 'student')).access_token;
    expect((await call(student, tenant, 'GET', `/rest/contact/${contact.guId}/customField`)).statusCode).toBe(403);
    expect((await call(student, tenant, 'PUT', `/rest/contact/${contact.guId}/customField`, [])).statusCode).toBe(403);
    const theirs = await createContactVia(app, other, otherAdmin, { firstName: 'Theirs' });
    expect((await call(admin, tenant, 'GET', `/rest/contact/${theirs.guId}/customField`)).statusCode).toBe(404);
    expect((await call(admin, tenant, 'PUT', `/rest/contact/${theirs.guId}/customField`, [])).statusCode).toBe(404);
  });
});

describe('GET /rest/customField?include=all', () => {
  it('answers every field, headers included, the same as without it; any other value is a 400', async () => {
    const all = await call(admin, tenant, 'GET', '/rest/customField?include=all');
    expect(all.statusCode).toBe(200);
    expect(json<{ tag: string }[]>(all).map((row) => row.tag)).toContain('aboutyou');
    expect(all.body).toBe((await call(admin, tenant, 'GET', '/rest/customField')).body);
    const bad = await call(admin, tenant, 'GET', '/rest/customField?include=some');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).field).toContain('include');
    const student = (await loginAs(app, tenant, 'student')).access_token;
    expect((await call(student, tenant, 'GET', '/rest/customField?include=all')).statusCode).toBe(403);
  });
});
