import { z } from 'zod';
import { CampaignAudience, CampaignName } from './campaigns.ts';
import { dialCodeForCurrency, dialCodeForTimezone } from './dial-codes.ts';
import { ONBOARDING_MARKETS } from './onboarding.ts';

// SMS campaigns (issue 26, docs/decisions/campaigns.md "SMS campaigns"): a text with merge fields
// and the studio's footer, to the same audiences as email, through the studio's Twilio or Plivo in
// pages (spec 2 §3 pageSize, pageWaitTime); segments and an estimated cost shown before sending.

/** The merge fields a text may use: names and the studio (a text is short; the rest belongs in email). */
export const SMS_MERGE_FIELDS = [
  { name: 'firstName', label: 'First name' },
  { name: 'lastName', label: 'Last name' },
  { name: 'studioName', label: 'Studio name' },
] as const;
export type SmsMergeField = (typeof SMS_MERGE_FIELDS)[number]['name'];

const MERGE_TAG = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** Merge fields a text uses that are not known; a lone `{{` or `}}` counts as one. */
export function unknownSmsMergeFields(text: string): string[] {
  const known = new Set<string>(SMS_MERGE_FIELDS.map((field) => field.name));
  const unknown = new Set<string>();
  for (const match of text.matchAll(MERGE_TAG)) if (!known.has(match[1] ?? '')) unknown.add(match[1] ?? '');
  const stripped = text.replace(MERGE_TAG, '');
  if (stripped.includes('{{') || stripped.includes('}}')) unknown.add('{{');
  return [...unknown];
}

/** The studio's footer when its SMS settings leave it empty: every marketing text says how to stop. */
export const SMS_DEFAULT_FOOTER = 'Reply STOP to opt out.';

/** The text a recipient gets: merge fields filled, then the footer on its own line. */
export function smsText(body: string, values: Record<SmsMergeField, string>, footer: string): string {
  const filled = body.replace(MERGE_TAG, (whole, name: string) => values[name as SmsMergeField] ?? whole).trim();
  const end = footer.trim() || SMS_DEFAULT_FOOTER;
  return `${filled}\n${end}`;
}

// GSM 03.38: the basic set (one unit each) and the extension set (escape + char, two units each).
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';
const BASIC = new Set(GSM_BASIC);
const EXTENDED = new Set(GSM_EXTENDED);

export type SmsEncoding = 'GSM-7' | 'UCS-2';

export interface SmsSegments {
  encoding: SmsEncoding;
  /** Units counted: GSM septets (an extension character is 2) or UTF-16 code units. */
  units: number;
  segments: number;
  /** Units per segment for this text: 160/153 (GSM-7) or 70/67 (UCS-2). */
  perSegment: number;
}

/**
 * How many segments a text is sent as: GSM-7 when every character is in the GSM set (160 in one
 * message, 153 per part when split), else UCS-2 (70, 67 per part). One Turkish 'ş', Greek or
 * Devanagari letter, or emoji makes the whole text UCS-2.
 */
