import { setImmediate as yieldTurn } from 'node:timers/promises';
import type { ContactImportDryRun, ContactImportLogItem, ContactImportResult, ImportField } from '@atrium/contracts';
import { IMPORT_DUPLICATE_IN_TENANT, IMPORT_PREVIEW_ROWS } from '@atrium/contracts';
import { type Db, isEmbedded, type Tx, withTenant } from '../../db/client.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { importedContactsNote, notifyStaff } from '../mail/staff-notifications.ts';
import { assertContactRoom } from '../plan/plan-limits.ts';
import {
  candidateEmails,
  markDuplicates,
  readImportFile,
  rejectedOf,
  requireMappedFields,
} from './contact-import.plan.ts';
import {
  deleteImportedContacts,
  findExistingEmails,
  findImportLogs,
  insertImportedContacts,
  insertImportLog,
} from './contact-import.repo.ts';
import { findContact } from './contact-records.repo.ts';

export interface ImportRequest {
  text: string;
  mapping: Partial<Record<ImportField, string>>;
  categoryId: string | null;
  /** The category's name, for the staff note ('' without one). */
  categoryName?: string;
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
 * Contacts per transaction on PGlite: a visitor's read waits behind one batch at most (its inserts
 * with their index and search-term upkeep), not behind the whole file (docs/benchmarks.md).
 */
export const IMPORT_BATCH_ROWS = 100;

/**
 * Imports every valid row and writes the log entry; all or nothing: if anything fails, no contact of
 * the file stays and there is no log entry. Invalid and duplicate rows are reported with their reasons.
 *
 * On PostgreSQL it is ONE tenant transaction (other requests read on their own connections meanwhile).
 * On PGlite (one connection, one transaction at a time) one transaction would hold every other request
 * for the whole file, so the rows are checked first, then written IMPORT_BATCH_ROWS at a time, each
 * batch its own transaction with a turn for waiting requests after it, and the log entry last; when a
 * batch or the log fails, the contacts already written are deleted again before the error answers
 * (docs/decisions/contacts.md "Import in batches on PGlite").
 */
export async function commitImport(db: Db, ctx: Authenticated, input: ImportRequest): Promise<ContactImportResult> {
  const file = readImportFile(input.text, input.mapping);
  requireMappedFields(file.mapping);
  const { tenantId } = ctx.tenant;
  if (!isEmbedded(db)) {
    return withTenant(db, tenantId, async (tx) => {
      const checked = await checkRows(tx, ctx, file);
      const inserted = await insertImportedContacts(tx, tenantId, checked.contacts);
      return logImport(tx, ctx, input, file, checked.valid, inserted);
    });
  }
  const checked = await withTenant(db, tenantId, (tx) => checkRows(tx, ctx, file));
  const inserted = new Map<string, string>();
  try {
    for (let i = 0; i < checked.contacts.length; i += IMPORT_BATCH_ROWS) {
      const batch = checked.contacts.slice(i, i + IMPORT_BATCH_ROWS);
      const written = await withTenant(db, tenantId, (tx) => insertImportedContacts(tx, tenantId, batch));
      for (const [email, id] of written) inserted.set(email, id);
      await yieldTurn();
    }
    return await withTenant(db, tenantId, (tx) => logImport(tx, ctx, input, file, checked.valid, inserted));
  } catch (error) {
    await undoImport(db, tenantId, [...inserted.values()]);
    throw error;
  }
}

type ImportFile = ReturnType<typeof readImportFile>;
type CheckedRow = ReturnType<typeof markDuplicates>[number];

/** The file's rows against the tenant's contacts (duplicates marked) and the plan's room for the new ones. */
async function checkRows(tx: Tx, ctx: Authenticated, file: ImportFile) {
  const { tenantId } = ctx.tenant;
  const existing = await findExistingEmails(tx, tenantId, candidateEmails(file.rows));
  const valid = markDuplicates(file.rows, existing);
  const contacts = valid.map((row) => row.contact).filter((contact) => contact !== null);
  await assertContactRoom(tx, ctx.tenant, contacts.length);
  return { valid, contacts };
}

/** The log entry of a written import, and the answer. */
async function logImport(
  tx: Tx,
  ctx: Authenticated,
  input: ImportRequest,
  file: ImportFile,
  valid: CheckedRow[],
  inserted: Map<string, string>,
): Promise<ContactImportResult> {
  const { tenantId } = ctx.tenant;
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
  // Contact notifications (new contact added): one note naming the import's new contacts, written with the log
  // entry, so an import that fails tells nobody.
  if (inserted.size > 0) {
    const added = valid.flatMap((row) => (row.contact && inserted.has(row.contact.email) ? [row.contact] : []));
    await notifyStaff(
      tx,
      ctx.tenant,
      'contacts',
      importedContactsNote({
        by: log.createdByName || me?.email || 'A staff member',
        fileName: input.fileName,
        categoryName: input.categoryName ?? '',
        rows: file.rows.length,
        rejected: rejected.length,
        added: added.map((contact) => ({ name: contact.firstName, lastName: contact.lastName, email: contact.email })),
      }),
    );
  }
  return {
    dryRun: false,
    id: log.id,
    categoryId: log.categoryId,
    total: file.rows.length,
    imported: inserted.size,
    rejected,
  };
}

/** Deletes the contacts a failed import wrote (PGlite's batches), in batches too. */
async function undoImport(db: Db, tenantId: string, ids: string[]): Promise<void> {
  try {
    for (let i = 0; i < ids.length; i += IMPORT_BATCH_ROWS) {
      const batch = ids.slice(i, i + IMPORT_BATCH_ROWS);
      await withTenant(db, tenantId, (tx) => deleteImportedContacts(tx, tenantId, batch));
      await yieldTurn();
    }
  } catch (error) {
    // The import's own error answers; this one is logged (the contacts left are the file's, with no log entry).
    console.error(`contact import: undoing a failed import left contacts (${(error as Error).message})`);
  }
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
