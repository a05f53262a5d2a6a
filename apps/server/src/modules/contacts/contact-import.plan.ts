import {
  ContactCreate,
  type ContactImportMapping,
  type ContactImportRejectedRow,
  guessImportMapping,
  IMPORT_DUPLICATE_IN_TENANT,
  IMPORT_FIELDS,
  IMPORT_MAX_ROWS,
  IMPORT_REQUIRED_FIELDS,
  type ImportField,
  importDuplicateInFile,
  isBlankRecord,
  parseCsv,
} from '@atrium/contracts';
import type { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';

// The pure half of a contact import: CSV text and a mapping in, validated rows out. No database.

export type ValidContact = z.output<typeof ContactCreate>;

export interface PlannedRow {
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: number;
  values: Record<ImportField, string>;
  /** Set when the fields are valid (duplicates are judged later, against the file and the tenant). */
  contact: ValidContact | null;
  reasons: string[];
}

export interface ImportFile {
  columns: string[];
  mapping: ContactImportMapping;
  rows: PlannedRow[];
}

export const FILE_EMPTY = 'The file is empty: the first row must name the columns.';
export const FILE_NOT_TEXT = 'Send the CSV file as the request body (Content-Type: text/csv).';

/**
 * Reads the CSV: the first non-blank row names the columns; blank rows are skipped (they keep
 * their row numbers). A mapping given for a field wins (an empty string leaves it unmapped);
 * otherwise the field takes the column its header suggests. A named column must exist.
 */
export function readImportFile(text: string, requested: Partial<Record<ImportField, string>>): ImportFile {
  const records = parseCsv(text);
  const headerIndex = records.findIndex((record) => !isBlankRecord(record));
  if (headerIndex < 0) throw badRequest('file', FILE_EMPTY);
  const columns = (records[headerIndex] as string[]).map((cell) => cell.trim());
  const dataRows = records.length - headerIndex - 1;
  if (dataRows > IMPORT_MAX_ROWS) {
    throw badRequest('file', `The file has ${dataRows} rows; at most ${IMPORT_MAX_ROWS} can be imported at once.`);
  }

  const guessed = guessImportMapping(columns);
  const mapping = {} as ContactImportMapping;
  for (const field of IMPORT_FIELDS) {
    const given = requested[field];
    if (given === undefined) mapping[field] = guessed[field];
    else if (given.trim() === '') mapping[field] = null;
    else if (columns.includes(given.trim())) mapping[field] = given.trim();
    else throw badRequest(field, `${field}: the file has no column named '${given}'.`);
  }
  const indexOf = Object.fromEntries(
    IMPORT_FIELDS.map((field) => [field, mapping[field] === null ? -1 : columns.indexOf(mapping[field] as string)]),
  ) as Record<ImportField, number>;

  const rows: PlannedRow[] = [];
  for (let i = headerIndex + 1; i < records.length; i++) {
    const record = records[i] as string[];
    if (isBlankRecord(record)) continue;
    const values = Object.fromEntries(
      IMPORT_FIELDS.map((field) => [field, indexOf[field] < 0 ? '' : (record[indexOf[field]] ?? '')]),
    ) as Record<ImportField, string>;
    rows.push({ row: i + 1, values, ...validateValues(values) });
  }
  return { columns, mapping, rows };
}

/** The contact dialog's own rules (ContactCreate), one reason per field, in the form's order. */
function validateValues(values: Record<ImportField, string>): { contact: ValidContact | null; reasons: string[] } {
  const parsed = ContactCreate.safeParse({ ...values });
  if (parsed.success) return { contact: parsed.data, reasons: [] };
  const byField = new Map<string, string>();
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? '');
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  const order = [...IMPORT_FIELDS] as string[];
  const reasons = [...byField.entries()]
    .sort(([a], [b]) => order.indexOf(a) - order.indexOf(b))
    .map(([, message]) => message);
  return { contact: null, reasons };
}

/** The lower-cased email a row would be stored under, when its email is valid. */
function emailOf(row: PlannedRow): string | null {
  const parsed = ContactCreate.shape.email.safeParse(row.values.email);
  return parsed.success ? parsed.data : null;
}

/**
 * Adds 'duplicate email' reasons: the first row with an email claims it (later rows repeat it),
 * and an email the tenant already has is taken. Returns the rows that can be imported.
 */
export function markDuplicates(rows: PlannedRow[], existing: ReadonlySet<string>): PlannedRow[] {
  const firstRowOf = new Map<string, number>();
  const valid: PlannedRow[] = [];
  for (const row of rows) {
    const email = emailOf(row);
    if (email !== null) {
      const first = firstRowOf.get(email);
      if (existing.has(email)) row.reasons.push(IMPORT_DUPLICATE_IN_TENANT);
      else if (first !== undefined) row.reasons.push(importDuplicateInFile(first));
      else firstRowOf.set(email, row.row);
    }
    if (row.reasons.length === 0 && row.contact) valid.push(row);
  }
  return valid;
}

/** The valid emails of the file, for one lookup of those the tenant already has. */
export function candidateEmails(rows: PlannedRow[]): string[] {
  return [...new Set(rows.map(emailOf).filter((email): email is string => email !== null))];
}

export function rejectedOf(rows: PlannedRow[]): ContactImportRejectedRow[] {
  return rows
    .filter((row) => row.reasons.length > 0)
    .map((row) => ({ row: row.row, email: row.values.email.trim(), reasons: row.reasons }));
}

/** A commit needs every required field mapped to a column. */
export function requireMappedFields(mapping: ContactImportMapping): void {
  for (const field of IMPORT_REQUIRED_FIELDS) {
    if (mapping[field] === null) throw badRequest(field, `${field} must be mapped to a column of the file.`);
  }
}
