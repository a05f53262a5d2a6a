import type {
  WebPage,
  WebPageDraftWrite,
  WebPageListItem,
  WebPageVersion,
  WebPageWrite,
  WebTemplateList,
  WebTemplateWrite,
} from '@atrium/contracts';
import { apiRequest } from '../../lib/api';
import { isApiError } from '../../lib/api-error';
import { showErrorToast } from '../../lib/notify';

const seg = (value: string) => encodeURIComponent(value);

export interface TemplateListParams {
  pageType: string;
  start: number;
  max: number;
  search: string;
}

/** Spec 3 §7.1 website pages and templates. */
export const websiteApi = {
  pages: () => apiRequest<WebPageListItem[]>('/stemplate/webpage'),
  /** One page; null when none exists under that name, so the screen is in 'add' mode (spec 3 §4). */
  page: async (name: string, signal?: AbortSignal): Promise<WebPage | null> => {
    try {
      return await apiRequest<WebPage>(`/stemplate/webpage/${seg(name)}`, { signal, silent: true });
    } catch (error) {
      if (isApiError(error) && error.status === 404) return null;
      if (isApiError(error)) showErrorToast(error.message);
      throw error;
    }
  },
  create: (name: string, body: WebPageWrite) =>
    apiRequest<WebPage>(`/stemplate/webpage/${seg(name)}`, { method: 'POST', body }),
  update: (id: string, body: WebPageWrite) =>
    apiRequest<WebPage>(`/stemplate/webpage/${seg(id)}`, { method: 'PUT', body }),
  saveDraft: (id: string, body: WebPageDraftWrite) =>
    apiRequest<WebPage>(`/stemplate/webpage/${seg(id)}/draft`, { method: 'PUT', body }),
  publish: (id: string, body?: WebPageDraftWrite) =>
    apiRequest<WebPage>(`/stemplate/webpage/${seg(id)}/publish`, { method: 'POST', body }),
  versions: (id: string, signal?: AbortSignal) =>
    apiRequest<WebPageVersion[]>(`/stemplate/webpage/${seg(id)}/versions`, { signal }),
  restore: (id: string, versionId: string) =>
    apiRequest<WebPage>(`/stemplate/webpage/${seg(id)}/versions/${seg(versionId)}/restore`, { method: 'POST' }),
  remove: (id: string) => apiRequest<{ message: string }>(`/stemplate/webpage/${seg(id)}`, { method: 'DELETE' }),
  /** Its failure shows the spec's own message, so the client's toast is off. */
  sequence: (pages: { id: string; name: string; sequence: number }[]) =>
    apiRequest<{ message: string }>('/stemplate/webpage/all/sequence', {
      method: 'PUT',
      body: { pages },
      silent: true,
    }),
  templates: (params: TemplateListParams, signal?: AbortSignal) =>
    apiRequest<WebTemplateList>('/stemplate/wtemplate', {
      signal,
      query: {
        pageType: params.pageType,
        start: params.start,
        max: params.max,
        search: params.search.trim() || undefined,
      },
    }),
  createTemplate: (body: WebTemplateWrite) => apiRequest<unknown>('/stemplate/wtemplate', { method: 'POST', body }),
  removeTemplate: (id: string) =>
    apiRequest<{ message: string }>(`/stemplate/wtemplate/${seg(id)}`, { method: 'DELETE' }),
};
