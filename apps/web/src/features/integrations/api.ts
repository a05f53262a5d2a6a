import type {
  BrevoWrite,
  CampaignTenant,
  ConnectedEmailAccounts,
  ConnectProvider,
  ConnectUrl,
  IntegrationsStatus,
  MailchimpCreateList,
  MailchimpList,
  MailchimpStats,
  MailchimpWrite,
  MeetingConnection,
  MxNameResult,
  PaymentKeyList,
  PaymentKeyRecord,
  PaymentKeyWrite,
  PhonePeWrite,
  PlivoWrite,
  SmsTenant,
  StripeAccount,
  TwilioWrite,
} from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

/** Spec 2 §7 "Integrations" and the payment key calls (decisions.md "Integrations"). Saves show their own errors. */
export const integrationsApi = {
  status: () => apiRequest<IntegrationsStatus>('/rest/integrations/status'),
  paymentKeys: () => apiRequest<PaymentKeyList>('/item/tenant/keys'),
  savePaymentKeys: (provider: 'pspring' | 'razorpay', body: PaymentKeyWrite) =>
    apiRequest<PaymentKeyRecord>(`/item/tenant/${provider}`, { method: 'PUT', body, silent: true }),
  savePhonePe: (body: PhonePeWrite) =>
    apiRequest<PaymentKeyRecord>('/item/tenant/phonepe', { method: 'PUT', body, silent: true }),
  sms: () => apiRequest<SmsTenant>('/sms/tenant'),
  saveTwilio: (body: TwilioWrite) => apiRequest<SmsTenant>('/sms/tenant/twilio', { method: 'PUT', body, silent: true }),
  savePlivo: (body: PlivoWrite) => apiRequest<SmsTenant>('/sms/tenant/plivo', { method: 'PUT', body, silent: true }),
  campaign: () => apiRequest<CampaignTenant>('/campaign/tenant'),
  saveBrevo: (body: BrevoWrite) =>
    apiRequest<CampaignTenant>('/campaign/tenant/brevo', { method: 'PUT', body, silent: true }),
};

/** Second slice: Mailchimp, Stripe connect, connected mailboxes, online meeting (decisions.md). */
export const connectApi = {
  mailchimp: () => apiRequest<MailchimpList>('/campaign/tenant/mailchimp'),
  saveMailchimp: (body: MailchimpWrite) =>
    apiRequest<CampaignTenant>('/campaign/tenant/mailchimp', { method: 'PUT', body, silent: true }),
  createMailchimpList: (body: MailchimpCreateList) =>
    apiRequest<CampaignTenant>('/campaign/tenant/mailchimp/list', { method: 'POST', body, silent: true }),
  mailchimpStats: () => apiRequest<MailchimpStats>('/campaign/tenant/mailchimp/stats', { silent: true }),
  resync: () =>
    apiRequest<{ message: string; status: string }>('/campaign/tenant/mailchimp/resync', {
      method: 'POST',
      silent: true,
    }),
  stripeAccount: () => apiRequest<StripeAccount>('/item/stripe/account', { silent: true }),
  stripeLoginLink: () => apiRequest<{ url: string }>('/item/stripe/loginlink', { silent: true }),
  disconnectStripe: () => apiRequest<{ message: string }>('/item/stripe/account', { method: 'DELETE', silent: true }),
  mxName: (email: string) => apiRequest<MxNameResult>('/authmgr/oauth/mxname', { query: { email }, silent: true }),
  connect: (provider: ConnectProvider, query: { isShareAccount?: boolean; email?: string } = {}) =>
    apiRequest<ConnectUrl>(`/authmgr/oauth/connect/${provider}`, {
      query: {
        ...(query.isShareAccount !== undefined ? { isShareAccount: String(query.isShareAccount) } : {}),
        ...(query.email ? { email: query.email } : {}),
      },
      silent: true,
    }),
  mailboxes: () => apiRequest<ConnectedEmailAccounts>('/authmgr/oauth/accounts'),
  revokeMailbox: (id: string) =>
    apiRequest<{ message: string }>(`/authmgr/oauth/accounts/${id}`, { method: 'DELETE', silent: true }),
  meeting: () => apiRequest<MeetingConnection>('/authmgr/oauth/meeting'),
  disconnectMeeting: () =>
    apiRequest<{ message: string }>('/authmgr/oauth/meeting', { method: 'DELETE', silent: true }),
};
