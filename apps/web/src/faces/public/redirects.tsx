import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { Busy } from '../../app/components/Busy';
import { type PendingEvent, storePendingEvent } from '../../features/navigation/pending-event';

/** Sends a visitor to /login, remembering where they were going or which class they picked. */
export function LoginFirst({ returnUrl, pendingEvent }: { returnUrl?: string; pendingEvent?: PendingEvent }) {
  if (pendingEvent) storePendingEvent(pendingEvent);
  const to = returnUrl ? `/login?returnUrl=${encodeURIComponent(returnUrl)}` : '/login';
  return <Navigate to={to} replace />;
}

/** The tenant's home is an external site: leave the app for it. */
export function ExternalRedirect({ url }: { url: string }) {
  useEffect(() => {
    window.location.replace(url);
  }, [url]);
  return <Busy label="Opening the website" fullPage />;
}
