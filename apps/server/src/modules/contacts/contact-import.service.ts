import type { ContactImportDryRun, ContactImportLogItem, ContactImportResult, ImportField } from '@atrium/contracts';
import { IMPORT_DUPLICATE_IN_TENANT, IMPORT_PREVIEW_ROWS } from '@atrium/contracts';
import { type Db, withTenant } from '../../db/client.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { assertContactRoom } from '../plan/plan-limits.ts';
import {
  candidateEmails,
  markDuplicates,
  readImportFile,
  rejectedOf,
  requireMappedFields,
} from './contact-import.plan.ts';
import { findExistingEmails, findImportLogs, insertImportedContacts, insertImportLog } from './contact-import.repo.ts';
import { findContact } from './contact-records.repo.ts';

export interface ImportRequest {
  text: string;
  mapping: Partial<Record<ImportField, string>>;
  categoryId: string | null;
  fileName: string;
}

/** Dry run: the columns, the mapping in use, and what an import would do. Nothing is written. */
export async function previewImport(db: Db, tenant: TenantContext, input: ImportRequest): Promise<ContactImportDryRun> {
  const file = readImportFile(input.text, input.mapping);
  const existing = await withTenant(db, tenant.tenantId, (tx) =>
    findExistingEmails(tx, tenant.tenantId, candidateEmails(file.rows)),
  );
  const valid = markDuplicates(file.rows, existing);
  return {
    dryRun: true,
    columns: file.columns,
    mapping: file.mapping,
    total: file.rows.length,
    valid: valid.length,
    preview: file.rows
      .slice(0, IMPORT_PREVIEW_ROWS)
      .map((row) => ({ row: row.row, values: row.values, reasons: row.reasons })),
    rejected: rejectedOf(file.rows),
  };
}

/**
 * Imports every valid row and the log entry in ONE tenant transaction: if anything fails,
 * nothing is written. Invalid and duplicate rows are reported with their reasons.
 */
export async function commitImport(db: Db, ctx: Authenticated, input: ImportRequest): Promise<ContactImportResult> {
  const file = readImportFile(input.text, input.mapping);
  requireMappedFields(file.mapping);
  const { tenantId } = ctx.tenant;
  return withTenant(db, tenantId, async (tx) => {
    const existing = await findExistingEmails(tx, tenantId, candidateEmails(file.rows));
    const valid = markDuplicates(file.rows, existing);
    await assertContactRoom(tx, ctx.tenant, valid.filter((row) => row.contact !== null).length);
    const inserted = await insertImportedContacts(
      tx,
      tenantId,
      valid.map((row) => row.contact).filter((contact) => contact !== null),
    );
    // An email taken by another write between the lookup and the insert is a duplicate too.
    for (const row of valid) {
      if (row.contact && !inserted.has(row.contact.email)) row.reasons.push(IMPORT_DUPLICATE_IN_TENANT);
    }
    const rejected = rejectedOf(file.rows);
    const me = await findContact(tx, tenantId, ctx.auth.sub);
    const log = await insertImportLog(tx, tenantId, {
      categoryId: input.categoryId,
      fileName: input.fileName,
      totalRows: file.rows.length,
      importedCount: inserted.size,
      rejectedCount: rejected.length,
      createdById: ctx.auth.sub,
      createdByName: me ? [me.name, me.lastName].filter(Boolean).join(' ') : '',
    });
    return {
      dryRun: false,
      id: log.id,
      categoryId: log.categoryId,
      total: file.rows.length,
      imported: inserted.size,
      rejected,
    };
  });
}

/** GET /rest/contact/import: the 50 most recent imports (of one category when given). */
export async function listImports(
  db: Db,
  tenant: TenantContext,
  categoryId: string | undefined,
): Promise<ContactImportLogItem[]> {
  const rows = await withTenant(db, tenant.tenantId, (tx) => findImportLogs(tx, tenant.tenantId, categoryId, 50));
  return rows.map((row) => ({
    id: row.id,
    categoryId: row.categoryId,
    fileName: row.fileName,
    total: row.totalRows,
    imported: row.importedCount,
    rejected: row.rejectedCount,
    createdByName: row.createdByName,
    createdAt: row.createdAt.toISOString(),
  }));
}
