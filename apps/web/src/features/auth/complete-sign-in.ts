import type { LoginResponse } from '@atrium/contracts';
import { landingAfterLogin } from '../navigation/landing';
import { readPendingEvent, storePendingEvent } from '../navigation/pending-event';
import { signIn } from '../session/session-actions';

/** Login and registration end the same way: work out the landing, then adopt the session. */
export async function completeSignIn(response: LoginResponse, returnUrl: string | null): Promise<void> {
  const pendingEvent = readPendingEvent();
  const landing = landingAfterLogin({ role: response.contact.role, tenant: response.tenant, pendingEvent, returnUrl });
  if (response.contact.role === 'student' && pendingEvent) storePendingEvent(null);
  await signIn(response, landing);
}
