import { isTokenAboutToExpire, isTokenExpired, REFRESH_BUFFER_MS, tokenExpiresAt } from '../../lib/jwt';
import { readStored, STORAGE_KEYS } from '../../lib/storage';

/** Spec 3 §9: idle timeout 15 minutes. Tests shorten it with localStorage['atrium.idleTimeoutMs']. */
export const IDLE_TIMEOUT_MS = 15 * 60 * 1000;
/** Spec 1 §9: activity debounce 300 ms. */
export const ACTIVITY_DEBOUNCE_MS = 300;
/** Never refresh on activity more often than this, whatever the token lifetime. */
export const MIN_REFRESH_INTERVAL_MS = 60 * 1000;

export function idleTimeoutMs(override: string | null = readStored(STORAGE_KEYS.idleTimeoutMs)): number {
  const value = Number(override);
  return override && Number.isFinite(value) && value > 0 ? value : IDLE_TIMEOUT_MS;
}

export interface KeeperState {
  token: string | null;
  dialogOpen: boolean;
  refreshing: boolean;
  now: number;
  lastRefreshAt: number;
}

/** On (debounced) user activity: refresh when the token is about to expire (spec 1 §4). */
export function decideOnActivity(state: KeeperState, bufferMs: number = REFRESH_BUFFER_MS): 'none' | 'refresh' {
  if (!state.token || state.dialogOpen || state.refreshing) return 'none';
  if (isTokenExpired(state.token, state.now)) return 'none';
  if (state.now - state.lastRefreshAt < MIN_REFRESH_INTERVAL_MS) return 'none';
  return isTokenAboutToExpire(state.token, state.now, bufferMs) ? 'refresh' : 'none';
}

export type IdleDecision =
  | { kind: 'stop' }
  | { kind: 'expired-dialog' }
  /** Still valid: check again when it expires (the user is idle, so the dialog waits for that). */
  | { kind: 'check-again'; inMs: number };

/**
 * When the idle timeout has run out: ask to continue once the token is expired. While it is still
 * valid, look again at its expiry or after another idle period, whichever is sooner: another tab can
 * replace the token meanwhile (its rotation, or its expired copy after a laptop slept).
 */
export function decideOnIdle(
  state: Pick<KeeperState, 'token' | 'dialogOpen' | 'now'>,
  idlePeriodMs: number = IDLE_TIMEOUT_MS,
): IdleDecision {
  if (!state.token) return { kind: 'stop' };
  if (state.dialogOpen) return { kind: 'stop' };
  if (isTokenExpired(state.token, state.now)) return { kind: 'expired-dialog' };
  const expiresAt = tokenExpiresAt(state.token) ?? state.now;
  return { kind: 'check-again', inMs: Math.max(1000, Math.min(expiresAt - state.now + 250, idlePeriodMs)) };
}
