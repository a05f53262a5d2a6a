import {
  formatInvoiceNumber,
  type InvoiceApplyPaymentRequest,
  type InvoiceCreate,
  type InvoiceDetail,
  type InvoiceListQuery,
  type InvoicePaymentRequest,
  type InvoiceRefundRequest,
  type InvoiceUpdate,
  parseInvoiceNumber,
  parseMoney,
} from '@atrium/contracts';
import type { z } from 'zod';
import { readTenant, type Tx, withTenant } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import { listCountCache } from '../../lib/list-count-cache.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { findWalkin, insertWalkinIfMissing } from '../contacts/contact-records.repo.ts';
import {
  invoicePublicUrl,
  queueInvoiceEmail,
  queueRefundEmail,
  queueStatusEmail,
  templateForStatus,
} from './invoice-email.ts';
import { findInvoicePage } from './invoice-list.repo.ts';
import { toDetail, toListRow, toPublic } from './invoice-mappers.ts';
import {
  applyAccountCredit,
  type MoneyResult,
  recordPayment,
  refundableOf,
  refundPayment,
} from './invoice-payments.service.ts';
import { loadLogo, renderInvoicePdf } from './invoice-pdf.ts';
import {
  findInvoiceByPublicId,
  findLines,
  findPaymentByKey,
  findPayments,
  findPerson,
  type InvoiceRow,
} from './invoices.repo.ts';
import {
  conflict,
  createInvoice,
  type InvoiceLineInput,
  markReminded,
  type Person,
  requireInvoice,
  tenantCurrency,
  updateInvoice,
  voidInvoice,
} from './invoices.service.ts';

// The desk's side of invoices (the routes): one tenant transaction per call, amounts read from
// the wire exactly, emails queued in the transaction and kicked after the commit.

function amountOf(value: string | number, currency: string, field: string): number {
  const parsed = parseMoney(value, currency);
  if (!parsed.ok) throw badRequest(field, parsed.error);
  return parsed.minor;
}

async function caller(tx: Tx, tenant: TenantContext, auth: Authenticated['auth']): Promise<Person> {
  const person = await findPerson(tx, tenant.tenantId, auth.sub);
  return { id: auth.sub, name: person ? `${person.name} ${person.lastName}`.trim() : '' };
}

async function detailOf(tx: Tx, platform: Platform, tenant: TenantContext, row: InvoiceRow): Promise<InvoiceDetail> {
  const lines = await findLines(tx, tenant.tenantId, row.id);
  const payments = await findPayments(tx, tenant.tenantId, row.id);
  return toDetail(tenant, row, lines, payments, invoicePublicUrl(platform, tenant, row.publicId));
}

function linesFrom(items: z.output<typeof InvoiceCreate>['items'], currency: string): InvoiceLineInput[] {
  return items.map((item, index) => {
    const id = `line-${index + 1}`;
    return {
      id,
      guId: item.itemId ?? id,
      kind: item.itemType,
      name: item.itemName,
      unitPrice: amountOf(item.price, currency, `items.${index}.price`),
      quantity: item.qty,
      isTaxable: item.isTaxable,
      isChargeCreditCardFees: item.isChargeCreditCardFees,
    };
  });
}

export async function walkinId(tx: Tx, tenant: TenantContext): Promise<string> {
  let row = await findWalkin(tx, tenant.tenantId);
  if (!row) {
    await insertWalkinIfMissing(tx, tenant.tenantId, `walkin@${tenant.orgId}.invalid`);
    row = await findWalkin(tx, tenant.tenantId);
  }
  if (!row) throw new Error('walk-in contact could not be created');
  return row.id;
}

/** Runs a write and kicks the outbox after its commit when it queued an email. */
async function write<T>(platform: Platform, tenant: TenantContext, work: (tx: Tx, mail: () => void) => Promise<T>) {
  let mailed = false;
  const markMailed = () => {
    mailed = true;
  };
  const result = await withTenant(platform.db, tenant.tenantId, (tx) => work(tx, markMailed));
  if (mailed) await platform.outbox.kick();
  return result;
}

export async function listFromDesk(platform: Platform, { tenant }: Authenticated, query: InvoiceListQuery) {
  const number = query.search ? parseInvoiceNumber(query.search) : null;
  // The count of the matches is reused a few seconds (lib/list-count-cache.ts): paging through a list or
  // a search, or sorting it another way, does not count again. A search's count reads rows' text.
  const cache = listCountCache(platform.db, 'invoices');
  const key = `${tenant.tenantId}:${query.showArchive}:${query.search ?? ''}`;
  const known = cache.peek(key);
  const writesBefore = cache.writes;
  const { rows, total, capped } = await readTenant(platform.db, tenant.tenantId, (tx) =>
    findInvoicePage(tx, tenant.tenantId, query, number, known),
  );
  // past the cap the total is the cap: kept as one more, it answers "capped" again
  if (known === undefined) cache.keep(key, capped ? total + 1 : total, writesBefore);
  return { data: rows.map(toListRow), total, capped };
}

