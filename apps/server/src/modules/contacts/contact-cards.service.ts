import type { CardProvider, ContactCard, ContactCards } from '@atrium/contracts';
import type Stripe from 'stripe';
import { type Db, withTenant } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { findCredential } from '../integrations/integrations.repo.ts';
import type { CustomerCards, StripeConnect } from '../integrations/stripe-connect.ts';
import { requireContact } from './contact-records.service.ts';

/**
 * A contact's saved cards (spec 2 §7, decisions.md "Contacts: saved cards"). The cards are kept by
 * the tenant's connected Stripe account, not by us: they are read on behalf of that account
 * (`Stripe-Account: {stripe_user_id}`, the platform's secret key) from the customers with the
 * contact's email. Only display data is answered. Stripe is called after the short read
 * transaction, never inside one.
 */
export interface CardsContext {
  db: Db;
  stripe: StripeConnect;
}

export const STRIPE_NOT_CONFIGURED = 'Stripe is not configured on this platform.';

/** The contact (404 when not the tenant's) and the tenant's connected Stripe account, in one short read. */
async function prepare(ctx: CardsContext, tenant: TenantContext, contactId: string) {
  return withTenant(ctx.db, tenant.tenantId, async (tx) => {
    const contact = await requireContact(tx, tenant.tenantId, contactId);
    const row = await findCredential(tx, tenant.tenantId, 'stripe');
    const value = row?.publicFields?.stripeUserId;
    return { email: contact.email.trim(), stripeUserId: typeof value === 'string' ? value : '' };
  });
}

const stripeFailure = (status: number, message: string) =>
  new AppError(status >= 500 ? 502 : 400, status >= 500 ? 'provider_unreachable' : 'provider_refused', message);

/** Display data only: brand, last 4 digits, expiry (Stripe never answers a full number anyway). */
function toCards(customers: CustomerCards[]): ContactCard[] {
  const seen = new Set<string>();
  const out: ContactCard[] = [];
  for (const customer of customers) {
    for (const method of customer.cards) {
      const card: Stripe.PaymentMethod.Card | undefined = method.card ?? undefined;
      if (!card || seen.has(method.id)) continue;
      seen.add(method.id);
      out.push({
        id: method.id,
        brand: card.brand || 'unknown',
        last4: /^\d{4}$/.test(card.last4) ? card.last4 : '',
        expMonth: card.exp_month,
        expYear: card.exp_year,
        isDefault: method.id === customer.defaultId || method.id === customer.defaultSourceId,
      });
    }
  }
  return out;
}

async function readCards(ctx: CardsContext, stripeUserId: string, email: string) {
  if (!email) return [];
  if (!ctx.stripe.canActForAccounts) throw badRequest('provider', STRIPE_NOT_CONFIGURED);
  const result = await ctx.stripe.customerCards(stripeUserId, email);
  if (!result.ok) throw stripeFailure(result.status, result.message);
  return toCards(result.value);
}

/** GET /item/contact/{id}/card?provider=stripe. No connected account: no cards and `provider: null`. */
export async function listContactCards(
  ctx: CardsContext,
  tenant: TenantContext,
  contactId: string,
  provider: CardProvider,
): Promise<ContactCards> {
  const { email, stripeUserId } = await prepare(ctx, tenant, contactId);
  if (!stripeUserId) return { provider: null, cards: [] };
  return { provider, cards: await readCards(ctx, stripeUserId, email) };
}

/**
 * DELETE /item/contact/{id}/card/{cardId}: detached only when it is one of the cards this contact's
 * customers hold at the connected account (so one contact's page cannot remove another's card);
 * anything else, or no connected account, is a 404.
 */
export async function deleteContactCard(
  ctx: CardsContext,
  tenant: TenantContext,
  contactId: string,
  cardId: string,
): Promise<{ message: string }> {
  const { email, stripeUserId } = await prepare(ctx, tenant, contactId);
  if (!stripeUserId) throw notFound('Card');
  const cards = await readCards(ctx, stripeUserId, email);
  if (!cards.some((card) => card.id === cardId)) throw notFound('Card');
  const detached = await ctx.stripe.detachPaymentMethod(stripeUserId, cardId);
  if (!detached.ok) {
    if (detached.status === 404) throw notFound('Card');
    throw stripeFailure(detached.status, detached.message);
  }
  return { message: 'Card removed.' };
}
