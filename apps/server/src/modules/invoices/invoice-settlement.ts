import type { Tx } from '../../db/client.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { InvoiceLineKind, InvoiceRow } from './invoices.repo.ts';

// What other modules do when an invoice they made is paid in full (a class drop-in's seat is
// confirmed), or refunded in full (a bought course's access ends): they register here, so the
// invoices module never imports them (no import cycle). Listeners run inside the payment's (or the
// refund's) transaction, after the invoice row was locked and updated.

export type InvoicePaidListener = (tx: Tx, tenant: TenantContext, invoice: InvoiceRow) => Promise<void>;

const listeners = new Map<string, { listener: InvoicePaidListener; forKinds: readonly InvoiceLineKind[] | null }>();

/**
 * Registers (or replaces, by name) what runs when an invoice becomes complete. `forKinds`: the line
 * kinds it acts on, so a payer that knows its invoice's lines (a renewal) does not ask it.
 */
export function onInvoicePaid(
  name: string,
  listener: InvoicePaidListener,
  forKinds: readonly InvoiceLineKind[] | null = null,
): void {
  listeners.set(name, { listener, forKinds });
}

/** Whether a hook for `forKinds` can have work on an invoice of `lineKinds` (unknown lines: always). */
export const concernsLines = (
  forKinds: readonly InvoiceLineKind[] | null,
  lineKinds: readonly InvoiceLineKind[] | undefined,
) => !forKinds || !lineKinds || lineKinds.some((kind) => forKinds.includes(kind));

/** `lineKinds`: the invoice's line kinds when the caller made its lines; left out, every listener runs. */
export async function invoicePaid(
  tx: Tx,
  tenant: TenantContext,
  invoice: InvoiceRow,
  lineKinds?: readonly InvoiceLineKind[],
): Promise<void> {
  for (const { listener, forKinds } of listeners.values())
    if (concernsLines(forKinds, lineKinds)) await listener(tx, tenant, invoice);
}

export type InvoiceRefundedListener = InvoicePaidListener;

const refundListeners = new Map<string, InvoiceRefundedListener>();

/**
 * Registers (or replaces, by name) what runs when an invoice becomes `refunded`: everything paid on it
 * given back. A partial refund announces nothing.
 */
export function onInvoiceRefunded(name: string, listener: InvoiceRefundedListener): void {
  refundListeners.set(name, listener);
}

export async function invoiceRefunded(tx: Tx, tenant: TenantContext, invoice: InvoiceRow): Promise<void> {
  for (const listener of refundListeners.values()) await listener(tx, tenant, invoice);
}
