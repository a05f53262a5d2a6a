import { formatInvoiceNumber } from '@atrium/contracts';
import { and, asc, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import { type Db, readTenant } from '../../db/client.ts';
import { invoiceLines, invoicePayments, invoices } from '../../db/schema/index.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { MediaStorage } from '../media/media.storage.ts';
import { toPublic } from './invoice-mappers.ts';
import { loadLogo, renderInvoicePdf } from './invoice-pdf.ts';
import type { InvoiceLineRow, InvoicePaymentRow, InvoiceRow } from './invoices.repo.ts';

// The invoice PDFs of a tenant's data export (issue 28): the same PDF the desk and the public link
// give (invoice-pdf.ts), newest (highest number) first, rendered one at a time as the zip takes them. A PDF is drawn
// from the rows, so it is bounded (docs/decisions/platform.md "Invoice PDFs in the data export"):
// the invoices of the last EXPORT_PDF_YEARS years, at most EXPORT_PDF_MAX of them.

export const EXPORT_PDF_YEARS = 2;
export const EXPORT_PDF_MAX = 1000;
/** Invoices read per round trip (with their lines and payments). */
const PAGE = 50;

export interface InvoicePdfBound {
  /** Invoices created at or after this instant. */
  since: Date;
  /** At most this many, the newest. */
  max: number;
}

export function defaultInvoicePdfBound(now: Date): InvoicePdfBound {
  const since = new Date(now);
  since.setUTCFullYear(since.getUTCFullYear() - EXPORT_PDF_YEARS);
  return { since, max: EXPORT_PDF_MAX };
}

export interface InvoicePdfFile {
  /** `INV-00042`. */
  number: string;
  invoiceId: string;
  createdAt: Date;
  pdf: Buffer;
}

function byInvoice<T extends { invoiceId: string }>(rows: T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const list = out.get(row.invoiceId);
    if (list) list.push(row);
    else out.set(row.invoiceId, [row]);
  }
  return out;
}

/**
 * The tenant's invoice PDFs within the bound, newest first (by number): PAGE invoices read per short
 * read-only transaction (keyset on the number, unique in the tenant), each rendered only when the caller asks for the next, so
 * one PDF is held at a time.
 */
export async function* invoicePdfsForExport(
  db: Db,
  media: MediaStorage,
  tenant: TenantContext,
  bound: InvoicePdfBound,
): AsyncGenerator<InvoicePdfFile> {
  const logo = await loadLogo(media, tenant.tenantId, tenant.settings.logo);
  let after: number | null = null;
  let left = bound.max;
  while (left > 0) {
    const before = after;
    const page: Array<{ row: InvoiceRow; lines: InvoiceLineRow[]; payments: InvoicePaymentRow[] }> = await readTenant(
      db,
      tenant.tenantId,
      async (tx) => {
        const rows = await tx
          .select()
          .from(invoices)
          .where(
            and(
              eq(invoices.tenantId, tenant.tenantId),
              gte(invoices.createdAt, bound.since),
              before === null ? undefined : lt(invoices.number, before),
            ),
          )
          .orderBy(desc(invoices.number))
          .limit(Math.min(PAGE, left));
        if (rows.length === 0) return [];
        const ids = rows.map((r) => r.id);
        const lines = byInvoice(
          await tx
            .select()
            .from(invoiceLines)
            .where(and(eq(invoiceLines.tenantId, tenant.tenantId), inArray(invoiceLines.invoiceId, ids)))
            .orderBy(asc(invoiceLines.position)),
        );
        const payments = byInvoice(
          await tx
            .select()
            .from(invoicePayments)
            .where(and(eq(invoicePayments.tenantId, tenant.tenantId), inArray(invoicePayments.invoiceId, ids)))
            .orderBy(asc(invoicePayments.createdAt), asc(invoicePayments.id)),
        );
        return rows.map((row) => ({ row, lines: lines.get(row.id) ?? [], payments: payments.get(row.id) ?? [] }));
      },
    );
    if (page.length === 0) return;
    for (const { row, lines, payments } of page) {
      const invoice = toPublic(tenant, row, lines, payments);
      const pdf = await renderInvoicePdf({ invoice, logo, timeZone: tenant.settings.timezone });
      yield { number: formatInvoiceNumber(row.number), invoiceId: row.id, createdAt: row.createdAt, pdf };
    }
    left -= page.length;
    const last = page[page.length - 1]?.row;
    if (!last || page.length < PAGE) return;
    after = last.number;
  }
}
