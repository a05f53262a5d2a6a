import { z } from 'zod';
import { accessibleInk, normaliseHex, readableTextOn } from './brand.ts';
import { DesignProject } from './design-templates.ts';
import { listSearch, pageLength, pageStart } from './paging.ts';
import { WALL_TIME_PATTERN } from './tenant-dates.ts';

export * from './design-templates.ts';

// Email campaigns (issue 26, docs/decisions/campaigns.md): a message with merge fields, an audience
// counted before sending, sent in batches by the job runner with a one-click unsubscribe.

/** The merge fields a campaign may use, as `{{name}}`, with what the editor's insert menu shows. */
export const CAMPAIGN_MERGE_FIELDS = [
  { name: 'firstName', label: 'First name' },
  { name: 'lastName', label: 'Last name' },
  { name: 'studioName', label: 'Studio name' },
  { name: 'membership', label: 'Membership' },
  { name: 'nextClass', label: 'Next class' },
  { name: 'studioColor', label: 'Studio colour' },
  { name: 'studioColorText', label: 'Text on the studio colour' },
  { name: 'studioColorInk', label: 'Studio colour as text on white' },
  { name: 'studioLogo', label: 'Studio logo address' },
  { name: 'studioUrl', label: 'Studio website address' },
] as const;
export type CampaignMergeField = (typeof CAMPAIGN_MERGE_FIELDS)[number]['name'];

const MERGE_TAG = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The merge fields a text uses (known or not), each once. */
export function usedMergeFields(text: string): string[] {
  return [...new Set([...text.matchAll(MERGE_TAG)].map((match) => match[1] ?? ''))];
}

/** The merge fields a text uses that are not known (a typo, a field of another product): empty when all resolve. */
export function unknownMergeFields(text: string): string[] {
  const known = new Set<string>(CAMPAIGN_MERGE_FIELDS.map((field) => field.name));
  const unknown = new Set<string>();
  for (const match of text.matchAll(MERGE_TAG)) {
    const name = match[1] ?? '';
    if (!known.has(name)) unknown.add(name);
  }
  // A lone `{{` or `}}` is a merge field left half-written.
  const stripped = text.replace(MERGE_TAG, '');
  if (stripped.includes('{{') || stripped.includes('}}')) unknown.add('{{');
  return [...unknown];
}

/**
 * The studio's brand as merge fields: the same for every recipient, filled into a design's MJML before
 * it is rendered (so a colour can stand in an attribute MJML checks).
 */
export const BRAND_MERGE_FIELDS = [
  'studioName',
  'studioColor',
  'studioColorText',
  'studioColorInk',
  'studioLogo',
  'studioUrl',
] as const;

/** The colour a studio without a theme colour gets in its emails. */
export const DEFAULT_BRAND_COLOR = '#1f2937';

/**
 * The brand's merge fields for a studio: its name, its theme colour (else the default) with the text
 * colour that reads on it, its logo's absolute address (a path is put on the studio's origin; empty
 * without a logo) and its website's address. The same on the server (sending) and in the designer.
 */
export function brandMergeValues(studio: {
  name: string;
  themeColor: string | null | undefined;
  logo: string | null | undefined;
  origin: string;
}): Record<(typeof BRAND_MERGE_FIELDS)[number], string> {
  const colour = normaliseHex(studio.themeColor) ?? DEFAULT_BRAND_COLOR;
  const logo = studio.logo?.trim() ?? '';
  const studioLogo = /^https?:\/\//i.test(logo) ? logo : logo.startsWith('/') ? `${studio.origin}${logo}` : '';
  return {
    studioName: studio.name,
    studioColor: colour,
    studioColorText: readableTextOn(colour),
    studioColorInk: accessibleInk(colour),
    studioLogo,
    studioUrl: studio.origin,
  };
}

/** An image with no address (a studio without a logo) is left out of a design rather than shown broken. */
export function withoutEmptyImages(mjml: string): string {
  return mjml.replace(
    /<mj-image\b(?:[^>"']|"[^"]*"|'[^']*')*?\bsrc\s*=\s*(""|'')(?:[^>"']|"[^"]*"|'[^']*')*?(\/>|>\s*<\/mj-image>)/gi,
    '',
  );
}

/**
 * Puts each merge field's value in place (values are inserted as given: escape them for HTML first).
 * Fields without a value are left as written.
 */
