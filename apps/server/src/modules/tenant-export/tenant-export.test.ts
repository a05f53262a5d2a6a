import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { TENANT_EXPORT_TEXTS } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { bearer, json, startTestApp, type TestTenant, twoStudios } from '../../../test/helpers.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { outboxEmails, tenantExports } from '../../db/schema/index.ts';
import { EXPORT_QUEUE, EXPORT_SWEEP_QUEUE } from './export.service.ts';
import {
  EXCLUDED_TABLES,
  NOT_SECRET_COLUMNS,
  REDACTED_COLUMNS,
  tenantTables,
  unaccountedSecretColumns,
} from './export-tables.ts';

// Take your data with you (issue 28): the admin's export of the whole studio, its zip, its emailed
// signed link, and the tables it holds, on PGlite and PostgreSQL.

let app: App;
let a: TestTenant;
let b: TestTenant;
const tokens = { admin: '', staff: '', student: '', otherAdmin: '' };

/** The entries of a zip and a reader of each. */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, z) => (error || !z ? reject(error) : resolve(z))),
  );
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, async (error, stream) => {
        if (error || !stream) return reject(error);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        files.set(entry.fileName, Buffer.concat(chunks));
        zip.readEntry();
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return files;
}

beforeAll(async () => {
  app = await startTestApp();
  const studios = await twoStudios(app, ['admin', 'staff', 'student'] as const, { tenant: { name: 'Ayşe Yoga' } });
  ({ tenant: a, other: b } = studios);
  Object.assign(tokens, {
    admin: studios.admin,
    staff: studios.staff,
    student: studios.student,
    otherAdmin: studios.otherAdmin,
  });
});

afterAll(() => app.platform.clock.reset());

describe('which tables an export holds', () => {
  it('every tenant table is exported or left out by name with a reason; the lists name real tables', async () => {
    const tables = await tenantTables(app.platform.database.sql);
    const names = tables.map((t) => t.name);
    expect(names).toContain('contacts');
    expect(names).toContain('invoices');
    for (const excluded of Object.keys(EXCLUDED_TABLES)) expect(names, excluded).toContain(excluded);
    for (const [table, columns] of [...Object.entries(REDACTED_COLUMNS), ...Object.entries(NOT_SECRET_COLUMNS)]) {
      const found = tables.find((t) => t.name === table);
      expect(found, table).toBeTruthy();
      for (const column of columns)
        expect(
          found?.columns.map((c) => c.name),
          `${table}.${column}`,
        ).toContain(column);
    }
  });

  it('no exported column that looks like a secret is left unaccounted for', async () => {
    const tables = (await tenantTables(app.platform.database.sql)).filter((t) => !(t.name in EXCLUDED_TABLES));
    expect(unaccountedSecretColumns(tables)).toEqual([]);
  });
});

