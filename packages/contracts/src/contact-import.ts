import { z } from 'zod';

// Contact CSV import (spec 3 §7.4: GET and POST /rest/contact/import, categoryId query).

/** The contact fields a CSV column can fill, in the order the mapping form shows them. */
export const IMPORT_FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone',
};
export const IMPORT_REQUIRED_FIELDS: readonly ImportField[] = ['firstName', 'lastName', 'email'];

/** The raw CSV body: 10 MB at most, and at most this many rows under the header. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 50_000;
/** How many rows the dry run shows with their values. */
export const IMPORT_PREVIEW_ROWS = 20;

export const IMPORT_DUPLICATE_IN_TENANT = 'duplicate email: a contact with this email already exists';
export const importDuplicateInFile = (firstRow: number) => `duplicate email: same as row ${firstRow}`;

const HEADER_GUESSES: Record<ImportField, string[]> = {
  firstName: ['firstname', 'first', 'givenname', 'fname', 'forename', 'name'],
  lastName: ['lastname', 'last', 'surname', 'familyname', 'lname'],
  email: ['email', 'emailaddress', 'mail', 'emailid'],
  phone: ['phone', 'phonenumber', 'mobile', 'mobilephone', 'mobilenumber', 'cell', 'cellphone', 'telephone', 'tel'],
};

const squash = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A suggested mapping from the file's headers: each field takes the first column whose name fits. */
export function guessImportMapping(columns: readonly string[]): Record<ImportField, string | null> {
  const used = new Set<string>();
  const mapping = {} as Record<ImportField, string | null>;
  for (const field of IMPORT_FIELDS) {
    const wanted = HEADER_GUESSES[field];
    let found: string | null = null;
    for (const guess of wanted) {
      found = columns.find((column) => !used.has(column) && squash(column) === guess) ?? null;
      if (found !== null) break;
    }
    if (found !== null) used.add(found);
    mapping[field] = found;
  }
  return mapping;
}

const column = z.string().max(200, 'a column name must be at most 200 characters').optional();

/** POST /rest/contact/import query: the category, dry run, and the column mapping (header names). */
export const ContactImportQuery = z.object({
  categoryId: z.string().trim().max(100, 'categoryId must be at most 100 characters').optional(),
  dryRun: z.enum(['true', 'false']).default('false'),
  firstName: column,
  lastName: column,
  email: column,
  phone: column,
});
export type ContactImportQuery = z.input<typeof ContactImportQuery>;

export const ContactImportListQuery = z.object({
  categoryId: z.string().trim().max(100, 'categoryId must be at most 100 characters').optional(),
});

/** One rejected row: its number as a spreadsheet shows it (the header is row 1), and every reason. */
export const ContactImportRejectedRow = z.object({
  row: z.number().int(),
  email: z.string(),
  reasons: z.array(z.string()),
});
export type ContactImportRejectedRow = z.infer<typeof ContactImportRejectedRow>;

export const ContactImportMapping = z.object(
  Object.fromEntries(IMPORT_FIELDS.map((field) => [field, z.string().nullable()])) as Record<
    ImportField,
    z.ZodNullable<z.ZodString>
  >,
);
export type ContactImportMapping = z.infer<typeof ContactImportMapping>;

export const ContactImportPreviewRow = z.object({
  row: z.number().int(),
  values: z.object(
    Object.fromEntries(IMPORT_FIELDS.map((field) => [field, z.string()])) as Record<ImportField, z.ZodString>,
  ),
  reasons: z.array(z.string()),
});
export type ContactImportPreviewRow = z.infer<typeof ContactImportPreviewRow>;

/** The dry run: what the file holds and what an import would do, nothing written. */
export const ContactImportDryRun = z.object({
  dryRun: z.literal(true),
  columns: z.array(z.string()),
  mapping: ContactImportMapping,
  total: z.number().int(),
  valid: z.number().int(),
  preview: z.array(ContactImportPreviewRow),
  rejected: z.array(ContactImportRejectedRow),
});
export type ContactImportDryRun = z.infer<typeof ContactImportDryRun>;

export const ContactImportResult = z.object({
  dryRun: z.literal(false),
  id: z.string(),
  categoryId: z.string().nullable(),
  total: z.number().int(),
  imported: z.number().int(),
  rejected: z.array(ContactImportRejectedRow),
});
export type ContactImportResult = z.infer<typeof ContactImportResult>;

/** GET /rest/contact/import: the tenant's recent imports, newest first. */
export const ContactImportLogItem = z.object({
  id: z.string(),
  categoryId: z.string().nullable(),
  fileName: z.string(),
  total: z.number().int(),
  imported: z.number().int(),
  rejected: z.number().int(),
  createdByName: z.string(),
  createdAt: z.string(),
});
export type ContactImportLogItem = z.infer<typeof ContactImportLogItem>;
