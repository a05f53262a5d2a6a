import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { hotRead, type Tx } from '../../db/client.ts';
import {
  contacts,
  invoiceCounters,
  invoiceLines,
  invoicePayments,
  invoiceStockTakes,
  invoices,
} from '../../db/schema/index.ts';
import { contactIdentityColumns } from '../contacts/contact-columns.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type NewInvoiceRow = typeof invoices.$inferInsert;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type InvoiceLineKind = InvoiceLineRow['kind'];
export type InvoicePaymentRow = typeof invoicePayments.$inferSelect;

/**
 * The tenant's next invoice number: one upsert on its counter row, in the caller's transaction. The
 * row stays locked until that transaction ends, so concurrent sales take turns, and a rolled-back
 * sale gives its number back: no gaps, no duplicates.
 */
export async function takeInvoiceNumber(tx: Tx, tenantId: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ tenantId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: invoiceCounters.tenantId,
      set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  if (!row) throw new Error('invoice counter not written');
  return row.lastNumber;
}

export async function insertInvoice(
  tx: Tx,
  values: NewInvoiceRow,
  lines: Omit<typeof invoiceLines.$inferInsert, 'tenantId' | 'invoiceId'>[],
): Promise<InvoiceRow> {
  const [row] = await tx.insert(invoices).values(values).returning();
  if (!row) throw new Error('invoice not written');
  await insertLines(tx, row.tenantId, row.id, lines);
  return row;
}

export async function insertLines(
  tx: Tx,
  tenantId: string,
  invoiceId: string,
  lines: Omit<typeof invoiceLines.$inferInsert, 'tenantId' | 'invoiceId'>[],
): Promise<void> {
  if (lines.length > 0) await tx.insert(invoiceLines).values(lines.map((line) => ({ ...line, tenantId, invoiceId })));
}

export async function deleteLines(tx: Tx, tenantId: string, invoiceId: string): Promise<void> {
  await tx.delete(invoiceLines).where(and(eq(invoiceLines.tenantId, tenantId), eq(invoiceLines.invoiceId, invoiceId)));
}

const invoiceById = (tx: Tx) =>
  tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.tenantId, sql.placeholder('tenantId')), eq(invoices.id, sql.placeholder('id'))));
// read on every sale, payment and invoice email: named prepared statements (db/client.ts hotRead)
const findInvoiceRead = hotRead<InvoiceRow>(invoiceById, 'invoices_by_id');
const findInvoiceLocked = hotRead<InvoiceRow>((tx) => invoiceById(tx).for('update'), 'invoices_by_id_for_update');

/** The invoice, locked for the rest of the transaction when `lock` (every write to its money takes it first). */
export async function findInvoice(tx: Tx, tenantId: string, id: string, lock = false): Promise<InvoiceRow | undefined> {
  const [row] = await (lock ? findInvoiceLocked : findInvoiceRead)(tx, { tenantId, id });
  return row;
}

export async function findInvoiceByPublicId(tx: Tx, tenantId: string, publicId: string) {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.publicId, publicId)));
  return row;
}

export async function updateInvoiceRecord(
  tx: Tx,
  tenantId: string,
  id: string,
  changes: Partial<NewInvoiceRow>,
): Promise<InvoiceRow> {
  const [row] = await tx
    .update(invoices)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.id, id)))
    .returning();
  if (!row) throw new Error('invoice vanished');
  return row;
}

export function findLines(tx: Tx, tenantId: string, invoiceId: string): Promise<InvoiceLineRow[]> {
  return tx
    .select()
    .from(invoiceLines)
    .where(and(eq(invoiceLines.tenantId, tenantId), eq(invoiceLines.invoiceId, invoiceId)))
    .orderBy(asc(invoiceLines.position));
}

export function findPayments(tx: Tx, tenantId: string, invoiceId: string): Promise<InvoicePaymentRow[]> {
  return tx
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.tenantId, tenantId), eq(invoicePayments.invoiceId, invoiceId)))
    .orderBy(asc(invoicePayments.createdAt), asc(invoicePayments.id));
}

const findPaymentByKeyRead = hotRead<InvoicePaymentRow>(
  (tx) =>
    tx
      .select()
      .from(invoicePayments)
      .where(
        and(
          eq(invoicePayments.tenantId, sql.placeholder('tenantId')),
          eq(invoicePayments.idempotencyKey, sql.placeholder('key')),
        ),
      ),
  'invoices_payment_by_key',
);

export async function findPaymentByKey(tx: Tx, tenantId: string, key: string): Promise<InvoicePaymentRow | undefined> {
  const [row] = await findPaymentByKeyRead(tx, { tenantId, key });
  return row;
}

export async function findPayment(tx: Tx, tenantId: string, id: string): Promise<InvoicePaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(invoicePayments)
    .where(and(eq(invoicePayments.tenantId, tenantId), eq(invoicePayments.id, id)));
  return row;
}

export async function insertPayment(tx: Tx, values: typeof invoicePayments.$inferInsert): Promise<InvoicePaymentRow> {
  const [row] = await tx.insert(invoicePayments).values(values).returning();
  if (!row) throw new Error('payment not written');
  return row;
}

export async function addRefunded(tx: Tx, tenantId: string, paymentId: string, amount: number): Promise<void> {
  await tx
    .update(invoicePayments)
    .set({ refunded: sql`${invoicePayments.refunded} + ${amount}` })
    .where(and(eq(invoicePayments.tenantId, tenantId), eq(invoicePayments.id, paymentId)));
}

