import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { Busy } from '../../app/components/Busy';
import { StudentLayout } from '../../app/layouts/StudentLayout';
import { MantineScope } from '../../app/MantineScope';
import { decideStudentPath, studentHome } from '../../features/navigation/landing';
import { STUDENT_ROUTES } from '../../features/navigation/route-paths';
import { useSession, useTenant } from '../../features/session/session-store';
import { NotFoundContent } from '../../features/website-pages/NotFoundContent';
import { queryClient } from '../../lib/query-client';

const LogoutScreen = lazy(() => import('../../features/auth/LogoutScreen'));
const ProfilePage = lazy(() => import('../../features/profile/ProfilePage'));
const EmailConfirmPage = lazy(() => import('../../features/profile/EmailConfirmPage'));
const MyStorePage = lazy(() => import('../../features/shop/MyStorePage'));
const MemberCheckoutPage = lazy(() => import('../../features/shop/MemberCheckoutPage'));
const PublicInvoicePage = lazy(() => import('../../features/invoices/PublicInvoicePage'));
const StudentClassesPage = lazy(() => import('../../features/scheduling/StudentClassesPage'));
const MyBookingsPage = lazy(() => import('../../features/scheduling/MyBookingsPage'));
const MyRegistrationPage = lazy(() => import('../../features/forms/SignedDocuments'));
const SignupPage = lazy(() => import('../../features/scheduling/SignupPage'));
const VerificationWaitPage = lazy(() => import('../../features/onboarding/VerificationWaitPage'));
const MyDonationsPage = lazy(() => import('../../features/donations/MyDonationsPage'));
const MyFilesPage = lazy(() => import('../../features/files/MyFilesPage'));
const EventPage = lazy(() => import('../../features/events/EventPage'));
const MyMembershipsPage = lazy(() => import('../../features/memberships/MyMembershipsPage'));
const MyInvoicesPage = lazy(() => import('../../features/invoices/MyInvoicesPage'));
const MonthlyGiftPage = lazy(() => import('../../features/donations/MonthlyGiftPage'));
const WaiverConfirmPage = lazy(() => import('../../features/forms/WaiverConfirmPage'));
const MyCoursesPage = lazy(() => import('../../features/courses/learn/MyCoursesPage'));
const CoursePlayerPage = lazy(() => import('../../features/courses/learn/CoursePlayerPage'));
const CourseCataloguePage = lazy(() => import('../../features/courses/learn/CourseCataloguePage'));
const CoursePage = lazy(() => import('../../features/courses/public/CoursePage'));
const StudentAssessmentsPage = lazy(() => import('../../features/assessments/StudentAssessmentsPage'));
const TakeTestPage = lazy(() => import('../../features/assessments/TakeTestPage'));
const TenantPlansPage = lazy(() => import('../../features/operator/TenantPlansPage'));
const TenantPlanSignupPage = lazy(() =>
  import('../../features/operator/TenantPlansPage').then((m) => ({ default: m.TenantPlanSignupPage })),
);
const MyStudiosPage = lazy(() => import('../../features/operator/MyStudiosPage'));

/** The built screens by route path: the routes marked `built` in route-paths (faces.test.tsx). */
export const SCREENS: Record<string, ReactNode> = {
  '/myregistration': <MyRegistrationPage />,
  '/logout': <LogoutScreen />,
  '/profile': <ProfilePage />,
  '/email/confirm': <EmailConfirmPage />,
  '/store': <MyStorePage />,
  '/cartcheckout': <MemberCheckoutPage />,
  '/invoice/:id': <PublicInvoicePage />,
  '/events/:id': <EventPage />,
  '/classes': <StudentClassesPage />,
  '/mybookings': <MyBookingsPage />,
  '/mydonation': <MyDonationsPage />,
  '/myfiles': <MyFilesPage />,
  '/signup/:classId/:clsStartTime': <SignupPage />,
  '/memberships': <MyMembershipsPage />,
  '/invoices': <MyInvoicesPage />,
  '/onboarding': <VerificationWaitPage />,
  '/donate/monthly/:token': <MonthlyGiftPage />,
  '/waiver/confirm/:token': <WaiverConfirmPage />,
  '/mycourses': <MyCoursesPage />,
  '/mycourses/:courseId': <CoursePlayerPage />,
  '/services': <CourseCataloguePage />,
  '/courses/:slug': <CoursePage />,
  '/student-assessments': <StudentAssessmentsPage />,
  '/myassessment': <TakeTestPage />,
  // The platform operator's site only (landing.ts sends others home).
  '/tplan': <TenantPlansPage />,
  '/tplan/:name/:freq': <TenantPlanSignupPage />,
  '/plan': <Navigate to="/tplan" replace />,
  '/tenant': <MyStudiosPage />,
};

/** Where an unverified student may still go: the wait itself, their profile, signing out. */
const VERIFICATION_FREE_PATHS = new Set(['/onboarding', '/profile', '/email/confirm', '/logout']);

/** The student face (also Student Preview, with the preview bar). */
export default function StudentFace({ preview = false }: { preview?: boolean }) {
  const tenant = useTenant();
  const { pathname } = useLocation();
  const { user } = useSession();
  const decision = decideStudentPath(pathname, tenant);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  // Spec 3 §4: an unverified student waits on the verification state; a verified one has no wait.
  const unverified = !preview && user?.isEmailVerified === false;
  if (unverified && !VERIFICATION_FREE_PATHS.has(pathname)) return <Navigate to="/onboarding" replace />;
  if (!unverified && pathname === '/onboarding') return <Navigate to={studentHome(tenant)} replace />;

  return (
    <MantineScope>
      <QueryClientProvider client={queryClient}>
        <StudentLayout preview={preview}>
          <Suspense fallback={<Busy />}>
            {decision.kind === 'stay' ? (
              <Routes>
                {STUDENT_ROUTES.map((route) => (
                  <Route key={route.path} path={route.path} element={SCREENS[route.path] ?? <NotFoundContent />} />
                ))}
                <Route path="*" element={<Navigate to={studentHome(tenant)} replace />} />
              </Routes>
            ) : (
              <NotFoundContent />
            )}
          </Suspense>
        </StudentLayout>
      </QueryClientProvider>
    </MantineScope>
  );
}
