import { z } from 'zod';
import { Verification } from './integrations.ts';

/**
 * Settings > Integrations, second slice (spec 2 §2 "Stripe connection result", "Mailchimp",
 * "Connect Email", §3 "Mailchimp list data", "Connected email account", §4, §5, §7, §8, §9):
 * Stripe Connect, Mailchimp, connected mailboxes and the online-meeting (Zoom) connection.
 */

// ---------------------------------------------------------------- oauth connections

/** Connect-email providers (spec 2 §7 mxname answers) plus `other` when none is recognised. */
export const EMAIL_PROVIDERS = ['googlemail', 'outlookmail', 'zohomail'] as const;
export type EmailProvider = (typeof EMAIL_PROVIDERS)[number];
export const EmailProviderName = z.enum(EMAIL_PROVIDERS);
export type MxName = EmailProvider | 'other';

/** Every provider `GET /authmgr/oauth/connect/{providerName}` can start. */
export const CONNECT_PROVIDERS = [...EMAIL_PROVIDERS, 'zoom', 'stripe'] as const;
export type ConnectProvider = (typeof CONNECT_PROVIDERS)[number];
export const ConnectProvider = z.enum(CONNECT_PROVIDERS);

export const EMAIL_PROVIDER_LABELS: Record<EmailProvider, string> = {
  googlemail: 'Google',
  outlookmail: 'Microsoft Outlook',
  zohomail: 'Zoho',
};

/** The spec's quoted texts (§8), word for word. */
export const REVOKE_CONFIRM = "Do you want to revoke selected account's access, Are you sure?";
export const REVOKE_FAILED = 'Some error occurred. Please contact your account manager.';
export const ACCOUNT_UNLINKED = 'Account unlinked success.';
export const EMAIL_UNIDENTIFIED = "We can't identify your email provider";
export const EMAIL_REQUIRED = 'Email is required!';
export const ZOHO_BULK_WARNING = 'Bulk email not supported for Zoho Mail';

const GOOGLE_DOMAINS = new Set(['gmail.com', 'googlemail.com']);
const MICROSOFT_DOMAINS = /^(outlook|hotmail|live|msn)\.[a-z.]+$/;
const ZOHO_DOMAINS = /^zoho(mail)?\.[a-z.]+$/;

/** The domain of an address, lower case ('' when it has none). */
export function emailDomain(email: string): string {
  const at = email.trim().lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .trim()
        .slice(at + 1)
        .toLowerCase()
        .replace(/\.$/, '');
}

/** The provider a domain itself names (gmail.com, outlook.com, zoho.eu ...), or null. */
export function emailProviderFromDomain(domain: string): EmailProvider | null {
  const d = domain.toLowerCase();
  if (GOOGLE_DOMAINS.has(d)) return 'googlemail';
  if (MICROSOFT_DOMAINS.test(d)) return 'outlookmail';
  if (ZOHO_DOMAINS.test(d)) return 'zohomail';
  return null;
}

/** The provider whose mail exchangers these are (Google Workspace, Microsoft 365, Zoho Mail), or null. */
export function emailProviderFromMx(exchanges: readonly string[]): EmailProvider | null {
  for (const raw of exchanges) {
    const host = raw.toLowerCase().replace(/\.$/, '');
    if (/(^|\.)(google\.com|googlemail\.com)$/.test(host)) return 'googlemail';
    if (/(^|\.)(outlook\.com|office365\.us|outlook\.cn)$/.test(host)) return 'outlookmail';
    if (/(^|\.)zoho(mail)?\.[a-z.]+$/.test(host)) return 'zohomail';
  }
  return null;
}

/** A plausible address: what the connect dialog and mxname accept. */
export const ConnectEmailAddress = z
  .string({ error: EMAIL_REQUIRED })
  .trim()
  .min(1, EMAIL_REQUIRED)
  .max(254)
  .pipe(z.email(EMAIL_REQUIRED));

export const MxNameQuery = z.object({ email: ConnectEmailAddress });
export const MxNameResult = z.object({ provider: z.enum([...EMAIL_PROVIDERS, 'other']) });
export type MxNameResult = z.infer<typeof MxNameResult>;

export const ConnectQuery = z.object({
  isShareAccount: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** The address typed in the dialog: a login hint for the provider, kept when the provider names none. */
  email: ConnectEmailAddress.optional(),
});
export const ConnectUrl = z.object({ url: z.string() });
export type ConnectUrl = z.infer<typeof ConnectUrl>;

