import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantForeignKey, tenantIdColumn, timestamps } from './columns.ts';
import { contacts } from './contacts.ts';

/** Mailchimp's report of a campaign as last read (GET /3.0/reports/{id}): totals, not per recipient. */
export interface MailchimpReportNumbers {
  emailsSent: number;
  uniqueOpens: number;
  uniqueSubscriberClicks: number;
  hardBounces: number;
  softBounces: number;
  unsubscribed: number;
  /** ISO instant these numbers were read. */
  readAt: string;
}

/** Who a campaign goes to (docs/decisions/campaigns.md "Audiences"); validated by the contracts' CampaignAudience. */
export interface CampaignAudienceJson {
  kind: 'all' | 'tags' | 'membership' | 'no_visit' | 'custom_field';
  tags?: string[];
  membershipState?: 'active' | 'past_due' | 'lapsed';
  days?: number;
  customFieldId?: string;
  value?: string;
}

/**
 * An email campaign (issue 26): its message, its audience and where its sending stands. The body is
 * sanitised HTML with merge fields; the recipients are made once when sending starts (total).
 */
export const campaigns = pgTable(
  'campaigns',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    subject: text('subject').notNull().default(''),
    fromName: text('from_name').notNull().default(''),
    replyTo: text('reply_to').notNull().default(''),
    bodyHtml: text('body_html').notNull().default(''),
    /** The designer's MJML (docs/decisions/campaigns.md "Designed emails"); when set it is the body, rendered at send time. */
    bodyMjml: text('body_mjml').notNull().default(''),
    /** The designer's project (GrapesJS project data), reopened as designed. */
    design: jsonb('design'),
    audience: jsonb('audience').$type<CampaignAudienceJson>().notNull(),
    status: text('status', { enum: ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'] })
      .notNull()
      .default('draft'),
    /**
     * How it is sent (docs/decisions/campaigns.md "Sending through the studio's choice"): smtp (the
     * platform's mail server, through the outbox), brevo (the studio's Brevo key) or mailbox (a
     * connected Gmail or Microsoft 365 mailbox) or mailchimp (a Mailchimp campaign to a static segment of
     * the studio's audience); null: the studio's default, fixed when sending starts.
     */
    provider: text('provider', { enum: ['smtp', 'brevo', 'mailbox', 'mailchimp'] }),
    /**
     * The Mailchimp campaign and static segment made for it (docs/decisions/campaigns.md "Mailchimp"),
     * kept as soon as Mailchimp answers, so a retry or resume never makes a second one.
     */
    mailchimpCampaignId: text('mailchimp_campaign_id'),
    mailchimpSegmentId: text('mailchimp_segment_id'),
    /**
     * Mailchimp's numbers for the campaign (its Reports API, docs/decisions/campaigns.md "Mailchimp's
     * numbers"), the last ones read; null until first read.
     */
    mailchimpReport: jsonb('mailchimp_report').$type<MailchimpReportNumbers>(),
    /** When Mailchimp's report was last asked for, and why that read failed ('' when it did not). */
    mailchimpReportCheckedAt: timestamp('mailchimp_report_checked_at', { withTimezone: true }),
    mailchimpReportError: text('mailchimp_report_error').notNull().default(''),
    /** The connected mailbox (its tenant_credentials id) when the provider is mailbox. */
    mailboxId: uuid('mailbox_id'),
    /** Why a paused campaign stopped (the provider's answer), shown on its screen. */
    pausedReason: text('paused_reason').notNull().default(''),
    /** Opens (a pixel) and clicks (wrapped links) counted for this campaign. */
    tracking: boolean('tracking').notNull().default(false),
    opens: integer('opens').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Recipients made when sending started. */
    total: integer('total').notNull().default(0),
    createdBy: uuid('created_by'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('campaigns_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    // The minute job's due scheduled campaigns, across tenants.
    index('campaigns_due_idx').on(t.scheduledAt).where(sql`${t.status} = 'scheduled'`),
  ],
);

/**
 * One row per (campaign, contact), made once when sending starts. A batch claims pending rows
 * (FOR UPDATE SKIP LOCKED) and writes their outbox emails in the same transaction, so a row is
 * emailed once however many workers run and whatever crashes.
 */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    tenantId: tenantIdColumn(),
    campaignId: uuid('campaign_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /**
     * pending, then queued (written to the outbox: SMTP) or claimed (being sent through a provider's
     * API) and sent; skipped (cancelled, unsubscribed) or failed (the provider refused this address).
     */
    status: text('status', { enum: ['pending', 'queued', 'claimed', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** The key this recipient's API send carries (Brevo's idempotencyKey), kept across retries. */
    sendKey: uuid('send_key'),
    /** The provider's message id once sent through its API. */
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    /** The outbox email written when the row was claimed. */
    emailId: uuid('email_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.campaignId, t.contactId] }),
    tenantForeignKey(t.tenantId, t.campaignId, campaigns, 'campaign_recipients_campaign_fk').onDelete('cascade'),
    tenantForeignKey(t.tenantId, t.contactId, contacts, 'campaign_recipients_contact_fk').onDelete('cascade'),
    index('campaign_recipients_status_idx').on(t.tenantId, t.campaignId, t.status),
  ],
);

/**
 * Addresses a studio never emails a campaign: unsubscribed (the one-click link), bounced or
 * complained (provider webhooks, a later slice). Kept by address, so a contact re-made with the
 * same email stays left out.
 */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    tenantId: tenantIdColumn(),
    /** Lower case. */
    email: text('email').notNull(),
    reason: text('reason', { enum: ['unsubscribed', 'bounced', 'complained'] }).notNull(),
    campaignId: uuid('campaign_id'),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.email] })],
);

/**
 * A studio's saved designs (spec 3 §7.2, the template service): email templates (`kind` template),
 * widgets (a saved block) and web pages. The platform's starters ("master") live in the code, not here.
 */
export const designTemplates = pgTable(
  'design_templates',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    kind: text('kind', { enum: ['template', 'widget', 'webpage'] }).notNull(),
    name: text('name').notNull(),
    /** What it is for: email, program, … (the spec's `type`). */
    type: text('type').notNull(),
    /** A category id: a platform category's or one of the studio's. */
    category: text('category').notNull().default(''),
    thumbnail: text('thumbnail'),
    unhtml: text('unhtml').notNull().default(''),
    unjson: jsonb('unjson'),
    mjml: text('mjml').notNull().default(''),
    createdBy: uuid('created_by'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('design_templates_kind_idx').on(t.tenantId, t.kind, t.type, t.createdAt),
  ],
);

/** A studio's own template categories (the platform's are in the code). */
export const designCategories = pgTable(
  'design_categories',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    sequence: integer('sequence').notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('design_categories_type_idx').on(t.tenantId, t.type)],
);
