import type { OfferInput, OfferStatus, OfferUpdate } from '@atrium/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type OfferListParams, offersApi } from './api';

export const offerKeys = {
  all: ['offers'] as const,
  list: (params: OfferListParams) => ['offers', 'list', params] as const,
  categories: ['offers', 'categories'] as const,
  items: ['offers', 'items'] as const,
};

function useInvalidateOffers() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['offers', 'list'] });
}

export function useOffers(params: OfferListParams) {
  return useQuery({
    queryKey: offerKeys.list(params),
    queryFn: () => offersApi.list(params),
    placeholderData: keepPreviousData,
  });
}

export function useOfferTargets(enabled: boolean) {
  const categories = useQuery({ queryKey: offerKeys.categories, queryFn: offersApi.categories, enabled });
  const items = useQuery({ queryKey: offerKeys.items, queryFn: offersApi.items, enabled });
  return { categories: categories.data?.data ?? [], items: items.data?.data ?? [] };
}

export function useSaveOffer() {
  const invalidate = useInvalidateOffers();
  return useMutation({
    mutationFn: ({ guId, body }: { guId: string | null; body: OfferInput & OfferUpdate }) =>
      guId ? offersApi.update(guId, body) : offersApi.create(body),
    onSuccess: invalidate,
  });
}

export function useSetOfferStatus() {
  const invalidate = useInvalidateOffers();
  return useMutation({
    mutationFn: ({ guId, status }: { guId: string; status: OfferStatus }) => offersApi.setStatus(guId, status),
    onSuccess: invalidate,
  });
}
