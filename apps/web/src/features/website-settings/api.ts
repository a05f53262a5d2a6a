import type { ApiKeyResponse, WebsiteSettings, WebsiteSettingsWrite } from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

/** Spec 2 §7 "Plugin (website, SEO)". */
export const websiteSettingsApi = {
  read: () => apiRequest<WebsiteSettings>('/plugin/tenant'),
  /** Failures are shown by the form (field errors or the server's message). */
  save: (body: WebsiteSettingsWrite) =>
    apiRequest<WebsiteSettings>('/plugin/tenant/', { method: 'PUT', body, silent: true }),
  regenerateApiKey: () => apiRequest<ApiKeyResponse>('/plugin/tenant/apikey', { method: 'POST' }),
};
