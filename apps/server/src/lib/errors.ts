/** An error a caller may see: status, a stable code, a human message and the field it concerns. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

export const badRequest = (field: string, message: string) => new AppError(400, 'invalid_input', message, field);
export const unauthorized = (message = 'Please log in to continue.') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError(403, 'forbidden', message);
export const notFound = (what = 'Record') => new AppError(404, 'not_found', `${what} not found.`);
export const tooManyRequests = (message: string) => new AppError(429, 'too_many_requests', message);
export const tenantNotFound = () => new AppError(404, 'tenant_not_found', 'no valid orgId found for account');
