import type { LoginResponse } from '@atrium/contracts';
import { landingAfterLogin } from '../navigation/landing';
import { readPendingEvent, storePendingEvent } from '../navigation/pending-event';

/** Where a login answer lands (spec 1 landing rules); a student's pending class pick is used up. */
export function takeLanding(response: LoginResponse, returnUrl: string | null): string {
  const pendingEvent = readPendingEvent();
  const landing = landingAfterLogin({ role: response.contact.role, tenant: response.tenant, pendingEvent, returnUrl });
  if (response.contact.role === 'student' && pendingEvent) storePendingEvent(null);
  return landing;
}
