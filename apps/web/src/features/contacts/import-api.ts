import type { ContactImportDryRun, ContactImportResult, ImportField } from '@atrium/contracts';
import { getTokens } from '../../lib/auth-tokens';
import { showErrorToast } from '../../lib/notify';
import { requestRulesFor } from '../../lib/request-rules';
import { settleXhr } from '../../lib/xhr-settle';

export interface ImportCall {
  file: Blob;
  fileName: string;
  mapping: Record<ImportField, string | null>;
  categoryId?: string;
  /** Upload progress, 0 to 1 (the body is the whole file). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /rest/contact/import with the CSV as the raw body. XMLHttpRequest rather than fetch, for
 * upload progress on large files; the request rules (bearer, same origin) are the API client's.
 */
function postImport<T>(call: ImportCall, dryRun: boolean): Promise<T> {
  const params = new URLSearchParams();
  if (call.categoryId) params.set('categoryId', call.categoryId);
  if (dryRun) params.set('dryRun', 'true');
  for (const [field, column] of Object.entries(call.mapping)) params.set(field, column ?? '');
  const tokens = getTokens();
  const rules = requestRulesFor(
    `/rest/contact/import?${params}`,
    {
      accessToken: tokens.access,
      studentPreviewToken: tokens.studentPreview,
      origin: window.location.origin,
    },
    false,
  );
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', rules.url);
    xhr.setRequestHeader('content-type', 'text/csv');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('x-file-name', encodeURIComponent(call.fileName).slice(0, 400));
    if (rules.bearer) xhr.setRequestHeader('authorization', `Bearer ${rules.bearer}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) call.onProgress?.(event.loaded / event.total);
    };
    const fail = (error: Error) => {
      console.error('POST /rest/contact/import failed', error);
      showErrorToast(error.message);
      reject(error);
    };
    settleXhr<T>(xhr, resolve, fail, reject);
    call.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(call.file);
  });
}

export const importApi = {
  preview: (call: ImportCall) => postImport<ContactImportDryRun>(call, true),
  commit: (call: ImportCall) => postImport<ContactImportResult>(call, false),
};
