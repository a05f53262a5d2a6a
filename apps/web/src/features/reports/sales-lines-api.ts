import type { SalesLines } from '@atrium/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { ApiError, apiErrorFromBody } from '../../lib/api-error';
import { getTokens } from '../../lib/auth-tokens';
import { showErrorToast } from '../../lib/notify';
import { requestRulesFor } from '../../lib/request-rules';
import { saveBlob } from '../../lib/save-file';
import { SALES_LINES_PAGE_SIZE, type SalesLinesParams, salesLinesSearch } from './sales-lines-params';

/** GET /itemreport/sales/lines: one page of the rows behind a figure (the last page kept while the next loads). */
export function useSalesLines(params: SalesLinesParams) {
  const search = salesLinesSearch(params);
  search.set('max', String(SALES_LINES_PAGE_SIZE));
  return useQuery({
    queryKey: ['reports', 'sales-lines', search.toString()] as const,
    queryFn: ({ signal }) => apiRequest<SalesLines>(`/itemreport/sales/lines?${search}`, { signal, silent: true }),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/**
 * Downloads every row as CSV: the server streams it in batches, and the rows are counted as they
 * arrive (`onProgress`), so a long file shows it is moving. Errors toast like any call.
 */
export async function downloadSalesLinesCsv(
  params: SalesLinesParams,
  onProgress: (rows: number) => void,
  signal?: AbortSignal,
): Promise<number> {
  const search = salesLinesSearch({ ...params, offset: 0, sort: 'date', order: 'desc' });
  const path = `/itemreport/sales/lines.csv?${search}`;
  const tokens = getTokens();
  const rules = requestRulesFor(
    path,
    { accessToken: tokens.access, studentPreviewToken: tokens.studentPreview, origin: window.location.origin },
    false,
  );
  try {
    let response: Response;
    try {
      response = await fetch(rules.url, {
        headers: rules.bearer ? { authorization: `Bearer ${rules.bearer}` } : {},
        credentials: rules.credentials,
        signal,
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new ApiError(0, 'network_error', 'The server could not be reached. Please check your connection.');
    }
    if (!response.ok || !response.body) {
      const text = await response.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {}
      throw apiErrorFromBody(response.status, body);
    }
    const parts: Uint8Array[] = [];
    const reader = response.body.getReader();
    let lines = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parts.push(value);
      for (const byte of value) if (byte === 10) lines += 1;
      onProgress(Math.max(0, lines - 1));
    }
    const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
    saveBlob(new Blob(parts as BlobPart[], { type: 'text/csv' }), name ?? 'sales-lines.csv');
    return Math.max(0, lines - 1);
  } catch (error) {
    if (!(error instanceof DOMException && error.name === 'AbortError')) {
      showErrorToast(error instanceof Error ? error.message : String(error));
    }
    throw error;
  }
}
