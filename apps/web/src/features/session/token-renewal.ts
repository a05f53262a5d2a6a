import { getTokens, storeTokens, syncTokensFromStorage } from '../../lib/auth-tokens';
import { withCrossTabLock } from '../../lib/cross-tab-lock';
import { isTokenAboutToExpire } from '../../lib/jwt';
import { refreshAccessToken } from '../auth/auth-api';

/**
 * Swaps the refresh token for a new pair, one tab at a time. Inside the lock the tokens are
 * re-read: if another tab has just renewed them, this tab takes those and makes no call (the
 * server treats a second use of a refresh token as theft and ends the session).
 */
export function renewTokens(): Promise<void> {
  return withCrossTabLock('atrium-token-renewal', async () => {
    syncTokensFromStorage();
    const { access, refresh } = getTokens();
    if (access && !isTokenAboutToExpire(access)) return;
    if (!refresh) throw new Error('No refresh token');
    const pair = await refreshAccessToken(refresh);
    storeTokens(pair.access_token, pair.refresh_token);
  });
}
