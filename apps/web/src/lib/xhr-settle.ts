import { ApiError, apiErrorFromBody } from './api-error';

/**
 * Settles an upload sent with XMLHttpRequest (for its progress events): `resolve` with the JSON answer (or its
 * text, or null when empty) on a 2xx; `fail` with the server's refusal as an ApiError, or "could not be reached"
 * when the network fails; `reject` with an AbortError when the upload is cancelled.
 */
export function settleXhr<T>(
  xhr: XMLHttpRequest,
  resolve: (body: T) => void,
  fail: (error: Error) => void,
  reject: (error: DOMException) => void,
): void {
  xhr.onload = () => {
    let body: unknown = null;
    try {
      body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
    } catch {
      body = xhr.responseText;
    }
    if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
    else fail(apiErrorFromBody(xhr.status, body));
  };
  xhr.onerror = () =>
    fail(new ApiError(0, 'network_error', 'The server could not be reached. Please check your connection.'));
  xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
}
