import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { items } from './catalogue.ts';
import { createdAtColumn, idColumn, tenantForeignKey, tenantIdColumn } from './columns.ts';
import { contacts } from './contacts.ts';
import { donationCampaigns } from './donations.ts';

/**
 * The membership terms of a catalogue item of kind 'membership' (spec 3 §3 membershipDetails, spec 2
 * §3 membership types recurring, card, unlimited): how it bills and what it grants. The price is the
 * item's (`items.price_minor`), charged each cycle for recurring and unlimited, once for a card.
 */
export const membershipTerms = pgTable(
  'membership_terms',
  {
    tenantId: tenantIdColumn(),
    itemId: uuid('item_id').notNull(),
    membershipType: text('membership_type', { enum: ['recurring', 'card', 'unlimited'] }).notNull(),
    /** Spec 3 §9; null for a card (a class pack is paid once). */
    frequency: text('frequency', { enum: ['daily', 'weekly', 'monthly', 'quarterly', 'halfyearly', 'yearly'] }),
    registrationFeeMinor: integer('registration_fee_minor').notNull().default(0),
    trialDays: integer('trial_days').notNull().default(0),
    /** Null: until cancelled. */
    billingCycles: integer('billing_cycles'),
    startRule: text('start_rule', { enum: ['today', 'dayOfMonth', 'afterTrial'] })
      .notNull()
      .default('today'),
    billingDay: integer('billing_day'),
    /** A card's credits, or a recurring membership's credits per cycle (null: none). */
    credits: integer('credits'),
    /** A card's credits expire this many months after purchase (the account's itemExpiresAfter when made). */
    expiresAfterMonths: integer('expires_after_months'),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.itemId] }),
    tenantForeignKey(t.tenantId, t.itemId, items).onDelete('cascade'),
    check('membership_terms_fee', sql`${t.registrationFeeMinor} >= 0`),
    check('membership_terms_trial', sql`${t.trialDays} between 0 and 365`),
    check('membership_terms_cycles', sql`${t.billingCycles} is null or ${t.billingCycles} between 1 and 999`),
    check('membership_terms_day', sql`${t.billingDay} is null or ${t.billingDay} between 1 and 28`),
    check('membership_terms_credits', sql`${t.credits} is null or ${t.credits} between 1 and 1000`),
  ],
);

/**
 * A contact's membership (decisions.md "Memberships"). Card data never reaches us: the provider keeps
 * the card (its customer and payment method ids are stored), charged off-session each cycle.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    contactId: uuid('contact_id').notNull(),
    /** The membership bought; null for a recurring gift, which names its campaign instead. */
    itemId: uuid('item_id'),
    campaignId: uuid('campaign_id'),
    name: text('name').notNull(),
    membershipType: text('membership_type', { enum: ['recurring', 'card', 'unlimited', 'donation'] }).notNull(),
    frequency: text('frequency', { enum: ['daily', 'weekly', 'monthly', 'quarterly', 'halfyearly', 'yearly'] }),
    /** suspended: its dunning ended without a payment (decisions.md "Dunning ends"); a new card restores it. */
    status: text('status', {
      enum: ['trialing', 'active', 'past_due', 'paused', 'suspended', 'cancelled', 'completed'],
    }).notNull(),
    priceMinor: integer('price_minor').notNull(),
    currency: text('currency').notNull(),
    /** Null: until cancelled. */
    billingCycles: integer('billing_cycles'),
    /** Cycles charged so far (the next cycle's number is this plus one). */
    cyclesBilled: integer('cycles_billed').notNull().default(0),
    /** When the next cycle falls due; null when nothing more is billed. */
    nextChargeAt: timestamp('next_charge_at', { withTimezone: true }),
    /** The current paid (or trial) period ends here: the membership's expiry shown to staff. */
    periodEndsAt: timestamp('period_ends_at', { withTimezone: true }),
    billingDay: integer('billing_day'),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    creditsPerCycle: integer('credits_per_cycle'),
    provider: text('provider').notNull(),
    providerAccount: text('provider_account').notNull(),
    providerCustomer: text('provider_customer').notNull(),
    paymentMethodId: text('payment_method_id').notNull(),
    paymentMethodLabel: text('payment_method_label').notNull().default(''),
    /** The provider's setup session the card came from: one subscription per session. */
    setupRef: text('setup_ref').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** A monthly gift's link for its donor (in each receipt): random, made with the first receipt. */
    manageToken: text('manage_token'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('subscriptions_manage_token_uq').on(t.tenantId, t.manageToken),
    tenantForeignKey(t.tenantId, t.contactId, contacts).onDelete('cascade'),
    tenantForeignKey(t.tenantId, t.itemId, items).onDelete('restrict'),
    tenantForeignKey(t.tenantId, t.campaignId, donationCampaigns, 'subscriptions_campaign_fk').onDelete('restrict'),
    check('subscriptions_item_or_campaign', sql`(${t.itemId} is null) <> (${t.campaignId} is null)`),
    uniqueIndex('subscriptions_setup_uq').on(t.tenantId, t.setupRef),
    index('subscriptions_contact_idx').on(t.tenantId, t.contactId),
    index('subscriptions_due_idx').on(t.nextChargeAt),
  ],
);