export function createFromDesk(
  platform: Platform,
  { tenant, auth }: Authenticated,
  body: z.output<typeof InvoiceCreate>,
) {
  const lines = linesFrom(body.items, tenantCurrency(tenant));
  return write(platform, tenant, async (tx) => {
    const row = await createInvoice(tx, tenant, {
      contactId: body.contactId ?? (await walkinId(tx, tenant)),
      lines,
      paymentMethod: body.paymentMethod,
      salesPersonId: body.salesPersonId === undefined ? auth.sub : body.salesPersonId,
      note: body.note,
      createdBy: await caller(tx, tenant, auth),
    });
    return detailOf(tx, platform, tenant, row);
  });
}

export function getInvoiceDetail(platform: Platform, { tenant }: Authenticated, id: string) {
  return readTenant(platform.db, tenant.tenantId, async (tx) =>
    detailOf(tx, platform, tenant, await requireInvoice(tx, tenant.tenantId, id)),
  );
}

export function updateFromDesk(
  platform: Platform,
  { tenant }: Authenticated,
  id: string,
  body: z.output<typeof InvoiceUpdate>,
) {
  return write(platform, tenant, async (tx) => {
    const current = await requireInvoice(tx, tenant.tenantId, id);
    const lines = body.items ? linesFrom(body.items, current.currency) : undefined;
    const row = await updateInvoice(tx, tenant, id, {
      note: body.note,
      salesPersonId: body.salesPersonId,
      isArchived: body.isArchived,
      lines,
      paymentMethod: body.paymentMethod,
    });
    return detailOf(tx, platform, tenant, row);
  });
}

export function archiveFromDesk(platform: Platform, { tenant }: Authenticated, id: string) {
  return write(platform, tenant, async (tx) =>
    detailOf(tx, platform, tenant, await updateInvoice(tx, tenant, id, { isArchived: true })),
  );
}

export function voidFromDesk(platform: Platform, { tenant }: Authenticated, id: string) {
  return write(platform, tenant, async (tx) => detailOf(tx, platform, tenant, await voidInvoice(tx, tenant, id)));
}

async function afterMoney(
  tx: Tx,
  platform: Platform,
  tenant: TenantContext,
  result: MoneyResult,
  mail: () => void,
): Promise<InvoiceDetail> {
  if (!result.replayed && (await queueStatusEmail(tx, platform, tenant, result.invoice))) mail();
  return detailOf(tx, platform, tenant, result.invoice);
}

export function recordPaymentFromDesk(
  platform: Platform,
  actor: Authenticated,
  id: string,
  body: z.output<typeof InvoicePaymentRequest>,
) {
  return payFromDesk(platform, actor, id, async (tx, invoice, recordedBy) =>
    recordPayment(tx, actor.tenant, id, {
      method: body.method,
      amount: amountOf(body.amount, invoice.currency, 'amount'),
      idempotencyKey: body.idempotencyKey,
      note: body.note,
      recordedBy: await recordedBy(),
    }),
  );
}

export function applyPaymentFromDesk(
  platform: Platform,
  actor: Authenticated,
  id: string,
  body: z.output<typeof InvoiceApplyPaymentRequest>,
) {
  return payFromDesk(platform, actor, id, async (tx, invoice, recordedBy) =>
    applyAccountCredit(tx, actor.tenant, id, {
      amount: body.amount === undefined ? undefined : amountOf(body.amount, invoice.currency, 'amount'),
      idempotencyKey: body.idempotencyKey,
      recordedBy: await recordedBy(),
    }),
  );
}

/** A payment the desk takes on one invoice, in the staff member's name (`recordedBy`); its email after. */
function payFromDesk(
  platform: Platform,
  { tenant, auth }: Authenticated,
  id: string,
  pay: (tx: Tx, invoice: InvoiceRow, recordedBy: () => Promise<Person>) => Promise<MoneyResult>,
) {
  return write(platform, tenant, async (tx, mail) => {
    const invoice = await requireInvoice(tx, tenant.tenantId, id);
    const result = await pay(tx, invoice, () => caller(tx, tenant, auth));
    return afterMoney(tx, platform, tenant, result, mail);
  });
}

