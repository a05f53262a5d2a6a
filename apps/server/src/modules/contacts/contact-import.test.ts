import type {
  ContactImportDryRun,
  ContactImportLogItem,
  ContactImportResult,
  ContactListResponse,
} from '@atrium/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { isEmbedded, onTenantWrite } from '../../db/client.ts';
import { createContactVia, errorOf } from './contact-fixtures.ts';
import { IMPORT_BATCH_ROWS } from './contact-import.service.ts';

let app: App;
let a: TestTenant;
let b: TestTenant;
let adminA: string;
let adminB: string;
/** A contact category of tenant a (POST /rest/tag): the import's categoryId must name one. */
let springLeads: string;

beforeAll(async () => {
  app = await startTestApp();
  [a, b] = await Promise.all([newTenant(app), newTenant(app)]);
  adminA = (await loginAs(app, a, 'admin')).access_token;
  adminB = (await loginAs(app, b, 'admin')).access_token;
  const created = await app.inject({
    method: 'POST',
    url: '/rest/tag',
    headers: bearer(adminA, a.host),
    payload: { name: 'Spring leads', type: 'category' },
  });
  springLeads = json<{ id: string }>(created).id;
});

const csv = (...lines: string[]) => lines.join('\r\n');

function importCsv(
  body: string | Buffer,
  query = '',
  options: { token?: string; tenant?: TestTenant; type?: string; fileName?: string } = {},
) {
  const tenant = options.tenant ?? a;
  return app.inject({
    method: 'POST',
    url: `/rest/contact/import${query}`,
    headers: {
      ...bearer(options.token ?? adminA, tenant.host),
      'content-type': options.type ?? 'text/csv',
      ...(options.fileName ? { 'x-file-name': options.fileName } : {}),
    },
    payload: body,
  });
}

async function emailsOf(tenant: TestTenant, token: string, search: string): Promise<string[]> {
  const response = await app.inject({
    url: `/snode/contact?max=150&search=${encodeURIComponent(search)}`,
    headers: bearer(token, tenant.host),
  });
  return json<ContactListResponse>(response)
    .data.map((row) => row.email)
    .sort();
}

async function importLog(tenant: TestTenant, token: string, query = '') {
  const response = await app.inject({ url: `/rest/contact/import${query}`, headers: bearer(token, tenant.host) });
  expect(response.statusCode).toBe(200);
  return json<ContactImportLogItem[]>(response);
}

