import { ApiError, apiErrorFromBody } from './api-error';
import { getTokens } from './auth-tokens';
import { showErrorToast } from './notify';
import { requestRulesFor } from './request-rules';

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  /** Skip the error toast (the caller shows the failure its own way); the error is still thrown. */
  silent?: boolean;
  signal?: AbortSignal;
  /** Use the signed-in staff token even during Student Preview (to renew the preview itself). */
  asStaff?: boolean;
  /** Extra request headers (e.g. X-File-Name of an upload). */
  headers?: Record<string, string>;
}

function withQuery(path: string, query: ApiOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function currentOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Every call goes through here: request rules, then on failure log, toast, rethrow (spec 1 §7, §8). */
export async function apiRequest<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { accessToken, studentPreviewToken } = tokenContext(options.asStaff ?? false);
  const isFormData = typeof FormData !== 'undefined' && options.body instanceof FormData;
  // A file goes as the raw body with its own type (media uploads).
  const isBlob = typeof Blob !== 'undefined' && options.body instanceof Blob;
  const rules = requestRulesFor(
    withQuery(path, options.query),
    { accessToken, studentPreviewToken, origin: currentOrigin() },
    options.body !== undefined && !isFormData && !isBlob,
  );
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (rules.jsonContentType) headers['content-type'] = 'application/json';
  if (isBlob) headers['content-type'] = (options.body as Blob).type || 'application/octet-stream';
  if (rules.bearer) headers.authorization = `Bearer ${rules.bearer}`;

  try {
    let response: Response;
    try {
      response = await fetch(rules.url, {
        method: options.method ?? 'GET',
        headers,
        credentials: rules.credentials,
        body:
          options.body === undefined
            ? undefined
            : isFormData || isBlob
              ? (options.body as FormData | Blob)
              : JSON.stringify(options.body),
        signal: options.signal,
      });
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
      throw new ApiError(0, 'network_error', 'The server could not be reached. Please check your connection.');
    }
    const body = await readBody(response);
    if (!response.ok) throw apiErrorFromBody(response.status, body);
    return body as T;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    console.error(`${options.method ?? 'GET'} ${rules.pathname} failed`, error);
    if (!options.silent) showErrorToast(error instanceof Error ? error.message : String(error));
    throw error;
  }
}

function tokenContext(asStaff: boolean): { accessToken: string | null; studentPreviewToken: string | null } {
  const tokens = getTokens();
  return { accessToken: tokens.access, studentPreviewToken: asStaff ? null : tokens.studentPreview };
}

/** A file from the API (a receipt PDF) under the same request rules; a failure toasts like any call. */
export async function apiFile(path: string): Promise<Blob> {
  const { accessToken, studentPreviewToken } = tokenContext(false);
  const rules = requestRulesFor(path, { accessToken, studentPreviewToken, origin: currentOrigin() }, false);
  const headers: Record<string, string> = {};
  if (rules.bearer) headers.authorization = `Bearer ${rules.bearer}`;
  try {
    let response: Response;
    try {
      response = await fetch(rules.url, { headers, credentials: rules.credentials });
    } catch {
      throw new ApiError(0, 'network_error', 'The server could not be reached. Please check your connection.');
    }
    if (!response.ok) throw apiErrorFromBody(response.status, await readBody(response));
    return await response.blob();
  } catch (error) {
    showErrorToast(error instanceof Error ? error.message : String(error));
    throw error;
  }
}