export function fillMergeFields(text: string, values: Partial<Record<CampaignMergeField, string>>): string {
  return text.replace(MERGE_TAG, (whole, name: string) => values[name as CampaignMergeField] ?? whole);
}

export const CAMPAIGN_STATUSES = ['draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  sending: 'Sending',
  paused: 'Paused',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

/**
 * How a campaign is sent (docs/decisions/campaigns.md "Sending through the studio's choice"): the
 * platform's mail server (SMTP), the studio's Brevo account (its transactional API), or a connected
 * Gmail or Microsoft 365 mailbox (their APIs; not Zoho Mail), or a Mailchimp campaign to the studio's
 * Mailchimp audience (its Marketing API), for studios that live there.
 */
export const CAMPAIGN_SEND_VIA = ['smtp', 'brevo', 'mailbox', 'mailchimp'] as const;
export type CampaignSendVia = (typeof CAMPAIGN_SEND_VIA)[number];
export const CAMPAIGN_SEND_VIA_LABELS: Record<CampaignSendVia, string> = {
  smtp: 'Email server (SMTP)',
  brevo: 'Brevo',
  mailbox: 'Connected mailbox',
  mailchimp: 'Mailchimp',
};

/**
 * The merge fields a Mailchimp campaign can carry, as Mailchimp's own merge tags (its audience holds
 * FNAME and LNAME, filled by the sync); the others have no field in the audience.
 */
export const MAILCHIMP_MERGE_TAGS = { firstName: '*|FNAME|*', lastName: '*|LNAME|*' } as const;

export const AUDIENCE_KINDS = ['all', 'tags', 'membership', 'no_visit', 'custom_field'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];
export const AUDIENCE_KIND_LABELS: Record<AudienceKind, string> = {
  all: 'All contacts',
  tags: 'Contacts with any of these tags',
  membership: 'By membership',
  no_visit: 'No visit in a number of days',
  custom_field: 'By custom field value',
};
export const MEMBERSHIP_STATES = ['active', 'past_due', 'lapsed'] as const;
export type MembershipState = (typeof MEMBERSHIP_STATES)[number];
export const MEMBERSHIP_STATE_LABELS: Record<MembershipState, string> = {
  active: 'Active members',
  past_due: 'Payment past due',
  lapsed: 'Lapsed in the last days',
};

export const AUDIENCE_DAYS_MAX = 3650;
const days = z.coerce
  .number({ error: 'days must be a number of days' })
  .int('days must be a whole number of days')
  .min(1, `days must be between 1 and ${AUDIENCE_DAYS_MAX}`)
  .max(AUDIENCE_DAYS_MAX, `days must be between 1 and ${AUDIENCE_DAYS_MAX}`);

/** Who a campaign goes to. Unsubscribed, bounced and complained addresses are always left out. */
export const CampaignAudience = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('all') }).strict(),
    z
      .object({
        kind: z.literal('tags'),
        tags: z
          .array(z.string().trim().min(1, 'tags must not be empty').max(100, 'a tag must be at most 100 characters'))
          .min(1, 'tags must name at least one tag')
          .max(50, 'tags must name at most 50 tags'),
      })
      .strict(),
    z
      .object({
        kind: z.literal('membership'),
        membershipState: z.enum(MEMBERSHIP_STATES, { error: 'membershipState must be active, past_due or lapsed' }),
        days: days.optional(),
      })
      .strict()
      .refine((audience) => audience.membershipState !== 'lapsed' || audience.days !== undefined, {
        message: 'days is required for members who lapsed',
        path: ['days'],
      }),
    z.object({ kind: z.literal('no_visit'), days }).strict(),
    z
      .object({
        kind: z.literal('custom_field'),
        customFieldId: z.uuid('customFieldId must be a custom field id'),
        value: z.string().trim().max(500, 'value must be at most 500 characters'),
      })
      .strict(),
  ],
  { error: `audience kind must be one of ${AUDIENCE_KINDS.join(', ')}` },
);
export type CampaignAudience = z.infer<typeof CampaignAudience>;

export const CAMPAIGN_NAME_MAX = 200;
export const CAMPAIGN_SUBJECT_MAX = 250;
export const CAMPAIGN_BODY_MAX = 200_000;
export const CAMPAIGN_MJML_MAX = 500_000;

/** An email or SMS campaign's name: given, at most CAMPAIGN_NAME_MAX long. */
export const CampaignName = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(CAMPAIGN_NAME_MAX, `name must be at most ${CAMPAIGN_NAME_MAX} characters`);

