import {
  formatInvoiceNumber,
  lastDigitsOf,
  paymentStatusLabel,
  type SaleReceipt,
  toMinorUnits,
} from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { readTenant } from '../../db/client.ts';
import { invoices } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { readPlanState } from '../plan/plan.repo.ts';

/**
 * GET /itemreport/sale/{guId} (the page /reports/sales/{guId}): a plan payment of this studio opens
 * as its receipt, for admins (the plan is theirs, as on the Plan page); an invoice of this studio
 * answers its number, and the page goes on to the invoice screen. Anything else, another studio's
 * included, is a 404.
 */
export async function findSale(
  platform: Platform,
  { tenant, auth }: Authenticated,
  guId: string,
): Promise<SaleReceipt> {
  const { payments } = await readPlanState(platform.db, tenant.tenantId);
  const payment = payments.find((row) => row.guId === guId);
  if (payment) {
    if (auth.role !== 'admin') throw forbidden('Only an administrator can see the plan and its payments.');
    return {
      kind: 'plan_payment',
      guId: payment.guId,
      itemName: payment.itemName,
      subscription: payment.subscription,
      billedTo: tenant.name,
      payer: {
        guId: payment.userId,
        name: `${payment.userName} ${payment.userLastName}`.trim() || 'Administrator',
      },
      amount: toMinorUnits(payment.price, payment.currency),
      currency: payment.currency,
      transactionStatus: payment.transactionStatus,
      statusLabel: paymentStatusLabel(payment.transactionStatus),
      message: payment.message,
      paidAt: new Date(payment.dateCreated * 1000).toISOString(),
      timeZone: tenant.settings.timezone,
      paymentMethod: payment.paymentMethod,
      last4: lastDigitsOf(payment.paymentMethod),
    };
  }
  const invoice = await readTenant(platform.db, tenant.tenantId, async (tx) => {
    const [row] = await tx
      .select({ id: invoices.id, number: invoices.number })
      .from(invoices)
      .where(and(eq(invoices.tenantId, tenant.tenantId), eq(invoices.id, guId)))
      .limit(1);
    return row;
  });
  if (!invoice) throw notFound('Sale');
  return { kind: 'invoice', guId: invoice.id, invoiceId: formatInvoiceNumber(invoice.number) };
}
