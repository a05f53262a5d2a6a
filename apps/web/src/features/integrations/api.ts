import type {
  BrevoWrite,
  CampaignTenant,
  IntegrationsStatus,
  PaymentKeyList,
  PaymentKeyRecord,
  PaymentKeyWrite,
  PhonePeWrite,
  PlivoWrite,
  SmsTenant,
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
