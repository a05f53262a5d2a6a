import type {
  CardSetupRequest,
  CardSetupStart,
  CheckoutTokens,
  PaymentMethodToken,
  PlanHistory,
  PlanOffers,
  Subscription,
  SubscriptionUpdate,
} from '@atrium/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';

export const planKeys = {
  subscription: ['plan', 'subscription'] as const,
  history: (query: object) => ['plan', 'history', query] as const,
  checkout: ['plan', 'checkout'] as const,
  offers: ['plan', 'offers'] as const,
};

/** Spec 2 §7 "Plan". */
export const planApi = {
  subscription: () => apiRequest<Subscription>('/rest/subscription'),
  /** The platform's plans on sale, in the studio's currency. */
  offers: () => apiRequest<PlanOffers>('/rest/subscription/plans'),
  history: (query: { year: number; start: number; length: number; search: string }) =>
    apiRequest<PlanHistory>('/rest/subscription/history', {
      query: { year: query.year, start: query.start, length: query.length, 'search[value]': query.search },
    }),
  checkout: () => apiRequest<CheckoutTokens>('/rest/tenantPayment/master'),
  /** The provider's hosted page for a new card (card numbers never come to us). */
  startCardSetup: (body: CardSetupRequest) =>
    apiRequest<CardSetupStart>('/rest/tenantPayment/master/cardsetup', { method: 'POST', body, silent: true }),
  /** Back from that page: the card it saved pays the plan. */
  completeCardSetup: (sessionId: string) =>
    apiRequest<Subscription>('/rest/tenantPayment/master/cardsetup/complete', {
      method: 'POST',
      body: { sessionId },
      silent: true,
    }),
  bank: (body: object) =>
    apiRequest<PaymentMethodToken>('/rest/tenantPayment/master/bank', { method: 'POST', body, silent: true }),
  update: (body: SubscriptionUpdate) =>
    apiRequest<Subscription>('/rest/subscription', { method: 'PUT', body, silent: true }),
};

export function useSubscription() {
  return useQuery({ queryKey: planKeys.subscription, queryFn: planApi.subscription, staleTime: 0 });
}

export function usePlanOffers() {
  return useQuery({ queryKey: planKeys.offers, queryFn: planApi.offers, staleTime: 60_000 });
}

export function usePlanHistory(query: { year: number; start: number; length: number; search: string }) {
  return useQuery({ queryKey: planKeys.history(query), queryFn: () => planApi.history(query), staleTime: 0 });
}

/** A fresh checkout token per checkout opened: one checkout, one charge. */
export function useCheckoutTokens(enabled: boolean) {
  return useQuery({ queryKey: planKeys.checkout, queryFn: planApi.checkout, enabled, staleTime: Infinity, gcTime: 0 });
}

export function useUpdatePlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: planApi.update,
    onSuccess: async (saved) => {
      client.setQueryData(planKeys.subscription, saved);
      await client.invalidateQueries({ queryKey: ['plan'] });
    },
  });
}
