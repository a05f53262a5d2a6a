import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CampaignAudienceJson } from './campaigns.ts';
import { createdAtColumn, idColumn, tenantForeignKey, tenantIdColumn, timestamps } from './columns.ts';
import { contacts } from './contacts.ts';

/**
 * A text-message campaign (issue 26, docs/decisions/campaigns.md "SMS campaigns"): its message with
 * merge fields, the same audiences as an email campaign, sent through the studio's Twilio or Plivo
 * in pages of the SMS settings' page size with the page wait between them.
 */
export const smsCampaigns = pgTable(
  'sms_campaigns',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    body: text('body').notNull().default(''),
    audience: jsonb('audience').$type<CampaignAudienceJson>().notNull(),
    status: text('status', { enum: ['draft', 'sending', 'paused', 'sent', 'cancelled'] })
      .notNull()
      .default('draft'),
    /** Why a sending campaign paused (no provider, the provider refused the account). */
    pausedReason: text('paused_reason'),
    /** The provider and the page settings it was started with. */
    provider: text('provider'),
    pageSize: integer('page_size').notNull().default(250),
    pageWaitMinutes: integer('page_wait_minutes').notNull().default(3),
    /** When the next page may go (the page wait after the last one). */
    nextPageAt: timestamp('next_page_at', { withTimezone: true }),
    pagesSent: integer('pages_sent').notNull().default(0),
    /** Recipients made when sending started, and those left out then: no valid mobile, opted out. */
    total: integer('total').notNull().default(0),
    leftOutNoMobile: integer('left_out_no_mobile').notNull().default(0),
    leftOutOptedOut: integer('left_out_opted_out').notNull().default(0),
    createdBy: uuid('created_by'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('sms_campaigns_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('sms_campaigns_sending_idx').on(t.nextPageAt).where(sql`${t.status} = 'sending'`),
  ],
);

/**
 * One row per (campaign, contact), made once when sending starts, one number once per campaign. A
 * page claims pending rows (sending) before it calls the provider, so a crash mid-page leaves those
 * rows unconfirmed and never texts them again (decisions: at most once).
 */
export const smsCampaignRecipients = pgTable(
  'sms_campaign_recipients',
  {
    tenantId: tenantIdColumn(),
    campaignId: uuid('campaign_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    /** E.164. */
    phone: text('phone').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    status: text('status', {
      enum: ['pending', 'sending', 'sent', 'delivered', 'failed', 'undelivered', 'unconfirmed', 'skipped'],
    })
      .notNull()
      .default('pending'),
    page: integer('page'),
    segments: integer('segments').notNull().default(1),
    providerMessageId: text('provider_message_id'),
    error: text('error'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.campaignId, t.contactId] }),
    uniqueIndex('sms_campaign_recipients_phone_idx').on(t.tenantId, t.campaignId, t.phone),
    index('sms_campaign_recipients_status_idx').on(t.tenantId, t.campaignId, t.status),
    index('sms_campaign_recipients_contact_idx').on(t.tenantId, t.contactId),
    index('sms_campaign_recipients_message_idx').on(t.providerMessageId),
    tenantForeignKey(t.tenantId, t.campaignId, smsCampaigns, 'sms_campaign_recipients_campaign_fk').onDelete('cascade'),
    tenantForeignKey(t.tenantId, t.contactId, contacts, 'sms_campaign_recipients_contact_fk').onDelete('cascade'),
  ],
);

/**
 * Numbers that texted STOP (or the like) to the studio's Twilio or Plivo number: never sent a
 * campaign text again until they text START. Kept by number (E.164), whoever holds it.
 */
export const smsOptOuts = pgTable(
  'sms_opt_outs',
  {
    tenantId: tenantIdColumn(),
    phone: text('phone').notNull(),
    /** twilio or plivo: where the STOP came in. */
    source: text('source').notNull(),
    keyword: text('keyword').notNull().default('STOP'),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.phone] })],
);
