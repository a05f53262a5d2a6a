import type { BundleInput, BundleUpdate, ItemInput, ItemSupplierInput, ItemUpdate } from '@atrium/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type BundleListParams, catalogueApi, type ItemListParams } from './api';

export const catalogueKeys = {
  all: ['catalogue'] as const,
  categories: (type: string) => ['catalogue', 'categories', type] as const,
  items: (params: ItemListParams) => ['catalogue', 'items', params] as const,
  item: (guId: string) => ['catalogue', 'item', guId] as const,
  suppliers: ['catalogue', 'suppliers'] as const,
  bundles: (params: BundleListParams) => ['catalogue', 'bundles', params] as const,
};

/** Any catalogue write can change every list (counts, stock, bundle contents): refetch them all. */
function useInvalidateAll() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: catalogueKeys.all });
}

export function useCategories(type: 'product' | 'bundle') {
  return useQuery({ queryKey: catalogueKeys.categories(type), queryFn: () => catalogueApi.categories(type) });
}

export function useItems(params: ItemListParams) {
  return useQuery({
    queryKey: catalogueKeys.items(params),
    queryFn: () => catalogueApi.items(params),
    placeholderData: keepPreviousData,
  });
}

export function useItem(guId: string | null) {
  return useQuery({
    queryKey: catalogueKeys.item(guId ?? ''),
    queryFn: () => catalogueApi.item(guId ?? ''),
    enabled: guId !== null,
    staleTime: 0,
  });
}

export function useSuppliers() {
  return useQuery({ queryKey: catalogueKeys.suppliers, queryFn: catalogueApi.suppliers });
}

export function useBundles(params: BundleListParams) {
  return useQuery({
    queryKey: catalogueKeys.bundles(params),
    queryFn: () => catalogueApi.bundles(params),
    placeholderData: keepPreviousData,
  });
}

export function useCreateCategory() {
  const invalidate = useInvalidateAll();
  return useMutation({ mutationFn: catalogueApi.createCategory, onSuccess: invalidate });
}

export function useCreateSupplier() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (body: ItemSupplierInput) => catalogueApi.createSupplier(body),
    onSuccess: invalidate,
  });
}

export function useSaveItem() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ guId, body }: { guId: string | null; body: ItemInput & ItemUpdate }) =>
      guId ? catalogueApi.updateItem(guId, body) : catalogueApi.createItem(body),
    onSuccess: invalidate,
  });
}

export function useArchiveItem() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ guId, archive }: { guId: string; archive: boolean }): Promise<unknown> =>
      archive ? catalogueApi.archiveItem(guId) : catalogueApi.restoreItem(guId),
    onSuccess: invalidate,
  });
}

export function useSaveBundle() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ guId, body }: { guId: string | null; body: BundleInput & BundleUpdate }) =>
      guId ? catalogueApi.updateBundle(guId, body) : catalogueApi.createBundle(body),
    onSuccess: invalidate,
  });
}

export function useArchiveBundle() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ guId, archive }: { guId: string; archive: boolean }) =>
      catalogueApi.updateBundle(guId, { isArchived: archive }),
    onSuccess: invalidate,
  });
}
