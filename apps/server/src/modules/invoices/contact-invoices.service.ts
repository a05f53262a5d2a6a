import {
  CONTACT_INVOICES_SHOWN,
  type ContactInvoices,
  formatInvoiceNumber,
  type MyInvoices,
  type MyInvoicesQuery,
  toMajorNumber,
} from '@atrium/contracts';
import type { z } from 'zod';
import { readTenant } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import {
  findContactInvoices,
  findContactPayments,
  findOwnInvoices,
  findPerson,
  type InvoiceSummaryRow,
} from './invoices.repo.ts';

/**
 * GET /item/invoice/contact/{contactId}: what the contact detail shows of a contact's money, read
 * from their invoices: the latest invoices and the latest payments and refunds. Another studio's
 * contact, or none, is a 404.
 */
export function contactInvoices(
  platform: Platform,
  { tenant }: Authenticated,
  contactId: string,
): Promise<ContactInvoices> {
  return readTenant(platform.db, tenant.tenantId, async (tx) => {
    if (!(await findPerson(tx, tenant.tenantId, contactId))) throw notFound('Contact');
    const [invoices, payments] = await Promise.all([
      findContactInvoices(tx, tenant.tenantId, contactId, CONTACT_INVOICES_SHOWN),
      findContactPayments(tx, tenant.tenantId, contactId, CONTACT_INVOICES_SHOWN),
    ]);
    return {
      invoices: invoices.map((row) => ({
        id: row.id,
        ...summaryOf(row),
      })),
      payments: payments.map((row) => ({
        id: row.id,
        invoiceGuId: row.invoiceGuId,
        invoiceId: formatInvoiceNumber(row.number),
        kind: row.kind,
        method: row.method,
        currency: row.currency,
        amount: toMajorNumber(row.amount, row.currency),
        createdAt: row.createdAt.toISOString(),
      })),
    };
  });
}

/** An invoice in a list (the contact's, a person's own): its number, status and money in major units. */
function summaryOf(row: InvoiceSummaryRow) {
  return {
    invoiceId: formatInvoiceNumber(row.number),
    status: row.status,
    currency: row.currency,
    total: toMajorNumber(row.total, row.currency),
    balance: toMajorNumber(row.balance, row.currency),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * GET /item/invoice/my: the signed-in person's own invoices (a member's purchases, gifts and
 * memberships), a page at a time; each opens on its public page. The token names the person, so
 * there is no id to guess.
 */
export function myInvoices(
  platform: Platform,
  { tenant, auth }: Authenticated,
  query: z.output<typeof MyInvoicesQuery>,
): Promise<MyInvoices> {
  return readTenant(platform.db, tenant.tenantId, async (tx) => {
    const { rows, total } = await findOwnInvoices(tx, tenant.tenantId, auth.sub, query.offset, query.max);
    return {
      data: rows.map((row) => ({
        publicId: row.publicId,
        ...summaryOf(row),
      })),
      total,
    };
  });
}
