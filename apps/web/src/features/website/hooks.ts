import type { WebPage, WebPageDraftWrite, WebPageListItem, WebPageWrite, WebTemplateWrite } from '@atrium/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { markWebsiteRefreshed } from '../tenant/website-refresh';
import { type TemplateListParams, websiteApi } from './api';

export const websiteKeys = {
  all: ['website'] as const,
  pages: ['website', 'pages'] as const,
  page: (name: string) => ['website', 'page', name] as const,
  allVersions: ['website', 'versions'] as const,
  versions: (id: string) => ['website', 'versions', id] as const,
  templates: ['website', 'templates'] as const,
  templateList: (params: TemplateListParams) => ['website', 'templates', params] as const,
};

export function useWebsitePages() {
  return useQuery({
    queryKey: websiteKeys.pages,
    queryFn: websiteApi.pages,
    select: (pages: WebPageListItem[]) => [...pages].sort((a, b) => a.sequence - b.sequence),
    staleTime: 0,
  });
}

export function useWebsitePage(name: string | null) {
  return useQuery({
    queryKey: websiteKeys.page(name ?? ''),
    queryFn: ({ signal }) => websiteApi.page(name ?? '', signal),
    enabled: !!name,
    staleTime: 0,
    retry: false,
  });
}

export function useTemplates(params: TemplateListParams) {
  return useQuery({
    queryKey: websiteKeys.templateList(params),
    queryFn: ({ signal }) => websiteApi.templates(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** Every page write marks the website refreshed (spec 3 §7.1) and refreshes the page queries. */
function usePageMutation<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (result) => {
      markWebsiteRefreshed();
      const page = result as Partial<WebPage> | null;
      if (page && typeof page === 'object' && typeof page.name === 'string' && typeof page.id === 'string') {
        client.setQueryData(websiteKeys.page(page.name), result);
      }
      void client.invalidateQueries({ queryKey: websiteKeys.allVersions });
      return client.invalidateQueries({ queryKey: websiteKeys.pages });
    },
  });
}

export const useCreatePage = () =>
  usePageMutation(({ name, body }: { name: string; body: WebPageWrite }) => websiteApi.create(name, body));
export const useUpdatePage = () =>
  usePageMutation(({ id, body }: { id: string; body: WebPageWrite }) => websiteApi.update(id, body));
export const useSaveDraft = () =>
  usePageMutation(({ id, body }: { id: string; body: WebPageDraftWrite }) => websiteApi.saveDraft(id, body));
export const usePublishPage = () =>
  usePageMutation(({ id, body }: { id: string; body?: WebPageDraftWrite }) => websiteApi.publish(id, body));
export const useRestoreVersion = () =>
  usePageMutation(({ id, versionId }: { id: string; versionId: string }) => websiteApi.restore(id, versionId));

/** The page's published versions, newest first. */
export function usePageVersions(id: string, enabled: boolean) {
  return useQuery({
    queryKey: websiteKeys.versions(id),
    queryFn: ({ signal }) => websiteApi.versions(id, signal),
    enabled,
    staleTime: 0,
  });
}

export const useDeletePage = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (page: { id: string; name: string }) => websiteApi.remove(page.id),
    onSuccess: (_result, page) => {
      markWebsiteRefreshed();
      client.removeQueries({ queryKey: websiteKeys.page(page.name) });
      return client.invalidateQueries({ queryKey: websiteKeys.pages });
    },
  });
};

/** Reorders at once in the cache, so the list does not jump back while the call runs. */
export function useReorderPages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (pages: { id: string; name: string; sequence: number }[]) => websiteApi.sequence(pages),
    onMutate: (pages) => {
      const order = new Map(pages.map((page) => [page.id, page.sequence]));
      client.setQueryData<WebPageListItem[]>(websiteKeys.pages, (current) =>
        current?.map((page) => ({ ...page, sequence: order.get(page.id) ?? page.sequence })),
      );
    },
    onSuccess: () => markWebsiteRefreshed(),
    onSettled: () => client.invalidateQueries({ queryKey: websiteKeys.pages }),
  });
}

export function useCreateTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WebTemplateWrite) => websiteApi.createTemplate(body),
    onSuccess: () => client.invalidateQueries({ queryKey: websiteKeys.templates }),
  });
}

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => websiteApi.removeTemplate(id),
    onSuccess: () => client.invalidateQueries({ queryKey: websiteKeys.templates }),
  });
}