describe('an admin exports the studio', () => {
  it('is for admins only', async () => {
    for (const token of [tokens.staff, tokens.student]) {
      const response = await app.inject({ method: 'POST', url: '/rest/tenant-export', headers: bearer(token, a.host) });
      expect(response.statusCode).toBe(403);
      const list = await app.inject({ url: '/rest/tenant-export', headers: bearer(token, a.host) });
      expect(list.statusCode).toBe(403);
    }
    expect(
      (await app.inject({ method: 'POST', url: '/rest/tenant-export', headers: { host: a.host } })).statusCode,
    ).toBe(401);
  });

  it('makes one zip of every table and file, emails a link that expires, and refuses a second at once', async () => {
    const photo = randomUUID();
    const photoBytes = randomBytes(2048);
    await app.platform.media.put(a.tenantId, photo, photoBytes);
    const othersFile = randomUUID();
    await app.platform.media.put(b.tenantId, othersFile, randomBytes(64));

    const sold = await app.inject({
      method: 'POST',
      url: '/item/invoice',
      headers: bearer(tokens.staff, a.host),
      payload: { contactId: a.users.student.id, items: [{ itemName: 'Ten-class pass', price: '120.00', qty: 1 }] },
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const invoice = json<any>(sold);

    const ask = () => app.inject({ method: 'POST', url: '/rest/tenant-export', headers: bearer(tokens.admin, a.host) });
    const [first, second] = await Promise.all([ask(), ask()]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([202, 409]);
    const refused = first.statusCode === 409 ? first : second;
    expect(json<any>(refused).errors.message).toBe(TENANT_EXPORT_TEXTS.alreadyRunning);
    const made = json<any>(first.statusCode === 202 ? first : second);
    expect(made).toMatchObject({ status: 'queued', downloadUrl: null });

    await app.platform.jobs.drain(EXPORT_QUEUE);
    const list = json<any>(await app.inject({ url: '/rest/tenant-export', headers: bearer(tokens.admin, a.host) }));
    const done = list.exports.find((e: any) => e._id === made._id);
    expect(done.status).toBe('done');
    expect(done.tablesDone).toBe(done.tablesTotal);
    expect(done.tablesTotal).toBeGreaterThan(40);
    expect(done.filesWritten).toBe(2); // the photo and the invoice's PDF
    expect(done.sizeBytes).toBeGreaterThan(1000);
    expect(done.downloadUrl).toMatch(/^\/rest\/tenant-export\/[0-9a-f-]{36}\/download\?expires=\d+&signature=/);
    expect(new Date(done.expiresAt).getTime() - new Date(done.finishedAt).getTime()).toBe(7 * 86_400_000);

    // The other studio sees none of it.
    const others = json<any>(
      await app.inject({ url: '/rest/tenant-export', headers: bearer(tokens.otherAdmin, b.host) }),
    );
    expect(others.exports).toEqual([]);
    expect((await app.inject({ url: done.downloadUrl, headers: { host: b.host } })).statusCode).toBe(404);

    // The email, with the link on the studio's own host.
    const mails = await withTenant(app.platform.db, a.tenantId, (tx) =>
      tx
        .select()
        .from(outboxEmails)
        .where(and(eq(outboxEmails.tenantId, a.tenantId), eq(outboxEmails.toAddress, a.users.admin.email))),
    );
    const mail = mails.find((m) => m.subject === 'Your data export of Ayşe Yoga is ready');
    expect(mail?.textBody).toContain(`http://${a.orgId}.localhost${done.downloadUrl}`);

    // The link downloads the zip with no token.
    const download = await app.inject({ url: done.downloadUrl, headers: { host: a.host } });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const files = await unzip(download.rawPayload);
    const tables = (await tenantTables(app.platform.database.sql)).filter((t) => !(t.name in EXCLUDED_TABLES));
    for (const table of tables) {
      expect(files.has(`data/${table.name}.csv`), table.name).toBe(true);
      expect(files.has(`data/${table.name}.json`), table.name).toBe(true);
    }
    for (const excluded of Object.keys(EXCLUDED_TABLES)) expect(files.has(`data/${excluded}.json`)).toBe(false);
    expect(files.get(`media/${photo}`)?.equals(photoBytes)).toBe(true);
    expect(files.has(`media/${othersFile}`)).toBe(false);
    // The invoice as a PDF, named by its number, that says its number and what was sold.
    const pdf = files.get(`pdf/invoices/${invoice.invoiceId}.pdf`);
    expect(pdf?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = await pdfText(pdf ?? Buffer.alloc(0));
    expect(text).toContain(invoice.invoiceId);
    expect(text).toContain('Ten-class pass');
    expect([...files.keys()].filter((name) => name.startsWith('pdf/'))).toEqual([
      `pdf/invoices/${invoice.invoiceId}.pdf`,
    ]);
    const readme = files.get('README.md')?.toString('utf8') ?? '';
    expect(readme).toContain('# Data export of Ayşe Yoga');
    expect(readme).toContain('`data/{table}.csv`');
    expect(readme).toContain('`pdf/invoices/{number}.pdf`');
    expect(readme).toContain('at most 1000 of them: 1 PDF in this zip.');
    const manifest = JSON.parse(files.get('manifest.json')?.toString('utf8') ?? '{}');
    expect(manifest.pdfs.invoices.files).toEqual([
      { path: `pdf/invoices/${invoice.invoiceId}.pdf`, invoiceId: invoice.id, number: invoice.invoiceId },
    ]);
    expect(manifest.tenant).toMatchObject({ id: a.tenantId, orgId: a.orgId, name: 'Ayşe Yoga' });

    // Contacts: this studio's four, no password hashes, none of the other studio's.
    const contacts = JSON.parse(files.get('data/contacts.json')?.toString('utf8') ?? '[]') as any[];
    expect(contacts.map((c) => c.email).sort()).toEqual(
      Object.values(a.users)
        .map((u) => u.email)
        .sort(),
    );
    expect(contacts.every((c) => c.password_hash === null && c.tenant_id === a.tenantId)).toBe(true);
    expect(manifest.tables.find((t: any) => t.name === 'contacts').rows).toBe(4);
    const csv = files.get('data/contacts.csv')?.toString('utf8') ?? '';
    const [header, ...lines] = csv.trimEnd().split('\r\n');
    expect(header?.split(',')).toContain('email');
    expect(header?.split(',')).toContain('password_hash');
    expect(lines).toHaveLength(4);
    const zipText = [...files.values()].map((f) => f.toString('latin1')).join('\n');
    expect(zipText).not.toContain(b.orgId);
    expect(zipText).not.toContain('$argon2');

    // A tampered link is a 404; past its 7 days it is a 410 and says so.
    const tampered = done.downloadUrl.replace(/signature=./, (s: string) =>
      s.endsWith('A') ? `${s.slice(0, -1)}B` : `${s.slice(0, -1)}A`,
    );
    expect((await app.inject({ url: tampered, headers: { host: a.host } })).statusCode).toBe(404);
    app.platform.clock.set(new Date(Date.now() + 8 * 86_400_000));
    try {
      const late = await app.inject({ url: done.downloadUrl, headers: { host: a.host } });
      expect(late.statusCode).toBe(410);
      expect(json<any>(late).errors.message).toBe(TENANT_EXPORT_TEXTS.expired);
      const later = json<any>(await app.inject({ url: '/rest/tenant-export', headers: bearer(tokens.admin, a.host) }));
      expect(later.exports[0].downloadUrl).toBeNull();
      // The daily sweep deletes the expired zip.
      const zipFile = join(app.platform.config.dataDir, 'exports', a.tenantId, `${made._id}.zip`);
      expect(existsSync(zipFile)).toBe(true);
      await app.platform.jobs.send(EXPORT_SWEEP_QUEUE, {});
      await app.platform.jobs.drain(EXPORT_SWEEP_QUEUE);
      expect(existsSync(zipFile)).toBe(false);
      const swept = json<any>(await app.inject({ url: '/rest/tenant-export', headers: bearer(tokens.admin, a.host) }));
      expect(swept.exports[0]).toMatchObject({ status: 'done', sizeBytes: null, downloadUrl: null });
    } finally {
      app.platform.clock.reset();
    }

    // Once it is done a new export can be asked for.
    const again = await ask();
    expect(again.statusCode).toBe(202);
    await app.platform.jobs.drain(EXPORT_QUEUE);
  });

  it('a failed export frees the slot for the next one', async () => {
    const [row] = await withTenant(app.platform.db, b.tenantId, (tx) =>
      tx
        .insert(tenantExports)
        .values({
          tenantId: b.tenantId,
          requestedById: b.users.admin.id,
          requestedByEmail: b.users.admin.email,
          status: 'failed',
        })
        .returning(),
    );
    expect(row?.status).toBe('failed');
    const response = await app.inject({
      method: 'POST',
      url: '/rest/tenant-export',
      headers: bearer(tokens.otherAdmin, b.host),
    });
    expect(response.statusCode).toBe(202);
    await app.platform.jobs.drain(EXPORT_QUEUE);
  });
});
