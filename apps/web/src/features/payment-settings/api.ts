import type { PaymentSettings, PaymentSettingsWrite } from '@atrium/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { refreshTenantAndAccount } from '../session/session-actions';

const key = ['settings', 'payments'] as const;

/** Spec 2 §7: GET and PUT /item/tenant (payment settings). */
export function usePaymentSettings() {
  return useQuery({ queryKey: key, queryFn: () => apiRequest<PaymentSettings>('/item/tenant'), staleTime: 0 });
}

/** The currency symbol and fees are in the ping, so a save refreshes the tenant. */
export function useSavePaymentSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PaymentSettingsWrite) =>
      apiRequest<PaymentSettings>('/item/tenant', { method: 'PUT', body, silent: true }),
    onSuccess: async (saved) => {
      client.setQueryData(key, saved);
      await refreshTenantAndAccount();
    },
  });
}