/** Spec 2 §3 "Connected email account" (no token ever). */
export const ConnectedEmailAccount = z.object({
  _id: z.string(),
  productName: EmailProviderName,
  email: z.string(),
  /** The person who connected it. */
  userName: z.string(),
  isShareAccount: z.boolean(),
  /** Connected by the person asking. */
  isOwn: z.boolean(),
  connectedAt: z.string(),
});
export type ConnectedEmailAccount = z.infer<typeof ConnectedEmailAccount>;
export const ConnectedEmailAccounts = z.object({ data: z.array(ConnectedEmailAccount) });
export type ConnectedEmailAccounts = z.infer<typeof ConnectedEmailAccounts>;

/**
 * GET /authmgr/oauth/providers/mail (spec 3 §7.4): the mail accounts the signed-in staff member may
 * send from (their own and the shared ones): provider, address, shared flag.
 */
export const MailProviderAccount = z.object({
  _id: z.string(),
  productName: EmailProviderName,
  email: z.string(),
  isShareAccount: z.boolean(),
  isOwn: z.boolean(),
});
export type MailProviderAccount = z.infer<typeof MailProviderAccount>;
export const MailProviderAccounts = z.object({ data: z.array(MailProviderAccount) });
export type MailProviderAccounts = z.infer<typeof MailProviderAccounts>;

/** The online-meeting connection (spec 2 §4: integrated when an oauth provider named zoom or googlemeet exists). */
export const MeetingConnection = z.object({
  connected: z.boolean(),
  productName: z.enum(['zoom', 'googlemeet']).nullable(),
  email: z.string(),
  connectedAt: z.string().nullable(),
});
export type MeetingConnection = z.infer<typeof MeetingConnection>;

// ---------------------------------------------------------------- Stripe connect

export const STRIPE_CONNECT_SUCCESS = 'Payment Provider - Stripe Integrated successfully';
export const STRIPE_CONNECT_FAIL = 'Payment Provider - Stripe Integration Fail!';
export const STRIPE_INTEGRATED_TOAST = 'Stripe account successfully integrated';

export const StripeAccount = z.object({
  connected: z.boolean(),
  stripeUserId: z.string(),
  livemode: z.boolean(),
  isProviderIntegrated: z.boolean(),
  account: z
    .object({
      email: z.string(),
      businessName: z.string(),
      country: z.string(),
      defaultCurrency: z.string(),
      chargesEnabled: z.boolean(),
      payoutsEnabled: z.boolean(),
      detailsSubmitted: z.boolean(),
    })
    .nullable(),
});
export type StripeAccount = z.infer<typeof StripeAccount>;
export const StripeLoginLink = z.object({ url: z.string() });
export const StripePublishableKey = z.object({ stripePublishableKey: z.string(), isTestMode: z.boolean() });
export type StripePublishableKey = z.infer<typeof StripePublishableKey>;

// ---------------------------------------------------------------- Mailchimp

/** Spec 2 §3 "Mailchimp list data" status, §4. */
export const MAILCHIMP_STATUSES = ['not_started', 'in_progress', 'complete', 'failed'] as const;
export type MailchimpStatus = (typeof MAILCHIMP_STATUSES)[number];
export const MAILCHIMP_STATUS_LABELS: Record<MailchimpStatus, string> = {
  not_started: 'Not Started',
  in_progress: 'In Progress',
  complete: 'Complete',
  failed: 'Failed',
};
export const RESYNC_IN_PROGRESS = 'resync is already in progress';
export const RESYNC_STARTED = 'Resync was successfully initiated';
export const MAILCHIMP_UPDATED = 'Mailchimp updated successfully';
export const MAILCHIMP_ADDED = 'Mailchimp added successfully';
export const MAILCHIMP_RESET_CONFIRM =
  'This will reset the existing mailchimp account and resync has to be done again, proceed?';
export const MAILCHIMP_RESYNC_CONFIRM =
  'This will sync all mailchimp contacts with product contacts. It can take time depending on the number of records, proceed?';

/** A Mailchimp API key names its data centre after the dash: `…-us6`. */
export const MAILCHIMP_KEY_PATTERN = /^[0-9a-zA-Z]{16,64}-([a-z]{2}\d{1,3})$/;
export function mailchimpDataCenter(apiKey: string): string | null {
  return MAILCHIMP_KEY_PATTERN.exec(apiKey.trim())?.[1] ?? null;
}

