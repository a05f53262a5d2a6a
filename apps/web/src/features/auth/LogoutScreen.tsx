import { useEffect } from 'react';
import { Busy } from '../../app/components/Busy';
import { publicLogoutTarget } from '../navigation/landing';
import { logout } from '../session/session-actions';
import { getSession } from '../session/session-store';

let loggingOut: Promise<void> | null = null;

/** One logout at a time, however often React runs the effect. */
function logoutOnce(landing: string): Promise<void> {
  if (!loggingOut) {
    loggingOut = logout(landing).finally(() => {
      loggingOut = null;
    });
  }
  return loggingOut;
}

/** /logout for a signed-in user: sign out, then the public logout landing (spec 1 landing rules). */
export default function LogoutScreen() {
  useEffect(() => {
    const tenant = getSession().tenant;
    void logoutOnce(tenant ? publicLogoutTarget(tenant) : '/login');
  }, []);
  return <Busy label="Signing out" />;
}
