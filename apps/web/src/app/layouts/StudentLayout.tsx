import { type ReactNode, useEffect, useMemo } from 'react';
import { MemberFeedbackButton } from '../../features/feedback/FeedbackButton';
import { buildStudentMenu } from '../../features/navigation/student-menu';
import { NoticesButton } from '../../features/notices/NoticesButton';
import { RatingSection } from '../../features/rating/RatingSection';
import { useSession, useTenant } from '../../features/session/session-store';
import { revealApp } from '../app-prepaint';
import { Footer } from './Footer';
import { PreviewBar } from './PreviewBar';
import { StudentMenuBar } from './StudentMenuBar';
import { TenantLogo } from './TenantLogo';
import { useWebsiteRefresh } from './useWebsiteRefresh';

/**
 * Student horizontal layout with the rating section under the navbar for students. In Student
 * Preview a preview bar with Admin View sits on top and the rating prompt (which posts a review)
 * is left out.
 */
export function StudentLayout({ children, preview = false }: { children: ReactNode; preview?: boolean }) {
  // a signed-in person sent here from /login: the server's first paint of it gives way
  useEffect(revealApp, []);
  const tenant = useTenant();
  const { user: signedIn, actingAs } = useSession();
  // Acting as a member, the menu names the member, not the admin.
  const user =
    preview && actingAs
      ? { ...signedIn, fullName: actingAs.fullName, name: actingAs.fullName, lastName: '', email: '' }
      : signedIn;
  useWebsiteRefresh();
  const items = useMemo(
    () => buildStudentMenu(tenant, user ?? { fullName: '', name: '', lastName: '', email: '' }),
    [tenant, user],
  );
  return (
    <div className="atrium-frame">
      {preview ? <PreviewBar label={actingAs ? `Acting as ${actingAs.fullName}` : 'Student Preview'} /> : null}
      <header className="student-navbar">
        <div className="student-navbar__inner">
          <TenantLogo to="/" />
          <StudentMenuBar items={items} />
          {/* the notice board (spec 3 §2.6), read-only for members and in Student Preview */}
          <div style={{ marginLeft: 'auto' }}>
            <NoticesButton />
          </div>
          {/* Spec 3 §2.6 toolbar feedback button; §6 "Student preview hides creation". */}
          {!preview && user?.role === 'student' ? <MemberFeedbackButton /> : null}
        </div>
      </header>
      {!preview && user?.role === 'student' ? <RatingSection /> : null}
      <main className="atrium-main">
        <div className="atrium-content">{children}</div>
      </main>
      <Footer />
    </div>
  );
}
