import type { CustomFieldInput } from '@atrium/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { customFieldsApi } from './api';

export const customFieldKeys = {
  all: ['customFields'] as const,
  list: ['customFields', 'list'] as const,
  contact: (contactId: string) => ['customFields', 'contact', contactId] as const,
};

export function useCustomFields() {
  return useQuery({ queryKey: customFieldKeys.list, queryFn: customFieldsApi.list, staleTime: 0 });
}

/** Any change of a field changes every contact's card too: refetch both. */
function useInvalidateAll() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: customFieldKeys.all });
}

export function useSaveCustomField() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ guId, body }: { guId: string | null; body: CustomFieldInput }) =>
      guId ? customFieldsApi.update(guId, body) : customFieldsApi.create(body),
    onSuccess: invalidate,
  });
}

export function useRemoveCustomField() {
  const invalidate = useInvalidateAll();
  return useMutation({ mutationFn: (guId: string) => customFieldsApi.remove(guId), onSuccess: invalidate });
}

export function useContactCustomValues(contactId: string) {
  return useQuery({
    queryKey: customFieldKeys.contact(contactId),
    queryFn: () => customFieldsApi.contactValues(contactId),
    staleTime: 0,
  });
}

export function useSaveContactCustomValues(contactId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: { guId: string; value: string }[]) => customFieldsApi.saveContactValues(contactId, values),
    onSuccess: (saved) => client.setQueryData(customFieldKeys.contact(contactId), saved),
  });
}
