import type { MembershipInput, MembershipUpdate } from '@atrium/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { membershipsApi, type SubscriptionQuery } from './api';

export const membershipKeys = {
  products: (showArchive: boolean) => ['memberships', 'products', showArchive] as const,
  mine: ['memberships', 'mine'] as const,
  myCredits: ['memberships', 'my-credits'] as const,
  credits: (contactId: string) => ['memberships', 'credits', contactId] as const,
  list: (kind: 'all' | 'upcoming', query: SubscriptionQuery) => ['memberships', kind, query] as const,
};

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['memberships'] });
}

export const useMembershipProducts = (showArchive = false) =>
  useQuery({ queryKey: membershipKeys.products(showArchive), queryFn: () => membershipsApi.products(showArchive) });
export const useMySubscriptions = () => useQuery({ queryKey: membershipKeys.mine, queryFn: membershipsApi.mine });
export const useMyCredits = (enabled = true) =>
  useQuery({ queryKey: membershipKeys.myCredits, queryFn: membershipsApi.myCredits, enabled });
export const useContactCredits = (contactId: string) =>
  useQuery({ queryKey: membershipKeys.credits(contactId), queryFn: () => membershipsApi.credits(contactId) });

export function useSubscriptions(kind: 'all' | 'upcoming', query: SubscriptionQuery) {
  return useQuery({
    queryKey: membershipKeys.list(kind, query),
    queryFn: () => (kind === 'upcoming' ? membershipsApi.upcoming(query) : membershipsApi.list(query)),
    placeholderData: keepPreviousData,
  });
}

export function useSaveMembership() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ guId, body }: { guId: string | null; body: MembershipInput | MembershipUpdate }) =>
      guId
        ? membershipsApi.updateProduct(guId, body as MembershipUpdate)
        : membershipsApi.createProduct(body as MembershipInput),
    onSuccess: invalidate,
  });
}

export function useSubscriptionAction() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ guId, action }: { guId: string; action: 'cancelNow' | 'cancelAtEnd' | 'pause' | 'resume' }) =>
      action === 'cancelNow'
        ? membershipsApi.cancel(guId, 'now')
        : action === 'cancelAtEnd'
          ? membershipsApi.cancel(guId, 'periodEnd')
          : action === 'pause'
            ? membershipsApi.pause(guId)
            : membershipsApi.resume(guId),
    onSuccess: invalidate,
  });
}

export function useCompletePurchase() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: membershipsApi.complete, onSuccess: invalidate });
}
