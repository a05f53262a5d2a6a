import type { MemberSubscription, MembershipInput, MembershipUpdate } from '@atrium/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { showSuccessToast } from '../../lib/notify';
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

/**
 * Back from the provider's page (`?session_id=`): the membership is made (or its card updated) once
 * for the session, then the parameter is dropped. A declined first payment is the problem to show.
 */
export function useSetupReturn(path: string, done: (sub: MemberSubscription) => string) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const complete = useCompletePurchase();
  const [problem, setProblem] = useState<string | null>(null);
  const returned = params.get('session_id');
  const handled = useRef<string | null>(null);
  const doneRef = useRef(done);
  doneRef.current = done;
  useEffect(() => {
    if (!returned || handled.current === returned) return;
    handled.current = returned;
    complete
      .mutateAsync(returned)
      .then((sub) => {
        if (sub.status === 'past_due' || sub.status === 'suspended')
          setProblem(sub.lastFailure ?? 'The payment did not go through.');
        else {
          setProblem(null);
          showSuccessToast(doneRef.current(sub));
        }
      })
      .catch((error: unknown) => setProblem(isApiError(error) ? error.message : 'Something went wrong.'))
      .finally(() => navigate(path, { replace: true }));
  }, [returned, complete, navigate, path]);
  return { pending: complete.isPending, problem };
}
