/** A failed call: the server's `{ errors: { message, code, field? } }` plus the HTTP status. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly field: string | undefined;

  constructor(status: number, code: string, message: string, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.field = field;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Reads the error body; anything unexpected becomes a generic message with the status. */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  const errors = (body as { errors?: { message?: unknown; code?: unknown; field?: unknown } } | null)?.errors;
  const message = typeof errors?.message === 'string' ? errors.message : `Request failed with status ${status}`;
  const code = typeof errors?.code === 'string' ? errors.code : `http_${status}`;
  const field = typeof errors?.field === 'string' ? errors.field : undefined;
  return new ApiError(status, code, message, field);
}