/** Spec 2 §9: a generated list name is a prefix plus 3 random digits. */
export function generatedListName(prefix: string, random: () => number = Math.random): string {
  const digits = String(Math.floor(random() * 1000)).padStart(3, '0');
  return `${prefix.trim() || 'Atrium'} ${digits}`;
}

/** Spec 2 §4: resync is offered when the list is complete (and never while in progress). */
export function canResync(status: MailchimpStatus | null): boolean {
  return status === 'complete';
}

/** Spec 2 §4: changing the list id or the key of a complete list asks first (it resets the sync). */
export function needsResetConfirm(
  status: MailchimpStatus | null,
  stored: { listId: string },
  next: { listId: string; apiKey: string },
): boolean {
  return status === 'complete' && (next.listId.trim() !== stored.listId || next.apiKey.trim() !== '');
}

const optional = (max: number) => z.string().trim().max(max).default('');

/** PUT /campaign/tenant/mailchimp (spec 2 §5): the first three are required; from fields fall back to the account's. */
export const MailchimpWrite = z.object({
  mcAudienceName: z.string({ error: 'Audience Name required' }).trim().min(1, 'Audience Name required').max(100),
  mcAudienceId: z
    .string({ error: 'Audience ID is required' })
    .trim()
    .min(1, 'Audience ID is required')
    .max(40)
    .regex(/^[0-9a-zA-Z]+$/, 'Audience ID is letters and digits only'),
  /** Empty keeps the stored key; required when none is stored ('API Key required'). */
  mcApiKey: optional(100),
  fromName: optional(100),
  fromEmail: optional(254).pipe(z.union([z.literal(''), z.email('Enter a valid email address')])),
});
export type MailchimpWrite = z.input<typeof MailchimpWrite>;

/** Create a list (audience) in Mailchimp (create mode); the name is generated when empty. */
export const MailchimpCreateList = z.object({
  mcAudienceName: optional(100),
  mcApiKey: optional(100),
  fromName: optional(100),
  fromEmail: optional(254).pipe(z.union([z.literal(''), z.email('Enter a valid email address')])),
});
export type MailchimpCreateList = z.input<typeof MailchimpCreateList>;

export const MailchimpLastSync = z.object({
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  pushed: z.number(),
  created: z.number(),
  updated: z.number(),
  failed: z.number(),
  error: z.string(),
});
export type MailchimpLastSync = z.infer<typeof MailchimpLastSync>;

/** Spec 2 §3 "Mailchimp list data", masked. */
export const MailchimpList = z.object({
  data: z.object({
    name: z.string(),
    listId: z.string(),
    hasApiKey: z.boolean(),
    apiKeyHint: z.string(),
    fromName: z.string(),
    fromEmail: z.string(),
    status: z.enum(MAILCHIMP_STATUSES).nullable(),
    isActiveList: z.boolean(),
    lastSync: MailchimpLastSync,
    ...Verification.shape,
  }),
});
export type MailchimpList = z.infer<typeof MailchimpList>;

/** Spec 2 §3 stats. */
export const MailchimpStats = z.object({
  listId: z.string(),
  memberCount: z.number(),
  syncCount: z.number(),
  unsubscribeCount: z.number(),
  campaignCount: z.number(),
  clickRate: z.number(),
  openRate: z.number(),
});
export type MailchimpStats = z.infer<typeof MailchimpStats>;

export const ResyncStarted = z.object({ message: z.string(), status: z.enum(MAILCHIMP_STATUSES) });

/**
 * GET /authmgr/oauth/providers and /authmgr/oauth/providers/omeeting (spec 3 §7.7): the OAuth
 * connections the signed-in staff member can use: mailboxes (their own and the shared ones) and the
 * tenant's online meeting (Zoom, shared by the whole account). No token ever.
 */
export const OAuthProviderConnection = z.object({
  _id: z.string(),
  productName: z.enum([...EMAIL_PROVIDERS, 'zoom']),
  kind: z.enum(['mail', 'meeting']),
  email: z.string(),
  isShareAccount: z.boolean(),
  isOwn: z.boolean(),
});
export type OAuthProviderConnection = z.infer<typeof OAuthProviderConnection>;
export const OAuthProviderConnections = z.object({ data: z.array(OAuthProviderConnection) });
export type OAuthProviderConnections = z.infer<typeof OAuthProviderConnections>;
