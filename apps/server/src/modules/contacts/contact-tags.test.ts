import type { ContactDetail, TagEntry } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { createContactVia, errorOf, startContactStudios } from './contact-fixtures.ts';

let app: App;
let a: TestTenant;
let b: TestTenant;
let tokens: Record<string, string>;

beforeAll(async () => {
  ({ app, a, b, tokens } = await startContactStudios(['admin', 'staff', 'frontdesk', 'student']));
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = tokens.admin, tenant = a) =>
  app.inject({ method, url, headers: bearer(token as string, tenant.host), payload });

async function tagsOf(id: string, tenant = a, token = tokens.admin): Promise<string[]> {
  return json<ContactDetail>(await call('GET', `/rest/contact/${id}`, undefined, token, tenant)).tags;
}

describe('the tags registry', () => {
  it('lists tags in use with their counts and tags created ahead of use, by name; never another tenant’s', async () => {
    const ann = await createContactVia(app, a, tokens.admin as string, { firstName: 'Ann' });
    const bo = await createContactVia(app, a, tokens.admin as string, { firstName: 'Bo' });
    await call('PUT', `/rest/contact/${ann.guId}/tag`, { tags: ['Yoga', 'VIP'] });
    await call('PUT', `/rest/contact/${bo.guId}/tag`, { tags: ['yoga'] });
    const created = await call('POST', '/rest/tag', { name: '  Pilates  ' });
    expect(created.statusCode).toBe(201);
    expect(json(created)).toEqual({ id: 'pilates', name: 'Pilates', type: 'tag', count: 0 });
    const list = await call('GET', '/rest/tag?type=tag');
    expect(list.statusCode).toBe(200);
    expect(json<TagEntry[]>(list)).toEqual([
      { id: 'pilates', name: 'Pilates', type: 'tag', count: 0 },
      { id: 'vip', name: 'VIP', type: 'tag', count: 1 },
      { id: 'yoga', name: 'Yoga', type: 'tag', count: 2 },
    ]);
    // the default type is tag; tenant b sees nothing of a's
    expect(json<TagEntry[]>(await call('GET', '/rest/tag'))).toHaveLength(3);
    expect(json(await call('GET', '/rest/tag?type=tag', undefined, tokens.adminB, b))).toEqual([]);
  });

  it('refuses a taken name in any case (registered or in use), blank and over-long names: 400 on name', async () => {
    await call('POST', '/rest/tag', { name: 'Morning' });
    const c = await createContactVia(app, a, tokens.admin as string, { firstName: 'Cy' });
    await call('PUT', `/rest/contact/${c.guId}/tag`, { tags: ['Evening'] });
    for (const name of ['MORNING', ' morning ', 'evening']) {
      const response = await call('POST', '/rest/tag', { name });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response.body)).toMatchObject({ field: 'name', message: 'A tag with this name already exists.' });
    }
    for (const payload of [{ name: '   ' }, { name: 'x'.repeat(41) }, {}, { name: 'ok', type: 'label' }]) {
      const response = await call('POST', '/rest/tag', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response.body).field).toMatch(/name|type/);
    }
    expect(errorOf((await call('POST', '/rest/tag', { name: 'x'.repeat(41) })).body).message).toContain('40');
    // two concurrent creates of one name: exactly one lands
    const racing = await Promise.all([
      call('POST', '/rest/tag', { name: 'Race' }),
      call('POST', '/rest/tag', { name: 'race' }),
    ]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 400]);
  });

  it('keeps contact categories: created with type=category, listed with how many imports each filed', async () => {
    const created = await call('POST', '/rest/tag', { name: 'Spring leads', type: 'category' });
    expect(created.statusCode).toBe(201);
    const category = json<TagEntry>(created);
    expect(category).toMatchObject({ name: 'Spring leads', type: 'category', count: 0 });
    expect(category.id).toMatch(/^[0-9a-f-]{36}$/);
    const taken = await call('POST', '/rest/tag', { name: 'spring LEADS', type: 'category' });
    expect(errorOf(taken.body)).toMatchObject({ field: 'name', message: 'A category with this name already exists.' });
    // a category and a tag may share a name: they are different lists
    expect((await call('POST', '/rest/tag', { name: 'Spring leads' })).statusCode).toBe(201);
    const imported = await app.inject({
      method: 'POST',
      url: `/rest/contact/import?categoryId=${category.id}`,
      headers: { ...bearer(tokens.admin as string, a.host), 'content-type': 'text/csv' },
      payload: 'First Name,Last Name,Email\r\nDee,Cat,dee@cat.test',
    });
    expect(imported.statusCode).toBe(201);
    expect(json<TagEntry[]>(await call('GET', '/rest/tag?type=category'))).toEqual([{ ...category, count: 1 }]);
    expect(json(await call('GET', '/rest/tag?type=category', undefined, tokens.adminB, b))).toEqual([]);
    expect((await call('GET', '/rest/tag?type=colour')).statusCode).toBe(400);
  });

  it('needs the manage-contacts permission: students and a front desk without it get 403, visitors 401', async () => {
    for (const [token, tenant] of [
      [tokens.student, a],
      [tokens.frontdeskB, b],
    ] as const) {
      expect((await call('GET', '/rest/tag', undefined, token, tenant)).statusCode).toBe(403);
      expect((await call('POST', '/rest/tag', { name: 'Nope' }, token, tenant)).statusCode).toBe(403);
      expect((await call('POST', '/rest/tag', { bad: true }, token, tenant)).statusCode).toBe(403);
      const bulk = await call(
        'PUT',
        '/rest/contactTag',
        { contacts: [a.users.student.id], tags: ['x'] },
        token,
        tenant,
      );
      expect(bulk.statusCode).toBe(403);
    }
    expect((await app.inject({ url: '/rest/tag', headers: { host: a.host } })).statusCode).toBe(401);
    // the front desk has it by default
    expect((await call('GET', '/rest/tag', undefined, tokens.frontdesk)).statusCode).toBe(200);
  });
});

