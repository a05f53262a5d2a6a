import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { isPrivateAppPath } from '../features/navigation/route-paths';
import { endPreview } from '../features/session/preview-actions';
import { useSession } from '../features/session/session-store';
import { Busy } from './components/Busy';

// One chunk per face: a visitor never downloads the admin or student code.
const PublicFace = lazy(() => import('../faces/public/PublicFace'));
const AdminFace = lazy(() => import('../faces/admin/AdminFace'));
const StudentFace = lazy(() => import('../faces/student/StudentFace'));

/**
 * Spec 1 §6: staff get the admin face, students the student face, others the public face;
 * Web Preview forces the public face, Student Preview the student face. A secured (admin)
 * page opened during Web Preview ends the preview and shows the admin route.
 */
export function FaceSwitch() {
  const { user, preview } = useSession();
  const { pathname } = useLocation();
  const securedPageInWebPreview = preview === 'web' && isPrivateAppPath(pathname);

  useEffect(() => {
    if (securedPageInWebPreview) endPreview(null);
  }, [securedPageInWebPreview]);

  let face: ReactNode;
  if (!user || (preview === 'web' && !securedPageInWebPreview)) face = <PublicFace preview={!!user} />;
  else if (preview === 'student' || user.role === 'student') face = <StudentFace preview={preview === 'student'} />;
  else face = <AdminFace />;

  return <Suspense fallback={<Busy label="Loading" fullPage />}>{face}</Suspense>;
}