/** POST /rest/campaigns and PUT /rest/campaigns/{id}: a draft may leave the subject and body empty. */
export const CampaignInput = z
  .object({
    name: CampaignName,
    subject: z
      .string()
      .trim()
      .max(CAMPAIGN_SUBJECT_MAX, `subject must be at most ${CAMPAIGN_SUBJECT_MAX} characters`)
      .default(''),
    fromName: z.string().trim().max(100, 'fromName must be at most 100 characters').default(''),
    replyTo: z.union([z.literal(''), z.email('replyTo must be an email address')]).default(''),
    bodyHtml: z.string().max(CAMPAIGN_BODY_MAX, `bodyHtml must be at most ${CAMPAIGN_BODY_MAX} characters`).default(''),
    /** The designer's MJML: when set it is the body (bodyHtml is then left empty). */
    bodyMjml: z.string().max(CAMPAIGN_MJML_MAX, `bodyMjml must be at most ${CAMPAIGN_MJML_MAX} characters`).default(''),
    /** The designer's project data, kept to reopen the design as it was. */
    design: DesignProject.default(null),
    audience: CampaignAudience.default({ kind: 'all' }),
    /** How it is sent; null: the studio's default (Brevo or Mailchimp when it is the campaign provider, else SMTP). */
    provider: z
      .enum(CAMPAIGN_SEND_VIA, { error: `provider must be one of ${CAMPAIGN_SEND_VIA.join(', ')}` })
      .nullable()
      .default(null),
    /** The connected mailbox to send from (provider mailbox): its id in GET /rest/campaigns/senders. */
    mailboxId: z.uuid('mailboxId must be a connected mailbox id').nullable().default(null),
    /** Count opens (a 1x1 image) and clicks (links through the studio's address). */
    tracking: z.boolean({ error: 'tracking must be true or false' }).default(false),
  })
  .strict();
export type CampaignInput = z.input<typeof CampaignInput>;

export const Campaign = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  fromName: z.string(),
  replyTo: z.string(),
  bodyHtml: z.string(),
  bodyMjml: z.string(),
  design: z.record(z.string(), z.unknown()).nullable(),
  audience: CampaignAudience,
  status: z.enum(CAMPAIGN_STATUSES),
  /** ISO instant. */
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** Recipients made when sending started (0 before). */
  total: z.number().int(),
  /** Emails sent so far. */
  sent: z.number().int(),
  /** Before sending: the audience's count now; after: the recipients. */
  audienceSize: z.number().int(),
  /** The provider chosen (null: the studio's default) and the one it goes (or went) through. */
  provider: z.enum(CAMPAIGN_SEND_VIA).nullable(),
  sendVia: z.enum(CAMPAIGN_SEND_VIA),
  mailboxId: z.string().nullable(),
  /** Why a paused campaign stopped (the provider's answer); empty otherwise. */
  pausedReason: z.string(),
  /** Recipients the provider refused (an address it would not take). */
  failed: z.number().int(),
  tracking: z.boolean(),
  /** Opens and clicks (every one), and recipients who opened or clicked at least once. */
  opens: z.number().int(),
  clicks: z.number().int(),
  uniqueOpens: z.number().int(),
  uniqueClicks: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof Campaign>;

export const CAMPAIGN_PAGE_SIZE_DEFAULT = 25;
export const CampaignListQuery = z.object({
  start: pageStart,
  length: pageLength(CAMPAIGN_PAGE_SIZE_DEFAULT),
  search: listSearch,
});
export type CampaignListQuery = z.input<typeof CampaignListQuery>;

export const CampaignList = z.object({ recordsTotal: z.number().int(), data: z.array(Campaign) });
export type CampaignList = z.infer<typeof CampaignList>;

/** POST /rest/campaigns/audience/count */
export const AudienceCountInput = z.object({ audience: CampaignAudience }).strict();
export type AudienceCountInput = z.input<typeof AudienceCountInput>;
export const AudienceCount = z.object({ count: z.number().int() });
export type AudienceCount = z.infer<typeof AudienceCount>;

/** POST /rest/campaigns/{id}/schedule: a wall time in the studio's time zone. */
export const CampaignScheduleInput = z
  .object({
    scheduledAt: z
      .string({ error: 'scheduledAt is required' })
      .regex(WALL_TIME_PATTERN, 'scheduledAt must be a date and time (YYYY-MM-DDTHH:mm)'),
  })
  .strict();
