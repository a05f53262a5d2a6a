import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { getTokens, watchOtherTabs } from '../../lib/auth-tokens';
import { ACTIVITY_DEBOUNCE_MS, decideOnActivity, decideOnIdle, idleTimeoutMs } from './activity-policy';
import { clearLocalSession, isRefreshing, logout, refreshSession } from './session-actions';
import { useSession } from './session-store';

const SessionExpiredDialog = lazy(() => import('./SessionExpiredDialog'));

const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'click', 'scroll'] as const;

/**
 * Spec 1 §4 "Session": refresh on activity when the token nears expiry; after the idle timeout,
 * if the token has expired, ask whether to continue. Runs only while someone is signed in.
 */
export function SessionKeeper() {
  const { user } = useSession();
  const [dialogOpen, setDialogOpen] = useState(false);
  const dialogOpenRef = useRef(false);
  const lastRefreshAt = useRef(0);

  // A logout in another tab ends the session here too.
  useEffect(() => (user ? watchOtherTabs(() => clearLocalSession('/login')) : undefined), [user]);

  useEffect(() => {
    if (!user) return;
    const timeout = idleTimeoutMs();
    let lastActivityAt = Date.now();
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    let debounceTimer: ReturnType<typeof setTimeout> | undefined;

    const openDialog = () => {
      dialogOpenRef.current = true;
      setDialogOpen(true);
    };

    const checkIdle = () => {
      const decision = decideOnIdle(
        { token: getTokens().access, dialogOpen: dialogOpenRef.current, now: Date.now() },
        timeout,
      );
      if (decision.kind === 'expired-dialog') openDialog();
      else if (decision.kind === 'check-again') idleTimer = setTimeout(checkIdle, decision.inMs);
    };

    const restartIdleTimer = () => {
      clearTimeout(idleTimer);
      idleTimer = setTimeout(checkIdle, timeout);
    };

    const onActivity = () => {
      clearTimeout(debounceTimer);
      debounceTimer = setTimeout(() => {
        if (dialogOpenRef.current) return;
        const now = Date.now();
        // Timers may not run while a laptop sleeps: compare wall-clock time as well.
        const wasIdle = now - lastActivityAt >= timeout;
        lastActivityAt = now;
        if (wasIdle) {
          checkIdle();
          if (dialogOpenRef.current) return;
        }
        restartIdleTimer();
        const decision = decideOnActivity({
          token: getTokens().access,
          dialogOpen: dialogOpenRef.current,
          refreshing: isRefreshing(),
          now,
          lastRefreshAt: lastRefreshAt.current,
        });
        if (decision === 'refresh') {
          lastRefreshAt.current = now;
          refreshSession().catch(() => undefined);
        }
      }, ACTIVITY_DEBOUNCE_MS);
    };

    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
    restartIdleTimer();
    return () => {
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
      clearTimeout(idleTimer);
      clearTimeout(debounceTimer);
    };
  }, [user]);

  const close = () => {
    dialogOpenRef.current = false;
    setDialogOpen(false);
  };

  if (!dialogOpen) return null;
  return (
    <Suspense fallback={null}>
      <SessionExpiredDialog
        onContinue={async () => {
          // A failed refresh has already signed out and sent the user to /login.
          await refreshSession().catch(() => undefined);
          close();
        }}
        onLogout={async () => {
          close();
          await logout('/login');
        }}
      />
    </Suspense>
  );
}
