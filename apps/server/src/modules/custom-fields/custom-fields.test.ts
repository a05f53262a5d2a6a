import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant, twoStudios } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { insertCustomField } from './custom-fields.repo.ts';
import { isTagViolation } from './custom-fields.service.ts';

let app: App;
let tenant: TestTenant;
let other: TestTenant;
let admin: string;
let otherAdmin: string;

beforeAll(async () => {
  app = await startTestApp();
  ({ tenant, other, admin, otherAdmin } = await twoStudios(app, ['admin']));
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string, t: TestTenant, method: Method, url: string, payload?: unknown) =>
  app.inject({ method, url, headers: bearer(token, t.host), payload: payload as object });
const errorOf = (body: string) => JSON.parse(body).errors as { message: string; code: string; field?: string };

let counter = 0;
function field(patch: Record<string, unknown> = {}) {
  counter += 1;
  return { type: 'text', name: `Field ${counter}`, tag: `field${counter}`, ...patch };
}

async function create(t: TestTenant, token: string, body: Record<string, unknown>) {
  const response = await call(token, t, 'POST', '/rest/customField', body);
  if (response.statusCode !== 201) throw new Error(`create: ${response.statusCode} ${response.body}`);
  return json<any>(response);
}

describe('POST /rest/customField', () => {
  it('adds a field with every attribute, options compacted in order', async () => {
    const response = await call(admin, tenant, 'POST', '/rest/customField', {
      type: 'dropdown',
      name: 'Shirt Size',
      tag: 'shirtsize',
      fieldName: 'Your T-shirt',
      placeholder: 'Pick one',
      option1: 'S',
      option2: '',
      option3: ' M ',
      option4: 'L',
      isFormField: true,
    });
    expect(response.statusCode).toBe(201);
    const body = json<any>(response);
    expect(body).toMatchObject({
      name: 'Shirt Size',
      tag: 'shirtsize',
      type: 'dropdown',
      option1: 'S',
      option2: 'M',
      option3: 'L',
      option4: '',
      option5: '',
      option6: '',
      fieldName: 'Your T-shirt',
      placeholder: 'Pick one',
      text: '',
      isMandatory: false,
      isFormField: true,
    });
    expect(body.guId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('puts a new field last unless a sequence is given', async () => {
    const t = await newTenant(app);
    const token = (await loginAs(app, t, 'admin')).access_token;
    const first = await create(t, token, field());
    const second = await create(t, token, field());
    const early = await create(t, token, field({ sequence: 0, name: 'AAA' }));
    expect([first.sequence, second.sequence, early.sequence]).toEqual([0, 1, 0]);
    const list = json<any[]>(await call(token, t, 'GET', '/rest/customField'));
    expect(list.map((f) => f.guId)).toEqual([early.guId, first.guId, second.guId]);
  });

  it('refuses a taken tag with the spec message, also when two arrive at once', async () => {
    await create(tenant, admin, field({ tag: 'taken' }));
    const again = await call(admin, tenant, 'POST', '/rest/customField', field({ tag: 'taken' }));
    expect(again.statusCode).toBe(400);
    expect(errorOf(again.body)).toEqual({ message: 'Tag is already in use', code: 'invalid_input', field: 'tag' });

    const race = await Promise.all(
      [1, 2, 3].map(() => call(admin, tenant, 'POST', '/rest/customField', field({ tag: 'racing' }))),
    );
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    for (const r of race.filter((r) => r.statusCode === 400)) {
      expect(errorOf(r.body)).toMatchObject({ message: 'Tag is already in use', field: 'tag' });
    }
  });

  it('recognises the unique index’s own error (the path a race takes past the check)', async () => {
    const insert = () =>
      withTenant(app.platform.db, tenant.tenantId, (tx) =>
        insertCustomField(tx, tenant.tenantId, { type: 'text', name: 'Raw', tag: 'rawinsert' }),
      );
    await insert();
    const error = await insert().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).not.toBeNull();
    expect(isTagViolation(error)).toBe(true);
    expect(isTagViolation(new Error('other'))).toBe(false);
  });

  it('lets another tenant use the same tag', async () => {
    await create(tenant, admin, field({ tag: 'sharedtag' }));
    expect((await call(otherAdmin, other, 'POST', '/rest/customField', field({ tag: 'sharedtag' }))).statusCode).toBe(
      201,
    );
  });

  it.each([
    ['', "Tag can't be empty and use lowercase without spaces"],
    ['Upper', "Tag can't be empty and use lowercase without spaces"],
    ['with space', "Tag can't be empty and use lowercase without spaces"],
    ['dash-ed', "Tag can't be empty and use lowercase without spaces"],
    ['a'.repeat(26), 'Tag cannot exceed 25 chars'],
  ])('refuses the tag %j with the spec message', async (tag, message) => {
    const response = await call(admin, tenant, 'POST', '/rest/customField', field({ tag }));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body)).toMatchObject({ message, field: 'tag' });
  });

  it('accepts a 25-character tag of letters and digits', async () => {
    expect(
      (await call(admin, tenant, 'POST', '/rest/customField', field({ tag: `a1${'b'.repeat(23)}` }))).statusCode,
    ).toBe(201);
  });

  it.each([
    [{ name: '  ' }, 'name', 'Name is required!'],
    [{ type: 'all' }, 'type', 'type must be one of text, number, textarea, checkbox, radio, header, dropdown'],
    [{ type: 'radio' }, 'option1', 'Add at least one option'],
    [{ type: 'dropdown', option1: 'A', option2: 'A' }, 'option2', 'Options must be different'],
    [{ type: 'text', option1: 'A' }, 'option1', 'Options are only for radio and dropdown fields'],
    [
      { type: 'radio', option1: 'A', isMandatory: true },
      'isMandatory',
      'Only text, number, text area and checkbox fields can be mandatory',
    ],
    [
      { type: 'header', isMandatory: true },
      'isMandatory',
      'Only text, number, text area and checkbox fields can be mandatory',
    ],
    [{ option7: 'x' }, 'body', undefined],
  ])('refuses %j with a 400 naming the field', async (patch, name, message) => {
    const response = await call(admin, tenant, 'POST', '/rest/customField', field(patch));
    expect(response.statusCode).toBe(400);
    const error = errorOf(response.body);
    expect(error.field).toBe(name);
    if (message) expect(error.message).toBe(message);
  });

  it('accepts mandatory on text, number, textarea and checkbox', async () => {
    for (const type of ['text', 'number', 'textarea', 'checkbox']) {
      const body = await create(tenant, admin, field({ type, isMandatory: true }));
      expect(body.isMandatory).toBe(true);
    }
  });

  it('is for admins only, refused before the body is read', async () => {
    for (const role of ['staff', 'frontdesk', 'student'] as const) {
      const token = (await loginAs(app, tenant, role)).access_token;
      const response = await call(token, tenant, 'POST', '/rest/customField', { nonsense: true });
      expect(response.statusCode).toBe(403);
    }
    expect(
      (await app.inject({ method: 'POST', url: '/rest/customField', headers: { host: tenant.host } })).statusCode,
    ).toBe(401);
  });
});

describe('GET /rest/customField', () => {
  it('answers the tenant’s fields to every staff role; ?customForm= answers that form’s (none here)', async () => {
    const t = await newTenant(app);
    const token = (await loginAs(app, t, 'admin')).access_token;
    const made = await create(t, token, field({ type: 'checkbox' }));
    for (const role of ['admin', 'staff', 'frontdesk'] as const) {
      const reader = (await loginAs(app, t, role)).access_token;
      const response = await call(reader, t, 'GET', '/rest/customField');
      expect(response.statusCode).toBe(200);
      expect(json<any[]>(response)).toEqual([made]);
      expect(json<any[]>(await call(reader, t, 'GET', '/rest/customField?customForm=abc'))).toEqual([]);
    }
    const student = (await loginAs(app, t, 'student')).access_token;
    expect((await call(student, t, 'GET', '/rest/customField')).statusCode).toBe(403);
  });

  it('never shows another tenant’s fields', async () => {
    const mine = await create(tenant, admin, field());
    const theirs = json<any[]>(await call(otherAdmin, other, 'GET', '/rest/customField'));
    expect(theirs.map((f) => f.guId)).not.toContain(mine.guId);
  });
});

describe('PUT /rest/customField/{id}', () => {
  it('saves the dialog whole and keeps the sequence when none is given', async () => {
    const made = await create(tenant, admin, field({ type: 'radio', option1: 'Yes', option2: 'No' }));
    const response = await call(admin, tenant, 'PUT', `/rest/customField/${made.guId}`, {
      type: 'dropdown',
      name: 'Renamed',
      tag: made.tag,
      option1: 'Maybe',
      placeholder: 'Choose',
    });
    expect(response.statusCode).toBe(200);
    expect(json<any>(response)).toMatchObject({
      guId: made.guId,
      name: 'Renamed',
      tag: made.tag,
      type: 'dropdown',
      option1: 'Maybe',
      option2: '',
      placeholder: 'Choose',
      sequence: made.sequence,
    });
  });

  it('refuses another field’s tag but keeps its own', async () => {
    const a = await create(tenant, admin, field());
    const b = await create(tenant, admin, field());
    const clash = await call(admin, tenant, 'PUT', `/rest/customField/${b.guId}`, field({ tag: a.tag }));
    expect(clash.statusCode).toBe(400);
    expect(errorOf(clash.body)).toMatchObject({ message: 'Tag is already in use', field: 'tag' });
    const same = await call(admin, tenant, 'PUT', `/rest/customField/${b.guId}`, field({ tag: b.tag }));
    expect(same.statusCode).toBe(200);
  });

  it('is a 404 for another tenant’s field and a 400 for a malformed id', async () => {
    const theirs = await create(other, otherAdmin, field());
    const response = await call(admin, tenant, 'PUT', `/rest/customField/${theirs.guId}`, field());
    expect(response.statusCode).toBe(404);
    const bad = await call(admin, tenant, 'PUT', '/rest/customField/nope', field());
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).field).toBe('params.id');
    const list = json<any[]>(await call(otherAdmin, other, 'GET', '/rest/customField'));
    expect(list.find((f) => f.guId === theirs.guId)?.name).toBe(theirs.name);
  });

  it('is for admins only', async () => {
    const made = await create(tenant, admin, field());
    const staff = (await loginAs(app, tenant, 'staff')).access_token;
    expect((await call(staff, tenant, 'PUT', `/rest/customField/${made.guId}`, field())).statusCode).toBe(403);
  });
});

describe('DELETE /rest/customField/{id}', () => {
  it('deletes the field; a second delete and another tenant’s field are 404', async () => {
    const made = await create(tenant, admin, field());
    const theirs = await create(other, otherAdmin, field());
    const frontdesk = (await loginAs(app, tenant, 'frontdesk')).access_token;
    expect((await call(frontdesk, tenant, 'DELETE', `/rest/customField/${made.guId}`)).statusCode).toBe(403);
    const response = await call(admin, tenant, 'DELETE', `/rest/customField/${made.guId}`);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ message: 'Deleted custom field successfully' });
    expect((await call(admin, tenant, 'DELETE', `/rest/customField/${made.guId}`)).statusCode).toBe(404);
    expect((await call(admin, tenant, 'DELETE', `/rest/customField/${theirs.guId}`)).statusCode).toBe(404);
    const list = json<any[]>(await call(admin, tenant, 'GET', '/rest/customField'));
    expect(list.map((f) => f.guId)).not.toContain(made.guId);
    // the tag is free again
    expect((await call(admin, tenant, 'POST', '/rest/customField', field({ tag: made.tag }))).statusCode).toBe(201);
  });
});
