import { z } from 'zod';

/**
 * Settings > Integrations (spec 2 §2 "Third Party Settings", §3 "Payment key record", "SMS tenant",
 * "Campaign tenant", §5 rules). Secrets are write-only: answers carry `has...` and the last four
 * characters (`...Hint`), never the secret itself.
 */

/** The spec's `PUT /item/tenant/{type}` types. */
export const PAYMENT_KEY_PROVIDERS = ['pspring', 'stripe', 'razorpay', 'phonepe', 'paytm'] as const;
export type PaymentKeyProvider = (typeof PAYMENT_KEY_PROVIDERS)[number];
export const PaymentKeyProvider = z.enum(PAYMENT_KEY_PROVIDERS);

/** Names used in the screens and in the disconnect confirm (spec 2 §8). */
export const PAYMENT_PROVIDER_LABELS: Record<PaymentKeyProvider, string> = {
  pspring: 'Payment Spring',
  stripe: 'Stripe',
  razorpay: 'Razorpay',
  phonepe: 'PhonePe',
  paytm: 'Paytm',
};

/** Spec 2 §9: the payment providers screen's panel numbers (`?provider=`). */
export const PAYMENT_PANELS = { list: 0, pspring: 1, stripe: 2, razorpay: 3, phonepe: 4 } as const;

export const SMS_PROVIDERS = ['twilio', 'plivo'] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];
export const CAMPAIGN_PROVIDERS = ['mailchimp', 'brevo'] as const;
export type CampaignProvider = (typeof CAMPAIGN_PROVIDERS)[number];

/** Spec 2 §9: Twilio and Plivo defaults. */
export const SMS_PAGE_SIZE_DEFAULT = 250;
export const SMS_PAGE_WAIT_MINUTES_DEFAULT = 3;

export const TEST_MODE_MESSAGE = 'Test mode should be on';

/** The disconnect confirm (spec 2 §8), word for word. */
export const DISCONNECT_CONFIRM = 'Would you really like to disconnect Payment Spring / Razorpay / PhonePe ?';

/** The result of checking credentials with the provider when they were saved. */
export const Verification = z.object({
  /** true: the provider accepted them; false: it could not be reached; null: not checked (no check exists). */
  isVerified: z.boolean().nullable(),
  verifyMessage: z.string(),
  verifiedAt: z.string().nullable(),
});
export type Verification = z.infer<typeof Verification>;

const optionalText = (max = 500) => z.string().trim().max(max).default('');

// ---------------------------------------------------------------- payments

/** Spec 2 §3 "Payment key record", masked: publishable keys and ids in full, secrets as hints. */
export const PaymentKeyRecord = z.object({
  provider: PaymentKeyProvider,
  isProviderIntegrated: z.boolean(),
  isTestMode: z.boolean(),
  /** Public (publishable) key; PhonePe's merchant id. */
  apiKey: z.string(),
  testApiKey: z.string(),
  /** PhonePe's salt index. */
  saltIndex: z.string(),
  hasSecretKey: z.boolean(),
  secretKeyHint: z.string(),
  hasTestSecretKey: z.boolean(),
  testSecretKeyHint: z.string(),
  ...Verification.shape,
  updatedAt: z.string(),
});
export type PaymentKeyRecord = z.infer<typeof PaymentKeyRecord>;

export const PaymentKeyList = z.object({ keys: z.array(PaymentKeyRecord) });
export type PaymentKeyList = z.infer<typeof PaymentKeyList>;

/**
 * PaymentSpring, Razorpay (and Stripe, Paytm keys): spec 2 §3. A secret left empty keeps the stored
 * one, so the masked form can be sent again (Disconnect, Reconnect).
 */
export const PaymentKeyWrite = z.object({
  apiKey: optionalText(),
  secretKey: optionalText(),
  testApiKey: optionalText(),
  testSecretKey: optionalText(),
  isTestMode: z.boolean().default(false),
  isProviderIntegrated: z.boolean().default(true),
});
export type PaymentKeyWrite = z.input<typeof PaymentKeyWrite>;

/** PhonePe form (spec 2 §3, §5): merchantId is kept as apiKey, saltKey as secretKey. */
export const PhonePeWrite = z.object({
  merchantId: z.string({ error: 'Merchant Id is required' }).trim().min(1, 'Merchant Id is required').max(100),
  /** Empty keeps the stored salt key; required when none is stored ('Salt Key is required'). */
  saltKey: optionalText(),
  saltIndex: z
    .string({ error: 'Salt Index is required' })
    .trim()
    .min(1, 'Salt Index is required')
    .regex(/^\d{1,4}$/, 'Salt Index must be a number'),
  isProviderIntegrated: z.boolean().default(true),
});
export type PhonePeWrite = z.input<typeof PhonePeWrite>;

export interface PaymentKeyValues {
  apiKey: string;
  secretKey: string;
  testApiKey: string;
  testSecretKey: string;
  isTestMode: boolean;
}

/**
 * Spec 2 §5 "PaymentSpring and Razorpay", on the values as they will be stored (a secret left empty
 * counts as the stored one): live keys empty, test keys filled and test mode off -> 'Test mode should
 * be on'. Then the keys the chosen mode uses must both be there. Answers the field and its message.
 */
