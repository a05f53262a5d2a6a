import {
  type IntegrationsStatus,
  isPhoneNumber,
  type PaymentKeyRecord,
  paymentKeysError,
  SMS_PAGE_SIZE_DEFAULT,
  SMS_PAGE_WAIT_MINUTES_DEFAULT,
  twilioSender,
} from '@atrium/contracts';

export const HUB_PATH = '/settings/integrations';

// ---------------------------------------------------------------- hub

export type HubTarget = { kind: 'link'; to: string };

export interface HubItem {
  key: string;
  label: string;
  description: string;
  target: HubTarget;
  integrated: (status: IntegrationsStatus) => boolean;
}

export interface HubSection {
  title: string;
  items: HubItem[];
}

export const paymentPanel = (n: number) => `${HUB_PATH}/paymentprovider?provider=${n}`;

/**
 * Spec 2 §2 "Third Party Settings": sections, click targets and green checks.
 */
export const HUB_SECTIONS: readonly HubSection[] = [
  {
    title: 'Payments',
    items: [
      {
        key: 'stripe',
        label: 'Stripe',
        description: 'Cards from 2.9% + 30¢; USD and other currencies',
        target: { kind: 'link', to: '/oauth/stripe' },
        integrated: (s) => s.payments.stripe,
      },
      {
        key: 'nelnet',
        label: 'Nelnet',
        description: 'USD only; ACH 0.80%, cards 2.9% + 30¢ (PaymentSpring)',
        target: { kind: 'link', to: paymentPanel(1) },
        integrated: (s) => s.payments.pspring,
      },
      {
        key: 'razorpay',
        label: 'Razorpay',
        description: 'INR, from 2%',
        target: { kind: 'link', to: paymentPanel(3) },
        integrated: (s) => s.payments.razorpay,
      },
      {
        key: 'phonepe',
        label: 'PhonePe',
        description: 'UPI 0%, wallet 0.84%, gift card 0.84%',
        target: { kind: 'link', to: paymentPanel(4) },
        integrated: (s) => s.payments.phonepe,
      },
    ],
  },
  {
    title: 'SMS Marketing',
    items: [
      {
        key: 'twilio',
        label: 'Twilio',
        description: 'Send text messages to your contacts',
        target: { kind: 'link', to: `${HUB_PATH}/cloud` },
        integrated: (s) => s.sms.twilio,
      },
      {
        key: 'plivo',
        label: 'Plivo',
        description: 'Send text messages to your contacts',
        target: { kind: 'link', to: `${HUB_PATH}/plivo` },
        integrated: (s) => s.sms.plivo,
      },
    ],
  },
  {
    title: 'Campaign',
    items: [
      {
        key: 'mailchimp',
        label: 'Mailchimp',
        description: 'Sync contacts to a Mailchimp audience',
        target: { kind: 'link', to: `${HUB_PATH}/mailchimp` },
        integrated: (s) => s.campaign.mailchimp,
      },
      {
        key: 'brevo',
        label: 'Brevo',
        description: 'Email campaigns and notifications',
        target: { kind: 'link', to: `${HUB_PATH}/brevo` },
        integrated: (s) => s.campaign.brevo,
      },
    ],
  },
  {
    title: 'Communication',
    items: [
      {
        key: 'omeeting',
        label: 'Online Meeting',
        description: 'Zoom meeting links for online classes',
        target: { kind: 'link', to: '/oauth/omeeting' },
        integrated: (s) => s.onlineMeeting,
      },
    ],
  },
  {
    title: 'Email',
    items: [
      {
        key: 'emails',
        label: 'Connect email',
        description: 'Send email from your own mailbox',
        target: { kind: 'link', to: `${HUB_PATH}/emails` },
        integrated: (s) => s.connectEmail,
      },
    ],
  },
];

// ---------------------------------------------------------------- payment providers screen

export type PaymentPanel = 'list' | 'pspring' | 'stripe' | 'razorpay' | 'phonepe';

/** Spec 2 §9 panel numbers: 0 list, 1 PaymentSpring, 2 Stripe, 3 Razorpay, 4 PhonePe; anything else is the list. */
export function panelOf(provider: string | null): PaymentPanel {
  switch (provider) {
    case '1':
      return 'pspring';
    case '2':
      return 'stripe';
    case '3':
      return 'razorpay';
    case '4':
      return 'phonepe';
    default:
      return 'list';
  }
}

/** Spec 2 §2: the providers list with its advertised fees. */
export const PAYMENT_LIST: ReadonlyArray<{ label: string; fees: string; to: string }> = [
  { label: 'PaymentSpring (Nelnet)', fees: 'USD only. ACH 0.80%, cards 2.9% + 30¢', to: paymentPanel(1) },
  { label: 'Stripe', fees: 'Cards from 2.9% + 30¢. USD and other currencies', to: paymentPanel(2) },
  { label: 'Razorpay', fees: 'INR. From 2%', to: paymentPanel(3) },
  { label: 'PhonePe', fees: 'UPI 0%, wallet 0.84%, gift card 0.84%', to: paymentPanel(4) },
];

