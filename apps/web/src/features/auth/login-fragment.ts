/**
 * Start-up half of social login (spec 1 §4 "Login state"): what the URL fragment may carry.
 * This module is in the entry chunk, so it stays small; the sign-in itself runs in the login route.
 *
 * - `#token={socialToken}&authType={provider}&redirectUrl=/path`: the server's answer after a
 *   successful identity-provider sign-in; spent by POST /public/authToken on the login page.
 * - `#error={reason}&authType={provider}`: the sign-in failed; the login page shows 'Account Not Found'.
 * Tokens themselves never travel in a URL.
 */

export type LoginFragment =
  | { kind: 'social'; token: string; authType: string; redirectUrl: string | null }
  | { kind: 'socialError'; reason: string; authType: string };

const PROVIDER_ID = /^[a-z0-9][a-z0-9_-]{0,31}$/;
const MAX_TOKEN = 4000;
const MAX_REASON = 200;
const KEYS = ['token', 'error'];

/** True when the fragment holds one of ours (it must then leave the address bar, valid or not). */
export function isLoginFragment(hash: string): boolean {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return KEYS.some((key) => params.has(key));
}

/** Reads a login fragment; anything malformed is null (the caller still clears it). */
export function parseLoginFragment(hash: string): LoginFragment | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const text = (key: string, max: number) => {
    const value = params.get(key)?.trim();
    return value && value.length <= max ? value : null;
  };
  const authType = text('authType', 32);
  if (!authType || !PROVIDER_ID.test(authType)) return null;
  const token = text('token', MAX_TOKEN);
  if (token) return { kind: 'social', token, authType, redirectUrl: text('redirectUrl', 2000) };
  // The reason is shown as text inside the spec's sentence; keep it one short line.
  const reason = text('error', MAX_REASON)?.replace(/\s+/g, ' ');
  return reason ? { kind: 'socialError', reason, authType } : null;
}

let captured: string | null = null;

/**
 * Called once before the router starts: takes a login fragment out of the address bar (so the
 * token is neither bookmarked, shared nor kept in history) and keeps it for the boot.
 */
export function captureLoginFragment(): void {
  if (typeof window === 'undefined' || !isLoginFragment(window.location.hash)) return;
  captured = window.location.hash;
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}

/** The fragment captured at start (raw), once. */
export function takeCapturedFragment(): string | null {
  const value = captured;
  captured = null;
  return value;
}

/** A social sign-in waiting for the login page. */
export type PendingSocialSignIn = LoginFragment;

const PENDING_KEY = 'atrium.socialSignIn';
/** The server's social token lasts 2 minutes; an older pending sign-in lapses. */
export const PENDING_TTL_MS = 2 * 60 * 1000;

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Keeps a social fragment for the login page (sessionStorage: this tab only, survives a reload). */
export function storePendingSocialSignIn(hash: string, now = Date.now()): void {
  try {
    sessionStore()?.setItem(PENDING_KEY, JSON.stringify({ hash, at: now }));
  } catch {
    // Storage blocked: the login page then has nothing to resume.
  }
}

/** Reads a stored pending sign-in (its raw JSON) if it is well-formed and still fresh. */
export function parsePendingSocialSignIn(raw: string | null, now = Date.now()): PendingSocialSignIn | null {
  if (!raw) return null;
  try {
    const { hash, at } = JSON.parse(raw) as { hash?: unknown; at?: unknown };
    if (typeof hash !== 'string' || typeof at !== 'number' || at > now || now - at > PENDING_TTL_MS) return null;
    const parsed = parseLoginFragment(hash);
    return parsed;
  } catch {
    return null;
  }
}

/** Takes (reads and removes) the pending social sign-in: the token is single use. */
export function takePendingSocialSignIn(now = Date.now()): PendingSocialSignIn | null {
  const store = sessionStore();
  try {
    const raw = store?.getItem(PENDING_KEY) ?? null;
    store?.removeItem(PENDING_KEY);
    return parsePendingSocialSignIn(raw, now);
  } catch {
    return null;
  }
}