/** Adds `delta` (a decimal string in major units, negative for a debt) to the contact's balance. */
export async function addToContactBalance(tx: Tx, tenantId: string, contactId: string, delta: string): Promise<void> {
  if (/^-?0+(\.0+)?$/.test(delta)) return;
  await tx
    .update(contacts)
    .set({ balance: sql`${contacts.balance} + ${delta}::numeric` })
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)));
}

export async function findContactBalance(tx: Tx, tenantId: string, contactId: string): Promise<string | null> {
  const [row] = await tx
    .select({ balance: contacts.balance })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)));
  return row?.balance ?? null;
}

/** The open invoices' balances of a contact, in minor units of `currency`. */
export async function openBalanceOf(tx: Tx, tenantId: string, contactId: string, currency: string): Promise<number> {
  const [row] = await tx
    .select({ owed: sql<string>`coalesce(sum(${invoices.balance}), 0)` })
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.contactId, contactId), eq(invoices.currency, currency)));
  return Number(row?.owed ?? 0);
}

const personColumns = { ...contactIdentityColumns, role: contacts.role, isWalkin: contacts.isWalkin };
const findPersonRead = hotRead<{ [K in keyof typeof personColumns]: (typeof contacts.$inferSelect)[K] }>(
  (tx) =>
    tx
      .select(personColumns)
      .from(contacts)
      .where(and(eq(contacts.tenantId, sql.placeholder('tenantId')), eq(contacts.id, sql.placeholder('id')))),
  'invoices_person',
);

/** Who an invoice is for (a sale and each invoice email read it): a named prepared statement. */
export function findPerson(tx: Tx, tenantId: string, id: string) {
  return findPersonRead(tx, { tenantId, id }).then((rows) => rows[0]);
}

export interface StockTake {
  itemId: string;
  quantity: number;
}

/** What a sale took from stock for this invoice (tracked items only), for a void to give back. */
export async function recordStockTakes(tx: Tx, tenantId: string, invoiceId: string, takes: StockTake[]): Promise<void> {
  if (takes.length === 0) return;
  await tx.insert(invoiceStockTakes).values(takes.map((take) => ({ ...take, tenantId, invoiceId })));
}

/**
 * Marks the invoice's stock takes returned and answers them, in item id order; a take already
 * returned is not answered again. The rows stay locked until the transaction ends, so two voids at
 * once cannot both return them (the second re-reads `returned_at` after the first commits).
 */
export async function claimStockToReturn(tx: Tx, tenantId: string, invoiceId: string): Promise<StockTake[]> {
  const rows = await tx
    .update(invoiceStockTakes)
    .set({ returnedAt: sql`now()` })
    .where(
      and(
        eq(invoiceStockTakes.tenantId, tenantId),
        eq(invoiceStockTakes.invoiceId, invoiceId),
        isNull(invoiceStockTakes.returnedAt),
      ),
    )
    .returning({ itemId: invoiceStockTakes.itemId, quantity: invoiceStockTakes.quantity });
  return rows.sort((a, b) => (a.itemId < b.itemId ? -1 : a.itemId > b.itemId ? 1 : 0));
}

/** What an invoice list shows of each: number, status, money, when it was made. */
const summaryColumns = {
  number: invoices.number,
  status: invoices.status,
  currency: invoices.currency,
  total: invoices.total,
  balance: invoices.balance,
  createdAt: invoices.createdAt,
};
export type InvoiceSummaryRow = {
  [K in keyof typeof summaryColumns]: (typeof invoices.$inferSelect)[K];
};

/** A contact's latest invoices (archived ones too: they are still the contact's history). */
export function findContactInvoices(tx: Tx, tenantId: string, contactId: string, limit: number) {
  return tx
    .select({
      id: invoices.id,
      ...summaryColumns,
    })
    .from(invoices)
    .where(and(eq(invoices.tenantId, tenantId), eq(invoices.contactId, contactId)))
    .orderBy(desc(invoices.createdAt), desc(invoices.number))
    .limit(limit);
}

/** A page of a person's own invoices, newest first, void ones left out; and how many there are. */
export async function findOwnInvoices(tx: Tx, tenantId: string, contactId: string, offset: number, max: number) {
  const own = and(eq(invoices.tenantId, tenantId), eq(invoices.contactId, contactId), ne(invoices.status, 'void'));
  const rows = await tx
    .select({
      publicId: invoices.publicId,
      ...summaryColumns,
    })
    .from(invoices)
    .where(own)
    .orderBy(desc(invoices.createdAt), desc(invoices.number))
    .offset(offset)
    .limit(max);
  const [counted] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(invoices)
    .where(own);
  return { rows, total: counted?.n ?? 0 };
}

/** A contact's latest payments and refunds, across their invoices. */
export function findContactPayments(tx: Tx, tenantId: string, contactId: string, limit: number) {
  return tx
    .select({
      id: invoicePayments.id,
      invoiceGuId: invoices.id,
      number: invoices.number,
      kind: invoicePayments.kind,
      method: invoicePayments.method,
      currency: invoices.currency,
      amount: invoicePayments.amount,
      createdAt: invoicePayments.createdAt,
    })
    .from(invoicePayments)
    .innerJoin(
      invoices,
      and(eq(invoices.tenantId, invoicePayments.tenantId), eq(invoices.id, invoicePayments.invoiceId)),
    )
    .where(and(eq(invoicePayments.tenantId, tenantId), eq(invoices.contactId, contactId)))
    .orderBy(desc(invoicePayments.createdAt))
    .limit(limit);
}