/**
 * One billing cycle of a subscription (cycle 0 is the registration fee). UNIQUE (subscription,
 * cycle): a cycle is written once however many workers reach it; its charge's idempotency key is
 * derived from (subscription, cycle, attempt), and a worker claims the row before it charges, so a
 * cycle is charged at most once.
 */
export const subscriptionCycles = pgTable(
  'subscription_cycles',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    subscriptionId: uuid('subscription_id').notNull(),
    cycle: integer('cycle').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: ['due', 'charging', 'paid', 'failed'] }).notNull(),
    /** Failed attempts so far; the idempotency key of the next is derived from it. */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** A worker's claim: another may take the cycle only after this (a worker that died mid-charge). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    chargeRef: text('charge_ref'),
    invoiceId: uuid('invoice_id'),
    failureMessage: text('failure_message'),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    tenantForeignKey(t.tenantId, t.subscriptionId, subscriptions).onDelete('cascade'),
    uniqueIndex('subscription_cycles_cycle_uq').on(t.tenantId, t.subscriptionId, t.cycle),
    index('subscription_cycles_retry_idx').on(t.status, t.nextAttemptAt),
    /** The packs report: a payment's invoice back to its cycle. */
    index('subscription_cycles_invoice_idx').on(t.tenantId, t.invoiceId),
  ],
);

/**
 * Credits a contact was given (a class pack, a membership cycle): `remaining` is taken under a row
 * lock by a booking, given back by a timely cancellation, and set to 0 by the expiry job.
 */
export const creditGrants = pgTable(
  'credit_grants',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    contactId: uuid('contact_id').notNull(),
    subscriptionId: uuid('subscription_id'),
    name: text('name').notNull(),
    granted: integer('granted').notNull(),
    remaining: integer('remaining').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    tenantForeignKey(t.tenantId, t.contactId, contacts).onDelete('cascade'),
    index('credit_grants_contact_idx').on(t.tenantId, t.contactId),
    index('credit_grants_expiry_idx').on(t.expiresAt),
    check('credit_grants_remaining', sql`${t.remaining} between 0 and ${t.granted}`),
  ],
);

/** The ledger: every change of a grant's remaining credits, with why (and the booking it paid). */
export const creditEntries = pgTable(
  'credit_entries',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    grantId: uuid('grant_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: ['granted', 'booked', 'returned', 'expired'] }).notNull(),
    bookingId: uuid('booking_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    tenantForeignKey(t.tenantId, t.grantId, creditGrants).onDelete('cascade'),
    index('credit_entries_contact_idx').on(t.tenantId, t.contactId, t.createdAt),
    index('credit_entries_booking_idx').on(t.tenantId, t.bookingId),
    /** The packs report: a range's entries, read from the index alone. */
    index('credit_entries_tenant_created_idx').on(t.tenantId, t.createdAt, t.grantId, t.reason, t.delta),
  ],
);