export function smsSegments(text: string): SmsSegments {
  let septets = 0;
  let gsm = true;
  for (const char of text) {
    if (BASIC.has(char)) septets += 1;
    else if (EXTENDED.has(char)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) {
    const segments = septets <= 160 ? 1 : Math.ceil(septets / 153);
    return { encoding: 'GSM-7', units: septets, segments, perSegment: segments === 1 ? 160 : 153 };
  }
  const units = text.length;
  const segments = units <= 70 ? 1 : Math.ceil(units / 67);
  return { encoding: 'UCS-2', units, segments, perSegment: segments === 1 ? 70 : 67 };
}

/** The country calling code a studio's national numbers get: its country's, else its currency's or zone's. */
export function studioDialCode(settings: { country?: string; currency?: string; timezone?: string }): string {
  const country = (settings.country ?? '').trim().toLowerCase();
  const market = ONBOARDING_MARKETS.find((m) => m.code.toLowerCase() === country || m.name.toLowerCase() === country);
  if (market) return market.dialCode;
  if (country === 'india') return '+91';
  return dialCodeForCurrency(settings.currency ?? '') ?? dialCodeForTimezone(settings.timezone ?? '');
}

/**
 * A contact's phone in E.164 (+ and 8 to 15 digits), or null when it is not a number one can text.
 * A number written with its country code (+ or 00) keeps it; a national number (a leading trunk 0
 * dropped) gets the studio's country code.
 */
export function phoneToE164(phone: string | null | undefined, dialCode: string): string | null {
  const raw = (phone ?? '').trim();
  if (!raw) return null;
  if (/[^\d\s().+-]/.test(raw.replace(/^tel:/i, ''))) return null;
  let digits = raw.replace(/^tel:/i, '').replace(/[\s().-]/g, '');
  if (digits.startsWith('00')) digits = `+${digits.slice(2)}`;
  if (!digits.startsWith('+')) {
    const national = digits.replace(/^0+/, '');
    const code = dialCode.replace(/\D/g, '');
    // A US/Canada number already written with its leading 1.
    digits = code === '1' && /^1\d{10}$/.test(national) ? `+${national}` : `+${code}${national}`;
  }
  return /^\+[1-9]\d{7,14}$/.test(digits) ? digits : null;
}

/**
 * List prices per segment in millionths of a US dollar (both providers bill in USD), outbound
 * to a mobile, by destination calling code; other countries take the `*` rate. An estimate shown
 * before sending; the provider's invoice is the truth (docs/decisions/campaigns.md "SMS cost").
 */
export const SMS_PRICES_MICRO_USD: Record<'twilio' | 'plivo', Record<string, number>> = {
  twilio: { '1': 8_300, '44': 52_400, '91': 83_200, '61': 51_500, '65': 53_600, '971': 69_600, '*': 80_000 },
  plivo: { '1': 5_500, '44': 40_000, '91': 26_800, '61': 48_000, '65': 41_600, '971': 55_000, '*': 65_000 },
};

/** The price of one segment to `e164` through `provider`, in millionths of a dollar. */
export function smsSegmentPrice(provider: 'twilio' | 'plivo', e164: string): number {
  const table = SMS_PRICES_MICRO_USD[provider];
  const digits = e164.replace(/^\+/, '');
  for (const length of [3, 2, 1]) {
    const price = table[digits.slice(0, length)];
    if (price !== undefined) return price;
  }
  return table['*'] ?? 0;
}

/** Millionths of a dollar as dollars and cents for people ($0.01 at least when above zero). */
export function formatMicroUsd(micro: number): string {
  const cents = micro === 0 ? 0 : Math.max(1, Math.round(micro / 10_000));
  return `$${(cents / 100).toFixed(2)}`;
}

export const SMS_BODY_MAX = 1_600;

export const SMS_CAMPAIGN_STATUSES = ['draft', 'sending', 'paused', 'sent', 'cancelled'] as const;
export type SmsCampaignStatus = (typeof SMS_CAMPAIGN_STATUSES)[number];
export const SMS_CAMPAIGN_STATUS_LABELS: Record<SmsCampaignStatus, string> = {
  draft: 'Draft',
  sending: 'Sending',
  paused: 'Paused',
  sent: 'Sent',
  cancelled: 'Cancelled',
};

export const SMS_CAMPAIGN_MESSAGES = {
  bodyRequired: 'body is required: write the text to send.',
  unknownMergeField: (name: string) =>
    name === '{{'
      ? 'body has a merge field left half-written ({{ or }} on its own).'
      : `body uses the merge field {{${name}}}, which texts do not have (use first name, last name or studio name).`,
  emptyAudience: 'audience has nobody with a mobile number to text: change who it goes to.',
  noProvider: 'No SMS provider connected: connect Twilio or Plivo in Settings > Integrations first.',
  notDraft: 'Only a draft can be changed or sent.',
  notSending: 'Only a sending or paused campaign can be cancelled.',
  deleted: 'SMS campaign deleted',
} as const;

/** POST /rest/sms-campaigns and PUT /rest/sms-campaigns/{id}. */
export const SmsCampaignInput = z
  .object({
    name: CampaignName,
    body: z.string().max(SMS_BODY_MAX, `body must be at most ${SMS_BODY_MAX} characters`).default(''),
    audience: CampaignAudience.default({ kind: 'all' }),
  })
  .strict();
export type SmsCampaignInput = z.input<typeof SmsCampaignInput>;

/** POST /rest/sms-campaigns/estimate: what a text to an audience would be, before it is saved or sent. */
export const SmsEstimateInput = z
  .object({
    body: z.string().max(SMS_BODY_MAX, `body must be at most ${SMS_BODY_MAX} characters`).default(''),
    audience: CampaignAudience,
  })
  .strict();
export type SmsEstimateInput = z.input<typeof SmsEstimateInput>;

export const SmsEstimate = z.object({
  /** twilio, plivo, or null when none is connected. */
  provider: z.enum(['twilio', 'plivo']).nullable(),
  /** The sender: Twilio's phone or messaging service, Plivo's sender id. */
  senderId: z.string(),
  footer: z.string(),
  /** Contacts in the audience with a mobile number that will be texted (one per number). */
  recipients: z.number().int(),
  leftOutNoMobile: z.number().int(),
  leftOutOptedOut: z.number().int(),
  /** Segments over all recipients, and the most one recipient's text takes. */
  segments: z.number().int(),
  segmentsPerMessage: z.number().int(),
  /** Recipients whose text is UCS-2 (a name or word outside the GSM set). */
  unicodeRecipients: z.number().int(),
  /** The text as the first recipient gets it (a sample), with its encoding and units. */
  sample: z.string(),
  encoding: z.enum(['GSM-7', 'UCS-2']),
  units: z.number().int(),
  perSegment: z.number().int(),
  /** Millionths of a US dollar, at list prices. */
  costMicroUsd: z.number().int(),
  pageSize: z.number().int(),
  pageWaitTime: z.number().int(),
  pages: z.number().int(),
});
export type SmsEstimate = z.infer<typeof SmsEstimate>;

/**
 * A campaign sent through Mailchimp: its numbers are Mailchimp's report (GET /3.0/reports/{id}), totals
 * rather than per recipient, read after sending and every hour for a few days.
 */
export const MailchimpReportStatus = z.object({
  /** When the numbers shown were read from Mailchimp; null: not read yet (the report shows what was handed over). */
  readAt: z.string().nullable(),
  /** The last time Mailchimp's report was asked for. */
  checkedAt: z.string().nullable(),
  /** Why that last read failed ('' when it worked); the numbers shown are then the ones read at readAt. */
  error: z.string(),
  hardBounces: z.number().int(),
  softBounces: z.number().int(),
});
export type MailchimpReportStatus = z.infer<typeof MailchimpReportStatus>;

/** Sent, delivered, opened, clicked, bounced, unsubscribed: one campaign's numbers (email or SMS). */
export const CampaignReport = z.object({
  channel: z.enum(['email', 'sms']),
  recipients: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  /** null: the channel cannot know (a text has no opens), or the studio does not track. */
  opened: z.number().int().nullable(),
  clicked: z.number().int().nullable(),
  /** Email: bounced; SMS: failed or undelivered. */
  bounced: z.number().int(),
  unsubscribed: z.number().int(),
  /** Not sent yet, and (SMS) sends a crash left unconfirmed (never sent again). */
  pending: z.number().int(),
  unconfirmed: z.number().int(),
  /** Present for a campaign sent through Mailchimp: the numbers above are Mailchimp's totals. */
  mailchimp: MailchimpReportStatus.optional(),
});
export type CampaignReport = z.infer<typeof CampaignReport>;

export const SmsCampaign = z.object({
  id: z.string(),
  name: z.string(),
  body: z.string(),
  audience: CampaignAudience,
  status: z.enum(SMS_CAMPAIGN_STATUSES),
  pausedReason: z.string().nullable(),
  provider: z.string().nullable(),
  pageSize: z.number().int(),
  pageWaitMinutes: z.number().int(),
  pagesSent: z.number().int(),
  /** ISO instant the next page goes, while sending. */
  nextPageAt: z.string().nullable(),
  total: z.number().int(),
  leftOutNoMobile: z.number().int(),
  leftOutOptedOut: z.number().int(),
  report: CampaignReport,
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SmsCampaign = z.infer<typeof SmsCampaign>;

export const SmsCampaignList = z.object({ recordsTotal: z.number().int(), data: z.array(SmsCampaign) });
export type SmsCampaignList = z.infer<typeof SmsCampaignList>;

/** One campaign event on a contact's activity timeline (GET /rest/contact/{id}/campaign-events). */
export const CAMPAIGN_EVENT_KINDS = [
  'sent',
  'delivered',
  'opened',
  'clicked',
  'bounced',
  'failed',
  'unsubscribed',
  'opted_out',
] as const;
export const CAMPAIGN_EVENT_LABELS: Record<(typeof CAMPAIGN_EVENT_KINDS)[number], string> = {
  sent: 'Sent',
  delivered: 'Delivered',
  opened: 'Opened',
  clicked: 'Clicked',
  bounced: 'Bounced',
  failed: 'Not delivered',
  unsubscribed: 'Unsubscribed',
  opted_out: 'Texted STOP',
};
export const CampaignEvent = z.object({
  channel: z.enum(['email', 'sms']),
  campaignId: z.string(),
  campaignName: z.string(),
  kind: z.enum(CAMPAIGN_EVENT_KINDS),
  /** ISO instant. */
  at: z.string(),
});
export type CampaignEvent = z.infer<typeof CampaignEvent>;
