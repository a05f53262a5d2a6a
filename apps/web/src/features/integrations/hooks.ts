import type { BrevoWrite, PaymentKeyWrite, PhonePeWrite, PlivoWrite, TwilioWrite } from '@atrium/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshTenantAndAccount } from '../session/session-actions';
import { integrationsApi } from './api';

const root = ['settings', 'integrations'] as const;
export const statusKey = [...root, 'status'] as const;
export const paymentKeysKey = [...root, 'payment-keys'] as const;
export const smsKey = [...root, 'sms'] as const;
export const campaignKey = [...root, 'campaign'] as const;

export const useIntegrationsStatus = () =>
  useQuery({ queryKey: statusKey, queryFn: integrationsApi.status, staleTime: 0 });
export const usePaymentKeys = () =>
  useQuery({ queryKey: paymentKeysKey, queryFn: integrationsApi.paymentKeys, staleTime: 0 });
export const useSmsTenant = () => useQuery({ queryKey: smsKey, queryFn: integrationsApi.sms, staleTime: 0 });
export const useCampaignTenant = () =>
  useQuery({ queryKey: campaignKey, queryFn: integrationsApi.campaign, staleTime: 0 });

/** Every save changes the hub's checks; payment saves change the tenant's payment provider too. */
function useSave<T, R>(fn: (body: T) => Promise<R>, payments = false) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: root });
      if (payments) await refreshTenantAndAccount();
    },
  });
}

export const useSavePaymentKeys = (provider: 'pspring' | 'razorpay') =>
  useSave((body: PaymentKeyWrite) => integrationsApi.savePaymentKeys(provider, body), true);
export const useSavePhonePe = () => useSave((body: PhonePeWrite) => integrationsApi.savePhonePe(body), true);
export const useSaveTwilio = () => useSave((body: TwilioWrite) => integrationsApi.saveTwilio(body));
export const useSavePlivo = () => useSave((body: PlivoWrite) => integrationsApi.savePlivo(body));
export const useSaveBrevo = () => useSave((body: BrevoWrite) => integrationsApi.saveBrevo(body));