export interface PaymentFormValues {
  apiKey: string;
  secretKey: string;
  testApiKey: string;
  testSecretKey: string;
  isTestMode: boolean;
}

export function paymentFormValues(record: PaymentKeyRecord | undefined): PaymentFormValues {
  return {
    apiKey: record?.apiKey ?? '',
    secretKey: '',
    testApiKey: record?.testApiKey ?? '',
    testSecretKey: '',
    isTestMode: record?.isTestMode ?? false,
  };
}

/**
 * Spec 2 §5 "PaymentSpring and Razorpay" in the browser: a secret left empty counts as the stored
 * one (the server keeps it), so the rule sees the values as they will be stored.
 */
export function paymentFormError(
  values: PaymentFormValues,
  stored: Pick<PaymentKeyRecord, 'hasSecretKey' | 'hasTestSecretKey'> | undefined,
): { field: string; message: string } | null {
  return paymentKeysError({
    ...values,
    apiKey: values.apiKey.trim(),
    testApiKey: values.testApiKey.trim(),
    secretKey: values.secretKey.trim() || (stored?.hasSecretKey ? 'stored' : ''),
    testSecretKey: values.testSecretKey.trim() || (stored?.hasTestSecretKey ? 'stored' : ''),
  });
}

/** The disconnect / reconnect buttons (spec 2 §4): Disconnect when integrated, Reconnect when explicitly not. */
export function connectAction(record: PaymentKeyRecord | undefined): 'disconnect' | 'reconnect' | null {
  if (!record) return null;
  return record.isProviderIntegrated ? 'disconnect' : 'reconnect';
}

/** The placeholder of a write-only secret field. */
export function secretPlaceholder(has: boolean, hint: string): string {
  if (!has) return '';
  return hint ? `Saved (ends in ${hint}); leave empty to keep` : 'Saved; leave empty to keep';
}

// ---------------------------------------------------------------- SMS

export interface TwilioFormValues {
  twilioSid: string;
  twilioToken: string;
  twilioPhone: string;
  adminPhone: string;
  footer: string;
  pageSize: number;
  pageWaitTime: number;
}

/** Spec 2 §5 "Twilio": SID, token (or a stored one) and a phone or messaging id are required. */
export function twilioFormValid(values: TwilioFormValues, hasToken: boolean): boolean {
  return !!values.twilioSid.trim() && (!!values.twilioToken.trim() || hasToken) && !!values.twilioPhone.trim();
}

/** The body sent: a non-numeric phone goes as twilioMesagingId with the phone blanked. */
export function twilioBody(values: TwilioFormValues) {
  return {
    twilioSid: values.twilioSid.trim(),
    twilioToken: values.twilioToken.trim(),
    ...twilioSender(values.twilioPhone, ''),
    adminPhone: values.adminPhone.trim(),
    footer: values.footer.trim(),
    pageSize: values.pageSize || SMS_PAGE_SIZE_DEFAULT,
    pageWaitTime: values.pageWaitTime || SMS_PAGE_WAIT_MINUTES_DEFAULT,
  };
}

/** What the Twilio form shows in its one phone field: the phone, or the stored messaging id. */
export function twilioSenderShown(phone: string, messagingId: string): string {
  return phone || messagingId;
}

export function senderKind(value: string): 'phone' | 'messaging id' | null {
  const v = value.trim();
  if (!v) return null;
  return isPhoneNumber(v) ? 'phone' : 'messaging id';
}

export interface PlivoFormValues {
  plivoAuthId: string;
  plivoAuthToken: string;
  plivoSenderId: string;
  adminPhone: string;
  footer: string;
  pageSize: number;
  pageWaitTime: number;
}

/** Spec 2 §5 "Plivo": auth id, auth token (or a stored one), sender id. */
export function plivoFormValid(values: PlivoFormValues, hasToken: boolean): boolean {
  return !!values.plivoAuthId.trim() && (!!values.plivoAuthToken.trim() || hasToken) && !!values.plivoSenderId.trim();
}

// ---------------------------------------------------------------- Brevo

export interface BrevoFormValues {
  sibApiKey: string;
  fromName: string;
  fromEmail: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec 2 §5 "Brevo": API key (or a stored one), from name and from email required, a valid address. */
export function brevoErrors(values: BrevoFormValues, hasKey: boolean): Partial<Record<keyof BrevoFormValues, string>> {
  const errors: Partial<Record<keyof BrevoFormValues, string>> = {};
  if (!values.sibApiKey.trim() && !hasKey) errors.sibApiKey = 'API Key is required';
  if (!values.fromName.trim()) errors.fromName = 'From Name is required';
  if (!values.fromEmail.trim()) errors.fromEmail = 'From Email is required';
  else if (!EMAIL.test(values.fromEmail.trim())) errors.fromEmail = 'Enter a valid email address';
  return errors;
}
