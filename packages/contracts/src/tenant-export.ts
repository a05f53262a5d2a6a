import { z } from 'zod';

/**
 * "Take your data with you" (issue 28): an admin's export of the whole studio as a zip, made by a job
 * and emailed as a link that expires (docs/decisions/platform.md "Take your data with you").
 */

export const TENANT_EXPORT_TEXTS = {
  alreadyRunning: 'An export is already being made. You will get an email with its link when it is ready.',
  queued: 'Export started. We will email you a download link when it is ready.',
  expired: 'This download link has expired. Ask for a new export in Settings.',
  none: 'No exports yet.',
} as const;

/** How long an export's link (and its zip) lasts. */
export const TENANT_EXPORT_LINK_DAYS = 7;

export const TenantExportStatus = z.enum(['queued', 'running', 'done', 'failed']);
export type TenantExportStatus = z.infer<typeof TenantExportStatus>;

export const TenantExport = z.object({
  _id: z.string(),
  status: TenantExportStatus,
  requestedByName: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** When the link stops working; null until done. */
  expiresAt: z.string().nullable(),
  tablesDone: z.number().int(),
  tablesTotal: z.number().int(),
  rowsWritten: z.number().int(),
  filesWritten: z.number().int(),
  sizeBytes: z.number().int().nullable(),
  /** The signed download link (path on the studio's host) while it works; null otherwise. */
  downloadUrl: z.string().nullable(),
  error: z.string().nullable(),
});
export type TenantExport = z.infer<typeof TenantExport>;

export const TenantExportList = z.object({ exports: z.array(TenantExport) });
export type TenantExportList = z.infer<typeof TenantExportList>;
