import type { AccountDetail, SessionContact, TenantConfig } from '@atrium/contracts';
import { useSyncExternalStore } from 'react';

export type PreviewMode = 'off' | 'web' | 'student';

export interface ActingAs {
  guId: string;
  fullName: string;
}

export interface SessionState {
  /** Booting until the tenant ping and any session restore are done (spec 1 §4 "Shell"). */
  phase: 'booting' | 'ready';
  /** Null once booted means the host has no tenant. */
  tenant: TenantConfig | null;
  user: SessionContact | null;
  account: AccountDetail | null;
  preview: PreviewMode;
  /**
   * Acting as a member (spec 2 §4): Student Preview with the member's own token instead of the
   * admin's student token; who is being acted as. Null otherwise.
   */
  actingAs: ActingAs | null;
  /** ISO time of the last login, restore or refresh, shown in the footer. */
  lastAccountActivity: string | null;
  /**
   * Where to go once the face for a new session state has mounted (after login, logout,
   * preview switches). Set together with the state change so no face sees the old path.
   */
  landing: string | null;
}

let state: SessionState = {
  phase: 'booting',
  tenant: null,
  user: null,
  account: null,
  preview: 'off',
  actingAs: null,
  lastAccountActivity: null,
  landing: null,
};

const listeners = new Set<() => void>();

export function getSession(): SessionState {
  return state;
}

export function updateSession(patch: Partial<SessionState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, getSession, getSession);
}

/** The booted tenant; only called below the unknown-tenant check, so it is always there. */
export function useTenant(): TenantConfig {
  const { tenant } = useSession();
  if (!tenant) throw new Error('useTenant called without a tenant');
  return tenant;
}
