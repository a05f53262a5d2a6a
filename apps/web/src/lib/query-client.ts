import { QueryClient } from '@tanstack/react-query';

/** One client for the signed-in faces; the API client already toasts errors, so no retries storm. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: 0 },
  },
});