export function paymentKeysError(v: PaymentKeyValues): { field: string; message: string } | null {
  const liveEmpty = !v.apiKey && !v.secretKey;
  const testFilled = !!v.testApiKey && !!v.testSecretKey;
  if (liveEmpty && testFilled && !v.isTestMode) return { field: 'isTestMode', message: TEST_MODE_MESSAGE };
  if (v.isTestMode) {
    if (!v.testApiKey) return { field: 'testApiKey', message: 'Test API Key is required' };
    if (!v.testSecretKey) return { field: 'testSecretKey', message: 'Test Secret Key is required' };
  } else {
    if (!v.apiKey) return { field: 'apiKey', message: 'API Key is required' };
    if (!v.secretKey) return { field: 'secretKey', message: 'Secret Key is required' };
  }
  return null;
}

// ---------------------------------------------------------------- SMS

const pageSize = z.coerce
  .number({ error: 'Page size must be a number' })
  .int('Page size must be a whole number')
  .min(1, 'Page size must be at least 1')
  .max(1000, 'Page size must be at most 1000')
  .default(SMS_PAGE_SIZE_DEFAULT);
const pageWaitTime = z.coerce
  .number({ error: 'Page wait time must be a number' })
  .int('Page wait time must be a whole number of minutes')
  .min(1, 'Page wait time must be at least 1 minute')
  .max(60, 'Page wait time must be at most 60 minutes')
  .default(SMS_PAGE_WAIT_MINUTES_DEFAULT);

/** Spec 2 §3 "SMS tenant", masked. `twilioPhone` reads back Plivo's sender id when Plivo is the provider. */
export const SmsTenant = z.object({
  tenant: z.object({
    provider: z.enum(SMS_PROVIDERS).nullable(),
    twilioSid: z.string(),
    twilioPhone: z.string(),
    twilioMesagingId: z.string(),
    hasTwilioToken: z.boolean(),
    twilioTokenHint: z.string(),
    plivoAuthId: z.string(),
    plivoSenderId: z.string(),
    hasPlivoAuthToken: z.boolean(),
    plivoAuthTokenHint: z.string(),
    adminPhone: z.string(),
    footer: z.string(),
    pageSize: z.number(),
    pageWaitTime: z.number(),
    ...Verification.shape,
  }),
});
export type SmsTenant = z.infer<typeof SmsTenant>;

export const TwilioWrite = z.object({
  twilioSid: z.string({ error: 'Account SID is required' }).trim().min(1, 'Account SID is required').max(100),
  /** Empty keeps the stored token. */
  twilioToken: optionalText(200),
  twilioPhone: optionalText(40),
  twilioMesagingId: optionalText(100),
  adminPhone: optionalText(40),
  footer: optionalText(160),
  pageSize,
  pageWaitTime,
});
export type TwilioWrite = z.input<typeof TwilioWrite>;

export const PlivoWrite = z.object({
  plivoAuthId: z.string({ error: 'Auth ID is required' }).trim().min(1, 'Auth ID is required').max(100),
  /** Empty keeps the stored token. */
  plivoAuthToken: optionalText(200),
  plivoSenderId: z.string({ error: 'Sender ID is required' }).trim().min(1, 'Sender ID is required').max(40),
  adminPhone: optionalText(40),
  footer: optionalText(160),
  pageSize,
  pageWaitTime,
});
export type PlivoWrite = z.input<typeof PlivoWrite>;

/** A phone number: digits with an optional leading +, spaces, dots, dashes and brackets. */
export function isPhoneNumber(value: string): boolean {
  return /^\+?[\d\s().-]+$/.test(value) && /\d/.test(value);
}

/**
 * Spec 2 §5 "Twilio": a non-numeric phone is a messaging (sender) id: it is sent as
 * twilioMesagingId and the phone blanked.
 */
export function twilioSender(phone: string, messagingId: string): { twilioPhone: string; twilioMesagingId: string } {
  const p = phone.trim();
  if (p && !isPhoneNumber(p)) return { twilioPhone: '', twilioMesagingId: p };
  return { twilioPhone: p, twilioMesagingId: p ? '' : messagingId.trim() };
}

// ---------------------------------------------------------------- campaign

/** Spec 2 §3 "Campaign tenant", masked (Mailchimp's fields stay empty until that slice). */
export const CampaignTenant = z.object({
  tenant: z.object({
    provider: z.enum(CAMPAIGN_PROVIDERS).nullable(),
    fromName: z.string(),
    fromEmail: z.string(),
    hasSibApiKey: z.boolean(),
    sibApiKeyHint: z.string(),
    mcAudienceName: z.string(),
    mcAudienceId: z.string(),
    hasMcApiKey: z.boolean(),
    mcStatus: z.string().nullable(),
    ...Verification.shape,
  }),
});
export type CampaignTenant = z.infer<typeof CampaignTenant>;

export const BrevoWrite = z.object({
  /** Empty keeps the stored key; required when none is stored ('API Key is required'). */
  sibApiKey: optionalText(300),
  fromName: z.string({ error: 'From Name is required' }).trim().min(1, 'From Name is required').max(100),
  fromEmail: z
    .string({ error: 'From Email is required' })
    .trim()
    .min(1, 'From Email is required')
    .max(254)
    .pipe(z.email('Enter a valid email address')),
});
export type BrevoWrite = z.input<typeof BrevoWrite>;

// ---------------------------------------------------------------- hub

/** Which providers are integrated, for the Third Party Settings hub's green checks (spec 2 §4). */
export const IntegrationsStatus = z.object({
  payments: z.record(PaymentKeyProvider, z.boolean()),
  sms: z.object({ twilio: z.boolean(), plivo: z.boolean() }),
  campaign: z.object({ mailchimp: z.boolean(), brevo: z.boolean() }),
  onlineMeeting: z.boolean(),
  connectEmail: z.boolean(),
});
export type IntegrationsStatus = z.infer<typeof IntegrationsStatus>;

export const IntegrationMessage = z.object({ message: z.string() });
