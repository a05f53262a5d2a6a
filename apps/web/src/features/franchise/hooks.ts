import type { FranchiseCreate, FranchiseUpdate } from '@atrium/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { franchiseApi } from './api';

export const franchiseKeys = {
  list: ['franchises'] as const,
  one: (id: string) => ['franchises', id] as const,
};

export function useFranchiseList(enabled = true) {
  return useQuery({
    queryKey: franchiseKeys.list,
    queryFn: async () => (await franchiseApi.list()).data,
    enabled,
    staleTime: 0,
  });
}

export function useFranchise(id: string | undefined) {
  return useQuery({
    queryKey: franchiseKeys.one(id ?? ''),
    queryFn: () => franchiseApi.get(id ?? ''),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

export function useSaveFranchise(id: string | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FranchiseCreate | FranchiseUpdate) =>
      id ? franchiseApi.update(id, body as FranchiseUpdate) : franchiseApi.create(body as FranchiseCreate),
    onSuccess: () => client.invalidateQueries({ queryKey: franchiseKeys.list }),
  });
}

export function useDeleteFranchise() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => franchiseApi.remove(id),
    onSuccess: () => client.invalidateQueries({ queryKey: franchiseKeys.list }),
  });
}
