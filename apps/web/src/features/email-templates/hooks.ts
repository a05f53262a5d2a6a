import { useQuery } from '@tanstack/react-query';
import { templatesApi } from './api';

export const templateKeys = {
  list: ['email-templates'] as const,
  one: (id: string) => ['email-templates', id] as const,
  customFields: ['customFields', 'tags'] as const,
};

export function useTemplateList() {
  return useQuery({
    queryKey: templateKeys.list,
    queryFn: async () => (await templatesApi.list()).data.eTemplates,
    staleTime: 0,
  });
}

export function useTemplate(id: string | undefined) {
  return useQuery({
    queryKey: templateKeys.one(id ?? ''),
    queryFn: async () => (await templatesApi.get(id ?? '')).data,
    enabled: Boolean(id),
    staleTime: 0,
  });
}

/** Refetched when the window regains focus: the plus chip opens Custom Fields in another tab. */
export function useCustomFieldTags() {
  return useQuery({
    queryKey: templateKeys.customFields,
    queryFn: templatesApi.customFields,
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}
