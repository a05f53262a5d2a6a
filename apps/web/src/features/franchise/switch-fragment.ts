import { oneTimeFragment } from '../../lib/one-time-fragment';

/**
 * The start-up half of franchise switching (decisions.md "Franchise"): the master's page sends the
 * browser to `{franchise host}/dashboard#franchiseSwitch={code}`, a one-time 60-second code (never
 * a token). This module is in the entry chunk, so it stays tiny; the exchange loads on demand.
 */
const fragment = oneTimeFragment('franchiseSwitch');

export const switchUrl = (origin: string, code: string): string => fragment.url(origin, '/dashboard', code);
export const isSwitchFragment = fragment.isIn;
/** The code in a `#franchiseSwitch=` fragment, or null when missing or malformed. */
export const parseSwitchFragment = fragment.parse;
/** Called once before the router starts (main.tsx): the code leaves the address bar and history. */
export const captureFranchiseSwitchFragment = fragment.capture;
/** The captured code, once. */
export const takeFranchiseSwitchCode = fragment.take;
