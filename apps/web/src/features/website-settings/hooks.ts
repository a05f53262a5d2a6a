import type { WebsiteSettingsWrite } from '@atrium/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshTenantAndAccount } from '../session/session-actions';
import { websiteSettingsApi } from './api';

export const websiteSettingsKey = ['settings', 'website'] as const;

export function useWebsiteSettings() {
  return useQuery({ queryKey: websiteSettingsKey, queryFn: websiteSettingsApi.read, staleTime: 0 });
}

/** A save changes the ping (logo, favicon, menus, footer), so the shell refreshes the tenant too. */
export function useSaveWebsiteSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WebsiteSettingsWrite) => websiteSettingsApi.save(body),
    onSuccess: async (saved) => {
      client.setQueryData(websiteSettingsKey, saved);
      await refreshTenantAndAccount();
    },
  });
}

export function useRegenerateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: websiteSettingsApi.regenerateApiKey,
    // The key's hint shows on the SEO and Account Settings screens.
    onSuccess: () => client.invalidateQueries({ queryKey: ['settings'] }),
  });
}
