import { isStaffRole, type LoginResponse, type SessionContact, type TenantConfig } from '@atrium/contracts';
import {
  clearTokens,
  getTokens,
  isLoginTraced,
  setLoginTrace,
  setStudentPreviewToken,
  storeTokens,
} from '../../lib/auth-tokens';
import { isTokenExpired } from '../../lib/jwt';
import { fetchAccountDetail, logoutCall, reInitInfo } from '../auth/auth-api';
import { takeIslandSignIn } from '../auth/island-sign-in';
import {
  parseLoginFragment,
  storePendingSocialSignIn,
  takeCapturedFragment,
  takePendingSocialSignIn,
} from '../auth/login-fragment';
import { takeFranchiseSwitchCode } from '../franchise/switch-fragment';
import { takeStudioWelcomeCode } from '../onboarding/welcome-fragment';
import { initialTenant, pingTenant } from '../tenant/tenant-api';
import { fetchMemberToken } from './preview-actions';
import { getSession, updateSession } from './session-store';
import { renewTokens } from './token-renewal';

/**
 * Start: ping the tenant, keep a login fragment (a social token) for the login page, then restore
 * the session if the login trace is set (spec 1 §4).
 */
export async function bootSession(): Promise<void> {
  const hash = takeCapturedFragment();
  const fragment = hash ? parseLoginFragment(hash) : null;
  const switchCode = takeFranchiseSwitchCode();
  const welcomeCode = takeStudioWelcomeCode();
  const tenant = await initialTenant();
  if (!tenant) {
    updateSession({ phase: 'ready', tenant: null });
    return;
  }
  updateSession({ tenant });
  if (switchCode && (await enterFranchise(switchCode))) {
    updateSession({ phase: 'ready' });
    return;
  }
  if (welcomeCode && (await welcomeNewStudio(welcomeCode))) {
    updateSession({ phase: 'ready' });
    return;
  }
  // Signed in by the server-rendered login page, which then loaded the app: land as its own form
  // does (completeSignIn: the same landing, then signIn).
  const handed = takeIslandSignIn();
  if (handed) {
    const { takeLanding } = await import('../auth/sign-in-landing');
    await signIn(handed.response, takeLanding(handed.response, handed.returnUrl));
    updateSession({ phase: 'ready' });
    return;
  }
  if (fragment && hash) storePendingSocialSignIn(hash);
  if (isLoginTraced()) await restoreSession();
  // Signed in already: the login page will not show, so a social sign-in waiting for it lapses.
  if (getSession().user) takePendingSocialSignIn();
  updateSession({ phase: 'ready' });
}

/**
 * Franchise switching, on the franchise's host: exchanges the one-time code for a franchise-mode
 * session (decisions.md "Franchise"). A session already kept on this host is ended first. A failed
 * exchange is toasted and the boot goes on as usual.
 */
async function enterFranchise(code: string): Promise<boolean> {
  try {
    const { franchiseSwitchApi } = await import('../franchise/franchise-api');
    const session = await franchiseSwitchApi.exchange(code);
    if (getTokens().access) await logoutCall().catch(() => undefined);
    await signIn(session, '/dashboard');
    return true;
  } catch (error) {
    console.warn('Franchise switch failed', error);
    return false;
  }
}

/**
 * A new studio's owner, arriving from the sign-up on the bare domain: the one-time welcome code
 * becomes their session here, and they land on onboarding. A spent or expired code is toasted and
 * the boot goes on to the login screen.
 */
async function welcomeNewStudio(code: string): Promise<boolean> {
  try {
    const { onboardingApi } = await import('../onboarding/api');
    const session = await onboardingApi.welcome(code);
    // A studio signing up lands on onboarding; the platform operator acting as an established one, on its dashboard.
    await signIn(session, session.tenant.isNewTenant ? '/onboarding' : '/dashboard');
    return true;
  } catch (error) {
    const { showErrorToast } = await import('../../lib/notify');
    showErrorToast(error instanceof Error ? error.message : String(error));
    return false;
  }
}

async function restoreSession(): Promise<void> {
  try {
    if (isTokenExpired(getTokens().access)) await renewTokens();
    const info = await reInitInfo(false);
    storeTokens(info.access_token, info.refresh_token);
    await adopt(info.contact, info.tenant, null);
  } catch (error) {
    console.warn('Session restore failed; continuing as a visitor', error);
    clearLocalSession(null);
  }
}

async function adopt(contact: SessionContact, tenant: TenantConfig, landing: string | null): Promise<void> {
  const account = isStaffRole(contact.role) ? await fetchAccountDetail().catch(() => null) : null;
  updateSession({
    user: contact,
    tenant,
    account,
    preview: 'off',
    actingAs: null,
    lastAccountActivity: new Date().toISOString(),
    landing,
  });
}

/** After a successful login or registration: keep the tokens, set the trace, land. */
export async function signIn(response: LoginResponse, landing: string): Promise<void> {
  storeTokens(response.access_token, response.refresh_token);
  setLoginTrace(true);
  await adopt(response.contact, response.tenant, landing);
}

/** Forgets the session in this browser: flag, tokens, user (spec 1 §4). */
export function clearLocalSession(landing: string | null): void {
  clearTokens();
  setLoginTrace(false);
  updateSession({ user: null, account: null, preview: 'off', actingAs: null, landing });
}

let refreshing: Promise<void> | null = null;

export function isRefreshing(): boolean {
  return refreshing !== null;
}

/**
 * Swaps the refresh token for a new pair. During Student Preview the preview token is renewed
 * too. A failure logs out and resets to anonymous (the reading chosen for spec 1 §4).
 */
export function refreshSession(): Promise<void> {
  if (refreshing) return refreshing;
  refreshing = (async () => {
    try {
      await renewTokens();
      const { preview, actingAs } = getSession();
      if (preview === 'student') {
        // Acting as a member renews the member's token; Student Preview the admin's student token.
        const renewed = actingAs ? await fetchMemberToken(actingAs.guId) : await reInitInfo(true);
        setStudentPreviewToken(renewed.access_token);
      }
      updateSession({ lastAccountActivity: new Date().toISOString() });
    } catch (error) {
      console.error('Token refresh failed; signing out', error);
      clearLocalSession('/login');
      throw error;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

/** Logout: leave any preview, tell the server (best effort), forget the session. */
export async function logout(landing: string | null = null): Promise<void> {
  setStudentPreviewToken(null);
  if (getTokens().access) await logoutCall().catch(() => undefined);
  clearLocalSession(landing);
}

export function clearLanding(): void {
  if (getSession().landing !== null) updateSession({ landing: null });
}

/**
 * After a settings write: re-ping the tenant and refetch the account detail, so the menus and
 * landing rules follow the new flags without a reload.
 */
export async function refreshTenantAndAccount(): Promise<void> {
  const staff = isStaffRole(getSession().user?.role);
  const [tenant, account] = await Promise.all([
    pingTenant(),
    staff ? fetchAccountDetail().catch(() => null) : Promise.resolve(null),
  ]);
  updateSession({ ...(tenant ? { tenant } : {}), ...(account ? { account } : {}) });
}
