import type {
  CustomField,
  EmailTemplateListResponse,
  EmailTemplateResponse,
  EmailTemplateWrite,
} from '@atrium/contracts';
import { apiRequest } from '../../lib/api';
import { isApiError } from '../../lib/api-error';

/** Spec 2 §7 "Email templates". */
export const templatesApi = {
  /** A list failure is silent (spec 2 §8): the list just shows empty. */
  list: () => apiRequest<EmailTemplateListResponse>('/esend/etemplate', { silent: true }),
  get: (id: string) => apiRequest<EmailTemplateResponse>(`/esend/etemplate/${encodeURIComponent(id)}`),
  create: (body: EmailTemplateWrite) => apiRequest<EmailTemplateResponse>('/esend/etemplate', { method: 'POST', body }),
  update: (id: string, body: EmailTemplateWrite) =>
    apiRequest<EmailTemplateResponse>(`/esend/etemplate/${encodeURIComponent(id)}`, {
      method: 'PUT',
      body: { ...body, id },
    }),
  remove: (id: string) => apiRequest<unknown>(`/esend/etemplate/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  /**
   * The tenant's custom fields for the blue chips. While that call does not exist yet (404) or
   * fails, the strip shows the standard tags only.
   */
  customFields: async (): Promise<CustomField[]> => {
    try {
      const body = await apiRequest<unknown>('/rest/customField', { silent: true });
      const items = Array.isArray(body) ? body : ((body as { data?: unknown } | null)?.data ?? []);
      return (Array.isArray(items) ? items : []).filter(
        (item): item is CustomField => typeof item?.tag === 'string' && item.tag !== '',
      );
    } catch (error) {
      if (isApiError(error)) return [];
      throw error;
    }
  },
};