describe('POST /rest/contact/import', () => {
  it('imports every row of a clean file (BOM, CRLF, quoted commas) and logs the import with its category', async () => {
    const body = `\uFEFF${csv(
      'First Name,Last Name,Email,Phone',
      'Hana,Happy,hana@happy.test,555 0101',
      '"Ivo, Jr.",Happy,IVO@HAPPY.TEST,',
      'Jo,"Happy ""JJ""",jo@happy.test,+1 (555) 010-9999',
      '',
    )}`;
    const response = await importCsv(body, `?categoryId=${springLeads}`, { fileName: 'happy.csv' });
    expect(response.statusCode).toBe(201);
    const result = json<ContactImportResult>(response);
    expect(result).toMatchObject({ dryRun: false, categoryId: springLeads, total: 3, imported: 3, rejected: [] });
    expect(await emailsOf(a, adminA, 'happy.test')).toEqual(['hana@happy.test', 'ivo@happy.test', 'jo@happy.test']);
    const list = await app.inject({ url: '/snode/contact?search=Ivo', headers: bearer(adminA, a.host) });
    expect(json<ContactListResponse>(list).data[0]).toMatchObject({
      firstName: 'Ivo, Jr.',
      lastName: 'Happy',
      role: 'student',
      claim: false,
    });
    const log = await importLog(a, adminA, `?categoryId=${springLeads}`);
    expect(log).toEqual([
      expect.objectContaining({
        id: result.id,
        categoryId: springLeads,
        fileName: 'happy.csv',
        total: 3,
        imported: 3,
        rejected: 0,
        createdByName: `admin ${a.orgId}`,
      }),
    ]);
    expect(await importLog(a, adminA, '?categoryId=another')).toEqual([]);
  });

  it('reports exactly which rows failed and why, and imports only the good ones', async () => {
    await createContactVia(app, a, adminA, { firstName: 'Old', lastName: 'Timer', email: 'old@mixed.test' });
    const body = csv(
      'email,first,last,mobile',
      'ok1@mixed.test,Ok,One,',
      'ok2@mixed.test,,Two,',
      'not-an-email,Bad,Email,',
      ',No,Email,',
      'OK1@mixed.test,Ok,Again,',
      'old@mixed.test,Old,Again,',
      'ok3@mixed.test,Ok,Three,12345678901234567890123456789012345678901',
      'ok4@mixed.test,Ok,Four,555',
    );
    const response = await importCsv(body);
    expect(response.statusCode).toBe(201);
    const result = json<ContactImportResult>(response);
    expect(result.imported).toBe(2);
    expect(result.total).toBe(8);
    expect(result.rejected).toEqual([
      { row: 3, email: 'ok2@mixed.test', reasons: ['firstName is required'] },
      { row: 4, email: 'not-an-email', reasons: ['email must be a valid email address'] },
      { row: 5, email: '', reasons: ['email is required'] },
      { row: 6, email: 'OK1@mixed.test', reasons: ['duplicate email: same as row 2'] },
      { row: 7, email: 'old@mixed.test', reasons: ['duplicate email: a contact with this email already exists'] },
      { row: 8, email: 'ok3@mixed.test', reasons: ['phone must be at most 40 characters'] },
    ]);
    expect(await emailsOf(a, adminA, 'mixed.test')).toEqual(['ok1@mixed.test', 'ok4@mixed.test', 'old@mixed.test']);
  });

  it('dry run: answers the columns, the guessed mapping and a per-row preview, and writes nothing', async () => {
    const body = csv('Given Name,Surname,E-mail,Notes', 'Pia,Preview,pia@preview.test,x', 'Q,,q@preview.test,y');
    const response = await importCsv(body, '?dryRun=true');
    expect(response.statusCode).toBe(200);
    expect(json<ContactImportDryRun>(response)).toEqual({
      dryRun: true,
      columns: ['Given Name', 'Surname', 'E-mail', 'Notes'],
      mapping: { firstName: 'Given Name', lastName: 'Surname', email: 'E-mail', phone: null },
      total: 2,
      valid: 1,
      preview: [
        {
          row: 2,
          values: { firstName: 'Pia', lastName: 'Preview', email: 'pia@preview.test', phone: '' },
          reasons: [],
        },
        {
          row: 3,
          values: { firstName: 'Q', lastName: '', email: 'q@preview.test', phone: '' },
          reasons: ['lastName is required'],
        },
      ],
      rejected: [{ row: 3, email: 'q@preview.test', reasons: ['lastName is required'] }],
    });
    expect(await emailsOf(a, adminA, 'preview.test')).toEqual([]);
    // the chosen mapping wins over the guess
    const mapped = await importCsv(body, '?dryRun=true&firstName=Notes&lastName=Given%20Name&email=E-mail');
    expect(json<ContactImportDryRun>(mapped).preview[0]?.values).toEqual({
      firstName: 'x',
      lastName: 'Pia',
      email: 'pia@preview.test',
      phone: '',
    });
  });

  it('writes nothing when the import fails at its log entry (after all the contacts went in)', async () => {
    const trigger = `boom_${Math.random().toString(36).slice(2, 8)}`;
    await app.platform.db.execute(
      sql.raw(`create function ${trigger}() returns trigger language plpgsql as $$
        begin raise exception 'forced failure'; end $$`),
    );
    await app.platform.db.execute(
      sql.raw(`create trigger ${trigger} before insert on contact_imports for each row
        when (new.file_name = '${trigger}.csv') execute function ${trigger}()`),
    );
    try {
      const rows = Array.from({ length: 1500 }, (_, i) => `Fail,Row${i},fail${i}@boom.test`);
      const response = await importCsv(csv('firstName,lastName,email', ...rows), '', { fileName: `${trigger}.csv` });
      expect(response.statusCode).toBe(500);
      expect(errorOf(response.body).message).toBe('Something went wrong. Please try again.');
    } finally {
      await app.platform.db.execute(sql.raw(`drop trigger ${trigger} on contact_imports`));
      await app.platform.db.execute(sql.raw(`drop function ${trigger}()`));
    }
    expect(await emailsOf(a, adminA, 'boom.test')).toEqual([]);
    expect((await importLog(a, adminA)).some((item) => item.fileName === `${trigger}.csv`)).toBe(false);
  });

  it('writes nothing when a batch part-way through the file fails (the batches before it are undone)', async () => {
    const trigger = `midfail${Math.random().toString(36).slice(2, 8)}`;
    await app.platform.db.execute(
      sql.raw(`create function ${trigger}() returns trigger language plpgsql as $$
        begin raise exception 'forced failure'; end $$`),
    );
    // Row 1,251 of 1,500: on PGlite the 12 batches of 100 before it are committed when it fails.
    await app.platform.db.execute(
      sql.raw(`create trigger ${trigger} before insert on contacts for each row
        when (new.email = 'mid1250@${trigger}.test') execute function ${trigger}()`),
    );
    try {
      const rows = Array.from({ length: 1500 }, (_, i) => `Mid,Row${i},mid${i}@${trigger}.test`);
      const response = await importCsv(csv('firstName,lastName,email', ...rows), '', { fileName: `${trigger}.csv` });
      expect(response.statusCode).toBe(500);
    } finally {
      await app.platform.db.execute(sql.raw(`drop trigger ${trigger} on contacts`));
      await app.platform.db.execute(sql.raw(`drop function ${trigger}()`));
    }
    expect(await emailsOf(a, adminA, `${trigger}.test`)).toEqual([]);
    expect((await importLog(a, adminA)).some((item) => item.fileName === `${trigger}.csv`)).toBe(false);
  });

  it('on PGlite writes the file in transactions of IMPORT_BATCH_ROWS contacts (one on PostgreSQL)', async () => {
    let transactions = 0;
    let counting = true;
    onTenantWrite(app.platform.db, (tenantId) => {
      if (counting && tenantId === a.tenantId) transactions++;
    });
    const rows = Array.from({ length: 1050 }, (_, i) => `Bat,Row${i},bat${i}@batches.test`);
    const response = await importCsv(csv('firstName,lastName,email', ...rows));
    counting = false;
    expect(response.statusCode).toBe(201);
    expect(json<ContactImportResult>(response).imported).toBe(1050);
    const batches = Math.ceil(1050 / IMPORT_BATCH_ROWS);
    if (isEmbedded(app.platform.db)) expect(transactions).toBeGreaterThanOrEqual(batches + 2);
    else expect(transactions).toBeLessThan(batches);
  });

  it("importing into one tenant never touches another's contacts or log", async () => {
    await createContactVia(app, b, adminB, { firstName: 'Bea', lastName: 'Bee', email: 'shared@iso.test' });
    const response = await importCsv(
      csv('firstName,lastName,email', 'Ann,Aye,shared@iso.test', 'Ann,Two,a2@iso.test'),
      '',
      {
        fileName: 'iso.csv',
      },
    );
    expect(json<ContactImportResult>(response)).toMatchObject({ imported: 2, rejected: [] });
    expect(await emailsOf(a, adminA, 'iso.test')).toEqual(['a2@iso.test', 'shared@iso.test']);
    expect(await emailsOf(b, adminB, 'iso.test')).toEqual(['shared@iso.test']);
    const bList = await app.inject({ url: '/snode/contact?search=shared@iso', headers: bearer(adminB, b.host) });
    expect(json<ContactListResponse>(bList).data[0]?.firstName).toBe('Bea');
    expect((await importLog(a, adminA)).some((item) => item.fileName === 'iso.csv')).toBe(true);
    expect(await importLog(b, adminB)).toEqual([]);
    // A's token on B's host is refused, never imported into B
    const cross = await importCsv(csv('firstName,lastName,email', 'X,Y,x@iso.test'), '', { token: adminA, tenant: b });
    expect(cross.statusCode).toBe(401);
    expect(await emailsOf(b, adminB, 'iso.test')).toEqual(['shared@iso.test']);
  });

  it('is for admin and staff: front desk and students get 403, visitors 401', async () => {
    const body = csv('firstName,lastName,email', 'Role,Check,role@roles.test');
    const staff = (await loginAs(app, a, 'staff')).access_token;
    expect((await importCsv(body, '?dryRun=true', { token: staff })).statusCode).toBe(200);
    for (const role of ['frontdesk', 'student'] as const) {
      const token = (await loginAs(app, a, role)).access_token;
      const response = await importCsv(body, '', { token });
      expect(response.statusCode).toBe(403);
      const list = await app.inject({ url: '/rest/contact/import', headers: bearer(token, a.host) });
      expect(list.statusCode).toBe(403);
    }
    const visitor = await app.inject({
      method: 'POST',
      url: '/rest/contact/import',
      headers: { host: a.host, 'content-type': 'text/csv' },
      payload: body,
    });
    expect(visitor.statusCode).toBe(401);
    expect(await emailsOf(a, adminA, 'roles.test')).toEqual([]);
  });

  it('bad input is a 400 naming the field', async () => {
    const cases: [Awaited<ReturnType<typeof importCsv>>, string][] = [
      [await importCsv(csv('a,b,c', '1,2,3'), '?email=Mail'), 'email'],
      [await importCsv(csv('first name,email', 'A,a@x.test')), 'lastName'],
      [await importCsv(''), 'file'],
      [await importCsv('\r\n\r\n'), 'file'],
      [await importCsv(JSON.stringify({ rows: [] }), '', { type: 'application/json' }), 'file'],
      [await importCsv(csv('firstName,lastName,email'), '?dryRun=maybe'), 'querystring.dryRun'],
      [await importCsv(csv('firstName,lastName,email'), `?categoryId=${'c'.repeat(101)}`), 'querystring.categoryId'],
      // an unknown category, and another tenant's: the categoryId must name one of this tenant's
      [await importCsv(csv('firstName,lastName,email', 'A,B,a@cat.test'), '?categoryId=spring-leads'), 'categoryId'],
      [
        await importCsv(csv('firstName,lastName,email', 'A,B,a@cat.test'), `?categoryId=${springLeads}`, {
          tenant: b,
          token: adminB,
        }),
        'categoryId',
      ],
    ];
    for (const [response, field] of cases) {
      expect({ status: response.statusCode, field: errorOf(response.body).field }).toEqual({ status: 400, field });
    }
    const tooBig = await importCsv(Buffer.alloc(10 * 1024 * 1024 + 1, 'a'));
    expect(tooBig.statusCode).toBe(413);
    expect(errorOf(tooBig.body).field).toBe('file');
  });
});
