import { isApiError } from '../../lib/api-error';

/** Spec 1 §8 login failure text (typo kept: it is the contract). */
export const LOGIN_FAILED_MESSAGE = 'error occured by during login';

/** Too many attempts (429) shows the server's own message; any other failure the spec's text. */
export function loginErrorMessage(error: unknown): string {
  if (isApiError(error) && error.status === 429) return error.message;
  return LOGIN_FAILED_MESSAGE;
}

/** Spec 1 §8 social-login failure text for the 'Account Not Found' dialog. */
export function accountNotFoundMessage(reason: string): string {
  return `Sorry, ${reason}. Please check your email or register for a new account.`;
}
