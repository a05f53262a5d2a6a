import type { MemberToken } from '@atrium/contracts';
import { apiRequest } from '../../lib/api';
import { setStudentPreviewToken } from '../../lib/auth-tokens';
import { reInitInfo } from '../auth/auth-api';
import { type ActingAs, updateSession } from './session-store';

/** Web Preview: the public navigation and layout, with the staff session kept (spec 1 §4). */
export function startWebPreview(): void {
  updateSession({ preview: 'web', landing: '/' });
}

/** Student Preview: a student-role token from the server; the admin's own token is kept. */
export async function startStudentPreview(): Promise<void> {
  const info = await reInitInfo(true);
  setStudentPreviewToken(info.access_token);
  // '/' is the student's home: classes, or the first student screen built so far
  updateSession({ preview: 'student', actingAs: null, landing: '/' });
}

/** The member's own access token (GET /rest/contact/{id}/token), asked with the admin's token. */
export function fetchMemberToken(guId: string): Promise<MemberToken> {
  return apiRequest<MemberToken>(`/rest/contact/${encodeURIComponent(guId)}/token`, { asStaff: true });
}

/**
 * Acting as a member (spec 2 §4): the admin's token stays stored, the member's token is fetched and
 * used in the Student Preview slot, the student face shows and goes to the student's home (/classes once built). Admin View
 * (endPreview) drops the member's token and restores the admin.
 */
export async function startActingAsMember(member: ActingAs): Promise<void> {
  const { access_token } = await fetchMemberToken(member.guId);
  setStudentPreviewToken(access_token);
  updateSession({ preview: 'student', actingAs: member, landing: '/' });
}

/**
 * Admin View (and browser back in preview): restore the admin session and go to the dashboard.
 * With a null landing the current path stays (a secured page opened during Web Preview).
 */
export function endPreview(landing: string | null = '/dashboard'): void {
  setStudentPreviewToken(null);
  updateSession({ preview: 'off', actingAs: null, landing });
}
