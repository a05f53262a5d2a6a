import { readStored, STORAGE_KEYS, writeStored } from './storage';

/**
 * The tokens of the signed-in user, kept in memory and in localStorage (spec 1 §4).
 * The student-preview token is memory only: a reload ends the preview.
 */
interface TokenState {
  access: string | null;
  refresh: string | null;
  studentPreview: string | null;
}

const state: TokenState = {
  access: readStored(STORAGE_KEYS.accessToken),
  refresh: readStored(STORAGE_KEYS.refreshToken),
  studentPreview: null,
};

export function getTokens(): Readonly<TokenState> {
  return state;
}

/** Stores a fresh pair; a null refresh token (as reInitInfo may answer) keeps the current one. */
export function storeTokens(access: string, refresh: string | null): void {
  state.access = access;
  writeStored(STORAGE_KEYS.accessToken, access);
  if (refresh) {
    state.refresh = refresh;
    writeStored(STORAGE_KEYS.refreshToken, refresh);
  }
}

export function setStudentPreviewToken(token: string | null): void {
  state.studentPreview = token;
}

/**
 * Another tab may have rotated the tokens (the server revokes a refresh token used twice), so
 * re-read them before using the refresh token.
 */
export function syncTokensFromStorage(): void {
  state.access = readStored(STORAGE_KEYS.accessToken);
  state.refresh = readStored(STORAGE_KEYS.refreshToken);
}

/**
 * Keeps this tab's tokens in step with the other tabs; `onSignedOutElsewhere` runs when another
 * tab logged out (the login trace went to 'false' and the tokens are gone).
 */
export function watchOtherTabs(onSignedOutElsewhere: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.accessToken || event.key === STORAGE_KEYS.refreshToken) syncTokensFromStorage();
    if (event.key === STORAGE_KEYS.loginTrace && event.newValue === 'false' && !state.refresh) onSignedOutElsewhere();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

export function clearTokens(): void {
  state.access = null;
  state.refresh = null;
  state.studentPreview = null;
  writeStored(STORAGE_KEYS.accessToken, null);
  writeStored(STORAGE_KEYS.refreshToken, null);
}

export function isLoginTraced(): boolean {
  return readStored(STORAGE_KEYS.loginTrace) === 'true';
}

export function setLoginTrace(value: boolean): void {
  writeStored(STORAGE_KEYS.loginTrace, value ? 'true' : 'false');
}
