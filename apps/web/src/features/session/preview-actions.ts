import { setStudentPreviewToken } from '../../lib/auth-tokens';
import { reInitInfo } from '../auth/auth-api';
import { updateSession } from './session-store';

/** Web Preview: the public navigation and layout, with the staff session kept (spec 1 §4). */
export function startWebPreview(): void {
  updateSession({ preview: 'web', landing: '/' });
}

/** Student Preview: a student-role token from the server; the admin's own token is kept. */
export async function startStudentPreview(): Promise<void> {
  const info = await reInitInfo(true);
  setStudentPreviewToken(info.access_token);
  updateSession({ preview: 'student', landing: '/classes' });
}

/**
 * Admin View (and browser back in preview): restore the admin session and go to the dashboard.
 * With a null landing the current path stays (a secured page opened during Web Preview).
 */
export function endPreview(landing: string | null = '/dashboard'): void {
  setStudentPreviewToken(null);
  updateSession({ preview: 'off', landing });
}
