/**
 * The start-up half of franchise switching (decisions.md "Franchise"): the master's page sends the
 * browser to `{franchise host}/dashboard#franchiseSwitch={code}`, a one-time 60-second code (never
 * a token). This module is in the entry chunk, so it stays tiny; the exchange loads on demand.
 */

const FRAGMENT_KEY = 'franchiseSwitch';
const MAX_CODE = 200;

export function switchUrl(origin: string, code: string): string {
  return `${origin}/dashboard#${FRAGMENT_KEY}=${encodeURIComponent(code)}`;
}

export function isSwitchFragment(hash: string): boolean {
  return new URLSearchParams(hash.replace(/^#/, '')).has(FRAGMENT_KEY);
}

/** The code in a `#franchiseSwitch=` fragment, or null when missing or malformed. */
export function parseSwitchFragment(hash: string): string | null {
  const code = new URLSearchParams(hash.replace(/^#/, '')).get(FRAGMENT_KEY)?.trim();
  return code && code.length <= MAX_CODE && /^[A-Za-z0-9_-]+$/.test(code) ? code : null;
}

let captured: string | null = null;

/** Called once before the router starts (main.tsx): the code leaves the address bar and history. */
export function captureFranchiseSwitchFragment(): void {
  if (typeof window === 'undefined' || !isSwitchFragment(window.location.hash)) return;
  captured = parseSwitchFragment(window.location.hash);
  const { pathname, search } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${search}`);
}

/** The captured code, once. */
export function takeFranchiseSwitchCode(): string | null {
  const code = captured;
  captured = null;
  return code;
}
