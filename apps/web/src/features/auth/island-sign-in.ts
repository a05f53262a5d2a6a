import type { LoginResponse } from '@atrium/contracts';

/**
 * The server-rendered login page (server site/auth-pages.ts) signs in with its own small script,
 * then loads the app and hands it the login answer in `window.atriumSignIn`. The app ends that
 * sign-in the way its own login form does (completeSignIn, sign-in-landing.ts): tokens kept, login trace set,
 * the landing rules (a stored class pick included). Memory only: nothing is written for it.
 */
export interface IslandSignIn {
  response: LoginResponse;
  returnUrl: string | null;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Reads a handed-over login answer of the right shape, once. */
export function parseIslandSignIn(value: unknown): IslandSignIn | null {
  if (!isObject(value) || !isObject(value.response)) return null;
  const { response, returnUrl } = value;
  if (typeof response.access_token !== 'string' || !response.access_token) return null;
  if (!isObject(response.contact) || typeof response.contact.role !== 'string') return null;
  if (!isObject(response.tenant) || typeof response.tenant.orgId !== 'string') return null;
  return {
    response: response as unknown as LoginResponse,
    returnUrl: typeof returnUrl === 'string' ? returnUrl : null,
  };
}

export function takeIslandSignIn(): IslandSignIn | null {
  if (typeof window === 'undefined') return null;
  const holder = window as unknown as { atriumSignIn?: unknown };
  const value = holder.atriumSignIn;
  holder.atriumSignIn = undefined;
  return parseIslandSignIn(value);
}
