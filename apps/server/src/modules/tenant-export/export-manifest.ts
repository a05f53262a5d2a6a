/** What an export zip's manifest.json holds (written by export-zip.ts, read by import-zip.ts and the README). */

/** The zip's layout version; the import refuses a zip of another. */
export const EXPORT_FORMAT = 1;

export interface ExportTenant {
  id: string;
  orgId: string;
  masterOrgId: string;
  name: string;
  customDomain: string | null;
  settings: unknown;
  createdAt: string;
}

export interface ManifestTable {
  name: string;
  columns: Array<{
    name: string;
    type: string;
    notNull: boolean;
    generated: boolean;
    identity: boolean;
    redacted: boolean;
  }>;
  rows: number;
}

export interface ExportManifest {
  format: number;
  exportedAt: string;
  tenant: ExportTenant;
  tables: ManifestTable[];
  excludedTables: Record<string, string>;
  redactedColumns: Record<string, readonly string[]>;
  media: string[];
  /**
   * PDFs made for the export (not read by the import: they are drawn from the rows). Invoices: those
   * created since `since`, at most `max`, newest first.
   */
  pdfs: {
    invoices: { since: string; max: number; files: Array<{ path: string; invoiceId: string; number: string }> };
  };
}
