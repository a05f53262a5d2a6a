import { createHmac, timingSafeEqual } from 'node:crypto';
import { TENANT_EXPORT_LINK_DAYS, TENANT_EXPORT_TEXTS, type TenantExport } from '@atrium/contracts';
import { and, desc, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import { readTenant, withTenant } from '../../db/client.ts';
import { contacts, tenantExports, tenants } from '../../db/schema/index.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import type { ExportStorage } from './export-storage.ts';
import { writeTenantExport } from './export-zip.ts';

export const EXPORT_QUEUE = 'tenant-export';
export const EXPORT_SWEEP_QUEUE = 'tenant-export-sweep';

export interface ExportJob {
  tenantId: string;
  exportId: string;
}

type Row = typeof tenantExports.$inferSelect;

/**
 * Signed download links: `/rest/tenant-export/{id}/download?expires={unix s}&signature=...`, an
 * HMAC-SHA256 of the tenant, export and expiry under a key derived from the platform's JWT secret.
 * The link is the credential (it is emailed; a browser opens it without a token), bound to its
 * tenant and export, and stops at its expiry.
 */
export class ExportLinkSigner {
  readonly #key: Buffer;

  constructor(secret: string) {
    this.#key = createHmac('sha256', secret).update('atrium tenant export links v1').digest();
  }

  signature(tenantId: string, exportId: string, expires: number): string {
    return createHmac('sha256', this.#key).update(`${tenantId}/${exportId}/${expires}`).digest('base64url');
  }

  path(tenantId: string, exportId: string, expiresAt: Date): string {
    const expires = Math.floor(expiresAt.getTime() / 1000);
    return `/rest/tenant-export/${exportId}/download?expires=${expires}&signature=${this.signature(tenantId, exportId, expires)}`;
  }

  verify(tenantId: string, exportId: string, expires: number, signature: string): boolean {
    const expected = Buffer.from(this.signature(tenantId, exportId, expires));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}

export interface ExportParts {
  platform: Platform;
  storage: ExportStorage;
  signer: ExportLinkSigner;
}

function toExport(parts: ExportParts, row: Row): TenantExport {
  const now = parts.platform.clock.now();
  const live = row.status === 'done' && row.expiresAt !== null && row.expiresAt > now;
  return {
    _id: row.id,
    status: row.status,
    requestedByName: row.requestedByName,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    tablesDone: row.tablesDone,
    tablesTotal: row.tablesTotal,
    rowsWritten: row.rowsWritten,
    filesWritten: row.filesWritten,
    sizeBytes: row.sizeBytes,
    downloadUrl: live && row.expiresAt ? parts.signer.path(row.tenantId, row.id, row.expiresAt) : null,
    error: row.error,
  };
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
};

/** An admin asks for an export: queued, or 409 while another one is queued or running. */
export async function requestExport(
  parts: ExportParts,
  tenant: TenantContext,
  auth: AccessClaims,
): Promise<TenantExport> {
  const { platform } = parts;
  let row: Row | undefined;
  try {
    row = await withTenant(platform.db, tenant.tenantId, async (tx) => {
      const [me] = await tx
        .select({ email: contacts.email, name: contacts.name, lastName: contacts.lastName })
        .from(contacts)
        .where(and(eq(contacts.tenantId, tenant.tenantId), eq(contacts.id, auth.sub)));
      if (!me) throw notFound('Contact');
      const [created] = await tx
        .insert(tenantExports)
        .values({
          tenantId: tenant.tenantId,
          requestedById: auth.sub,
          requestedByName: [me.name, me.lastName].filter(Boolean).join(' '),
          requestedByEmail: me.email,
          createdAt: platform.clock.now(),
        })
        .returning();
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'export_running', TENANT_EXPORT_TEXTS.alreadyRunning);
    throw error;
  }
  if (!row) throw new Error('export not written');
  const job: ExportJob = { tenantId: tenant.tenantId, exportId: row.id };
  try {
    await platform.jobs.send(EXPORT_QUEUE, job);
  } catch (error) {
    // Never a queued export that no job will make: it would refuse every later one.
    await giveUpExport(parts, job);
    throw error;
  }
  return toExport(parts, row);
}

/** The studio's last ten exports, newest first. */
export async function listExports(parts: ExportParts, tenant: TenantContext): Promise<TenantExport[]> {
  const rows = await readTenant(parts.platform.db, tenant.tenantId, (tx) =>
    tx
      .select()
      .from(tenantExports)
      .where(eq(tenantExports.tenantId, tenant.tenantId))
      .orderBy(desc(tenantExports.createdAt))
      .limit(10),
  );
  return rows.map((row) => toExport(parts, row));
}

const update = (parts: ExportParts, job: ExportJob, values: Partial<Row>) =>
  withTenant(parts.platform.db, job.tenantId, (tx) =>
    tx
      .update(tenantExports)
      .set(values)
      .where(and(eq(tenantExports.tenantId, job.tenantId), eq(tenantExports.id, job.exportId)))
      .returning(),
  );

/** The job: writes the zip to the export storage, then emails the link (outbox). */
export async function runExport(parts: ExportParts, job: ExportJob): Promise<void> {
  const { platform, storage } = parts;
  const [started] = await withTenant(platform.db, job.tenantId, (tx) =>
    tx
      .update(tenantExports)
      .set({ status: 'running', startedAt: platform.clock.now() })
      .where(
        and(
          eq(tenantExports.tenantId, job.tenantId),
          eq(tenantExports.id, job.exportId),
          // 'running': a retry after a worker died mid-export (pg-boss hands each job to one worker at a time).
          inArray(tenantExports.status, ['queued', 'running']),
        ),
      )
      .returning(),
  );
  if (!started) return;
  const [registry] = await platform.db.select().from(tenants).where(eq(tenants.id, job.tenantId));
  if (!registry) return;
  const upload = await storage.write(job.tenantId, job.exportId);
  try {
    await writeTenantExport({
      database: platform.database,
      media: platform.media,
      tenant: {
        id: registry.id,
        orgId: registry.orgId,
        masterOrgId: registry.masterOrgId,
        name: registry.name,
        customDomain: registry.customDomain,
        settings: registry.settings,
        createdAt: registry.createdAt.toISOString(),
      },
      output: upload.stream,
      now: () => platform.clock.now(),
      // The invoice PDFs count among the files written.
      onProgress: async ({ pdfsWritten, ...progress }) =>
        void (await update(parts, job, { ...progress, filesWritten: progress.filesWritten + pdfsWritten })),
    });
    const sizeBytes = await upload.done();
    const finishedAt = platform.clock.now();
    const expiresAt = new Date(finishedAt.getTime() + TENANT_EXPORT_LINK_DAYS * 86_400_000);
    const tenant = await platform.tenants.byOrgId(registry.orgId);
    const origin = tenant ? tenantOrigin(platform.config, tenant) : platform.config.publicUrl;
    const zone = tenant?.settings.timezone ?? 'UTC';
    const until = new Intl.DateTimeFormat('en-GB', { timeZone: zone, dateStyle: 'long', timeStyle: 'short' }).format(
      expiresAt,
    );
    await withTenant(platform.db, job.tenantId, async (tx) => {
      await tx
        .update(tenantExports)
        .set({ status: 'done', sizeBytes, finishedAt, expiresAt, error: null })
        .where(and(eq(tenantExports.tenantId, job.tenantId), eq(tenantExports.id, job.exportId)));
      const link = `${origin}${parts.signer.path(job.tenantId, job.exportId, expiresAt)}`;
      await enqueueEmail(tx, job.tenantId, {
        to: started.requestedByEmail,
        subject: `Your data export of ${registry.name} is ready`,
        text: [
          `Hello ${started.requestedByName || 'there'},`,
          '',
          `The export of ${registry.name}'s data you asked for is ready (a zip of ${(sizeBytes / 1_048_576).toFixed(1)} MB):`,
          '',
          link,
          '',
          `The link works until ${until} (${zone}). It holds every table of the studio's data as CSV and JSON, its files, its recent invoices as PDFs and a README describing them.`,
          'Anyone with the link can download the export: do not forward this email.',
        ].join('\n'),
      });
    });
    await platform.outbox.kick();
  } catch (error) {
    await upload.abort().catch(() => {});
    await update(parts, job, {
      status: 'failed',
      finishedAt: platform.clock.now(),
      error: 'The export could not be made. Please try again.',
    });
    throw error;
  }
}

/** After the last attempt: an export left queued or running is failed, so a new one can be asked for. */
export async function giveUpExport(parts: ExportParts, job: ExportJob): Promise<void> {
  await withTenant(parts.platform.db, job.tenantId, (tx) =>
    tx
      .update(tenantExports)
      .set({
        status: 'failed',
        finishedAt: parts.platform.clock.now(),
        error: 'The export could not be made. Please try again.',
      })
      .where(
        and(
          eq(tenantExports.tenantId, job.tenantId),
          eq(tenantExports.id, job.exportId),
          inArray(tenantExports.status, ['queued', 'running']),
        ),
      ),
  );
}

/** The zip of a signed link: 404 for a bad link or another tenant's, 410 once expired. */
export async function openDownload(
  parts: ExportParts,
  tenant: TenantContext,
  exportId: string,
  expires: number,
  signature: string,
) {
  if (!parts.signer.verify(tenant.tenantId, exportId, expires, signature)) throw notFound('Export');
  if (expires * 1000 <= parts.platform.clock.now().getTime())
    throw new AppError(410, 'link_expired', TENANT_EXPORT_TEXTS.expired);
  const [row] = await readTenant(parts.platform.db, tenant.tenantId, (tx) =>
    tx
      .select()
      .from(tenantExports)
      .where(and(eq(tenantExports.tenantId, tenant.tenantId), eq(tenantExports.id, exportId))),
  );
  if (row?.status !== 'done') throw notFound('Export');
  const file = await parts.storage.read(tenant.tenantId, exportId);
  if (!file) throw new AppError(410, 'link_expired', TENANT_EXPORT_TEXTS.expired);
  const day = (row.finishedAt ?? row.createdAt).toISOString().slice(0, 10);
  return { ...file, fileName: `${tenant.orgId}-export-${day}.zip` };
}

/** The daily sweep: zips past their expiry are deleted (on the owner connection: every tenant). */
export async function sweepExpiredExports(parts: ExportParts): Promise<number> {
  const { platform } = parts;
  const expired = await platform.db
    .select({ tenantId: tenantExports.tenantId, id: tenantExports.id })
    .from(tenantExports)
    .where(
      and(
        eq(tenantExports.status, 'done'),
        isNotNull(tenantExports.expiresAt),
        lt(tenantExports.expiresAt, platform.clock.now()),
        isNotNull(tenantExports.sizeBytes),
      ),
    )
    .limit(500);
  for (const row of expired) {
    await parts.storage.remove(row.tenantId, row.id);
    await platform.db
      .update(tenantExports)
      .set({ sizeBytes: null })
      .where(and(eq(tenantExports.tenantId, row.tenantId), eq(tenantExports.id, row.id)));
  }
  return expired.length;
}