export const PROVIDER_REFUND =
  'Card and bank payments are refunded through the payment provider, not recorded by hand.';

/**
 * Records a refund. A payment taken through a provider is refunded there first (the payments
 * module), which then passes the provider's reference; without one such a payment is a 409.
 */
export function refundFromDesk(
  platform: Platform,
  { tenant, auth }: Authenticated,
  id: string,
  body: z.output<typeof InvoiceRefundRequest>,
  providerRef?: string,
) {
  return write(platform, tenant, async (tx, mail) => {
    const invoice = await requireInvoice(tx, tenant.tenantId, id);
    const payments = await findPayments(tx, tenant.tenantId, id);
    const payment = payments.find((p) => p.id === body.paymentId && p.kind === 'payment');
    const replay = await findPaymentByKey(tx, tenant.tenantId, body.idempotencyKey);
    if (payment?.provider && !providerRef && !replay) throw conflict('provider_refund', PROVIDER_REFUND);
    const result = await refundPayment(tx, tenant, id, {
      paymentId: body.paymentId,
      amount: body.amount === undefined ? undefined : amountOf(body.amount, invoice.currency, 'amount'),
      idempotencyKey: body.idempotencyKey,
      providerRef: providerRef ?? null,
      note: body.note,
      recordedBy: await caller(tx, tenant, auth),
    });
    if (!result.replayed && (await queueRefundEmail(tx, platform, tenant, result.invoice, result.payment))) mail();
    return detailOf(tx, platform, tenant, result.invoice);
  });
}

/** What a refund request would give back (minor units), checked as the refund will be; writes nothing. */
export function previewRefund(
  platform: Platform,
  { tenant }: Authenticated,
  id: string,
  body: z.output<typeof InvoiceRefundRequest>,
): Promise<{ amount: number }> {
  return readTenant(platform.db, tenant.tenantId, async (tx) => {
    const invoice = await requireInvoice(tx, tenant.tenantId, id);
    const amount = body.amount === undefined ? undefined : amountOf(body.amount, invoice.currency, 'amount');
    return { amount: (await refundableOf(tx, tenant, invoice, { paymentId: body.paymentId, amount })).amount };
  });
}

export function emailFromDesk(platform: Platform, { tenant }: Authenticated, id: string, reminder: boolean) {
  return write(platform, tenant, async (tx, mail) => {
    let invoice = await requireInvoice(tx, tenant.tenantId, id, true);
    if (reminder) invoice = await markReminded(tx, tenant, invoice);
    const template = templateForStatus(invoice.status);
    if (!template) throw conflict('invoice_closed', `A ${invoice.status} invoice has no email to send.`);
    if (!(await queueInvoiceEmail(tx, platform, tenant, invoice, template))) {
      throw conflict('no_email', 'This contact has no email address.');
    }
    mail();
    return detailOf(tx, platform, tenant, invoice);
  });
}

/** An invoice as its public page and its PDF show it: with its lines and payments. */
async function publicOf(tx: Tx, tenant: TenantContext, row: InvoiceRow) {
  return toPublic(
    tenant,
    row,
    await findLines(tx, tenant.tenantId, row.id),
    await findPayments(tx, tenant.tenantId, row.id),
  );
}

export function getPublicInvoice(platform: Platform, tenant: TenantContext, publicId: string) {
  return readTenant(platform.db, tenant.tenantId, async (tx) => {
    const row = await findInvoiceByPublicId(tx, tenant.tenantId, publicId);
    if (!row) throw notFound('Invoice');
    return publicOf(tx, tenant, row);
  });
}

/** The PDF of one invoice (by id for staff, by public id for a link holder); rendered after the read ends. */
export async function invoicePdf(
  platform: Platform,
  tenant: TenantContext,
  which: { id: string } | { publicId: string },
): Promise<{ pdf: Buffer; number: string }> {
  const invoice = await readTenant(platform.db, tenant.tenantId, async (tx) => {
    const row =
      'id' in which
        ? await requireInvoice(tx, tenant.tenantId, which.id)
        : await findInvoiceByPublicId(tx, tenant.tenantId, which.publicId);
    if (!row) throw notFound('Invoice');
    return publicOf(tx, tenant, row);
  });
  const logo = await loadLogo(platform.media, tenant.tenantId, tenant.settings.logo);
  const pdf = await renderInvoicePdf({ invoice, logo, timeZone: tenant.settings.timezone });
  return { pdf, number: formatInvoiceNumber(invoice.number) };
}