export type CampaignScheduleInput = z.input<typeof CampaignScheduleInput>;

/**
 * POST /rest/campaigns/preview: renders a body as recipients get it (the signed-in staff member's own
 * merge fields), without saving.
 */
export const CampaignPreviewInput = z
  .object({
    subject: z
      .string()
      .max(CAMPAIGN_SUBJECT_MAX, `subject must be at most ${CAMPAIGN_SUBJECT_MAX} characters`)
      .default(''),
    bodyHtml: z.string().max(CAMPAIGN_BODY_MAX, `bodyHtml must be at most ${CAMPAIGN_BODY_MAX} characters`).default(''),
    bodyMjml: z.string().max(CAMPAIGN_MJML_MAX, `bodyMjml must be at most ${CAMPAIGN_MJML_MAX} characters`).default(''),
  })
  .strict();
export type CampaignPreviewInput = z.input<typeof CampaignPreviewInput>;
export const CampaignPreview = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type CampaignPreview = z.infer<typeof CampaignPreview>;

/** GET /rest/campaigns/senders: what a campaign can be sent through, for the editor's choice. */
export const CampaignSenders = z.object({
  /** What "the studio's default" means now. */
  defaultProvider: z.enum(CAMPAIGN_SEND_VIA),
  brevo: z.object({ connected: z.boolean(), fromEmail: z.string() }),
  /** Mailchimp as the studio's campaign provider (Settings > Integrations), with its audience. */
  mailchimp: z.object({ connected: z.boolean(), audienceName: z.string() }),
  /** The signed-in person's own and the shared connected mailboxes; Zoho ones carry `refused`. */
  mailboxes: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      productName: z.enum(['googlemail', 'outlookmail', 'zohomail']),
      refused: z.string(),
    }),
  ),
  /** Admins: the address to paste into Brevo's webhooks (bounces, complaints, unsubscribes). */
  brevoWebhookUrl: z.string(),
});
export type CampaignSenders = z.infer<typeof CampaignSenders>;

export const CAMPAIGN_MESSAGES = {
  testSent: (to: string) => `A test email was sent to ${to}.`,
  deleted: 'Campaign deleted.',
  unknownMergeField: (field: string, name: string) =>
    name === '{{'
      ? `${field} has a merge field that is not closed: write it as {{firstName}}.`
      : `${field} uses the merge field {{${name}}}, which is not known: use ${CAMPAIGN_MERGE_FIELDS.map((f) => `{{${f.name}}}`).join(', ')}.`,
  subjectRequired: 'subject is required to send a campaign.',
  bodyRequired: 'bodyHtml is required to send a campaign.',
  invalidMjml: (detail: string, field = 'bodyMjml') => `${field} is not valid MJML: ${detail}`,
  scriptInMjml: (field = 'bodyMjml') => `${field} must not contain scripts.`,
  emptyAudience: 'audience has no one to send to.',
  notDraft: 'Only a draft or scheduled campaign can be changed.',
  pastSchedule: 'scheduledAt must be in the future.',
  notSending: 'Only a scheduled, sending or paused campaign can be cancelled.',
  notPaused: 'Only a paused campaign can be resumed.',
  /** The spec's words (2-settings.md §8). */
  zohoRefused: 'Bulk email not supported for Zoho Mail',
  brevoNotConnected: 'provider Brevo is not connected: add its API key in Settings > Integrations > Brevo.',
  mailboxRequired: 'mailboxId is required to send through a connected mailbox.',
  mailboxUnknown: 'mailboxId is not a mailbox connected to this studio.',
  mailchimpNotConnected:
    'provider Mailchimp is not connected: choose its audience in Settings > Integrations > Mailchimp.',
  mailchimpMergeField: (field: string, name: string) =>
    `${field} uses {{${name}}}, which a Mailchimp campaign cannot fill: Mailchimp fills {{firstName}} and {{lastName}} only.`,
  mailchimpQuarterHour: 'scheduledAt must be on the quarter hour (:00, :15, :30 or :45) to schedule through Mailchimp.',
  mailchimpScheduled:
    'This campaign is scheduled in Mailchimp: cancel it to stop it; a copy can be changed and scheduled again.',
  resumed: 'Campaign resumed.',
} as const;