describe('PUT /rest/contactTag', () => {
  it('adds tags to many contacts (skipping ones they have in any case) and removes them', async () => {
    const one = await createContactVia(app, a, tokens.staff as string, { firstName: 'One' });
    const two = await createContactVia(app, a, tokens.staff as string, { firstName: 'Two' });
    await call('PUT', `/rest/contact/${one.guId}/tag`, { tags: ['gold'] });
    const added = await call(
      'PUT',
      '/rest/contactTag',
      { contacts: [one.guId, two.guId, one.guId], tags: ['Gold', 'Trial'], action: 'add' },
      tokens.frontdesk,
    );
    expect(added.statusCode).toBe(200);
    expect(json(added)).toEqual({ updated: 2 });
    expect(await tagsOf(one.guId)).toEqual(['gold', 'Trial']);
    expect(await tagsOf(two.guId)).toEqual(['Gold', 'Trial']);
    // action defaults to add
    await call('PUT', '/rest/contactTag', { contacts: [two.guId], tags: ['Extra'] });
    expect(await tagsOf(two.guId)).toEqual(['Gold', 'Trial', 'Extra']);
    const removed = await call('PUT', '/rest/contactTag', {
      contacts: [one.guId, two.guId],
      tags: ['GOLD'],
      action: 'remove',
    });
    expect(json(removed)).toEqual({ updated: 2 });
    expect(await tagsOf(one.guId)).toEqual(['Trial']);
    expect(await tagsOf(two.guId)).toEqual(['Trial', 'Extra']);
    const list = await call('GET', `/snode/contact?ctag=trial&search=${encodeURIComponent('Tester')}`);
    expect(json<{ data: { guId: string }[] }>(list).data.map((row) => row.guId)).toEqual(
      expect.arrayContaining([one.guId, two.guId]),
    );
  });

  it("is all or nothing: another tenant's contact is a 404, too many tags a 400, and nothing is written", async () => {
    const mine = await createContactVia(app, a, tokens.admin as string, { firstName: 'Mine' });
    const theirs = await createContactVia(app, b, tokens.adminB as string, { firstName: 'Theirs' });
    const response = await call('PUT', '/rest/contactTag', { contacts: [mine.guId, theirs.guId], tags: ['Leak'] });
    expect(response.statusCode).toBe(404);
    expect(await tagsOf(mine.guId)).toEqual([]);
    expect(await tagsOf(theirs.guId, b, tokens.adminB)).toEqual([]);

    const full = await createContactVia(app, a, tokens.admin as string, { firstName: 'Full' });
    const fifty = Array.from({ length: 50 }, (_, i) => `t${i}`);
    await call('PUT', `/rest/contact/${full.guId}/tag`, { tags: fifty });
    const over = await call('PUT', '/rest/contactTag', { contacts: [mine.guId, full.guId], tags: ['One more'] });
    expect(over.statusCode).toBe(400);
    expect(errorOf(over.body)).toMatchObject({ field: 'tags', message: 'A contact can have at most 50 tags.' });
    expect(await tagsOf(mine.guId)).toEqual([]);
    expect(await tagsOf(full.guId)).toHaveLength(50);
  });

  it('names the bad field', async () => {
    const cases: [object, string][] = [
      [{ tags: ['x'] }, 'contacts'],
      [{ contacts: [], tags: ['x'] }, 'contacts'],
      [{ contacts: ['not-a-uuid'], tags: ['x'] }, 'contacts'],
      [{ contacts: [a.users.student.id] }, 'tags'],
      [{ contacts: [a.users.student.id], tags: [] }, 'tags'],
      [{ contacts: [a.users.student.id], tags: ['y'.repeat(41)] }, 'tags'],
      [{ contacts: [a.users.student.id], tags: ['x'], action: 'toggle' }, 'action'],
    ];
    for (const [payload, field] of cases) {
      const response = await call('PUT', '/rest/contactTag', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(response.body).field ?? '').toContain(field);
    }
  });
});
