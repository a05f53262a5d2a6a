import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { Busy } from '../../app/components/Busy';
import { PublicLayout } from '../../app/layouts/PublicLayout';
import { decideVisitorPath } from '../../features/navigation/landing';
import { PUBLIC_ROUTES } from '../../features/navigation/route-paths';
import { SuspendedNotice } from '../../features/operator/SuspendedNotice';
import { useTenant } from '../../features/session/session-store';
import { NotFoundContent } from '../../features/website-pages/NotFoundContent';
import { PageViewer } from '../../features/website-pages/PageViewer';
import { ExternalRedirect, LoginFirst } from './redirects';

const LoginPage = lazy(() => import('../../features/auth/LoginPage'));
const RegisterPage = lazy(() => import('../../features/auth/RegisterPage'));
const RegisterConfirmPage = lazy(() => import('../../features/auth/RegisterConfirmPage'));
const EmailConfirmPage = lazy(() => import('../../features/profile/EmailConfirmPage'));
const ForgotPasswordPage = lazy(() => import('../../features/auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../../features/auth/ResetPasswordPage'));
const FormsListPage = lazy(() => import('./FormsListPage'));
const PublicFormPage = lazy(() => import('../../features/forms/PublicFormPage'));
const PublicInvoicePage = lazy(() => import('../../features/invoices/PublicInvoicePage'));
const MediaGalleryPage = lazy(() => import('../../features/media/MediaGalleryPage'));
const MerchandisePage = lazy(() => import('../../features/shop/MerchandisePage'));
const CheckoutPage = lazy(() => import('../../features/shop/CheckoutPage'));
const CheckoutRegisterPage = lazy(() => import('../../features/shop/CheckoutRegisterPage'));
const PublicDonationsPage = lazy(() => import('../../features/donations/PublicDonationsPage'));
const DonatePage = lazy(() => import('../../features/donations/DonatePage'));
const MonthlyGiftPage = lazy(() => import('../../features/donations/MonthlyGiftPage'));
const WaiverConfirmPage = lazy(() => import('../../features/forms/WaiverConfirmPage'));
const PublicCalendarPage = lazy(() => import('../../features/scheduling/PublicCalendarPage'));
const PublicEventsPage = lazy(() => import('../../features/events/PublicEventsPage'));
const EventPage = lazy(() => import('../../features/events/EventPage'));
const PublicCoursesPage = lazy(() => import('../../features/courses/public/PublicCoursesPage'));
const CoursePage = lazy(() => import('../../features/courses/public/CoursePage'));
const TenantPlansPage = lazy(() => import('../../features/operator/TenantPlansPage'));
const TenantPlanSignupPage = lazy(() =>
  import('../../features/operator/TenantPlansPage').then((m) => ({ default: m.TenantPlanSignupPage })),
);

/** The built screens by route path: the routes marked `built` in route-paths (faces.test.tsx). */
export const SCREENS: Record<string, ReactNode> = {
  '/login': <LoginPage />,
  '/register': <RegisterPage />,
  '/register/confirm': <RegisterConfirmPage />,
  '/email/confirm': <EmailConfirmPage />,
  '/forgot-password': <ForgotPasswordPage />,
  '/reset-password': <ResetPasswordPage />,
  '/forms': <FormsListPage />,
  '/regform/:guId': <PublicFormPage />,
  '/registration/:id': <PublicFormPage />,
  '/preview/regform/:guId': <PublicFormPage preview />,
  '/mediagallery': <MediaGalleryPage />,
  '/invoice/:id': <PublicInvoicePage />,
  '/merchandise': <MerchandisePage />,
  '/calendar': <PublicCalendarPage />,
  '/events': <PublicEventsPage />,
  '/events/:id': <EventPage />,
  '/courses': <PublicCoursesPage />,
  '/courses/:slug': <CoursePage />,
  '/checkout': <CheckoutPage />,
  '/checkout/register': <CheckoutRegisterPage />,
  '/donations': <PublicDonationsPage />,
  '/publicdonations': <PublicDonationsPage />,
  '/donate': <PublicDonationsPage />,
  '/donate/:id': <DonatePage />,
  '/donate/monthly/:token': <MonthlyGiftPage />,
  '/waiver/confirm/:token': <WaiverConfirmPage />,
  '/tplan': <TenantPlansPage />,
  '/tplan/:name/:freq': <TenantPlanSignupPage />,
};

const SIGN_IN_PATHS = new Set(['/login', '/forgot-password', '/reset-password']);

function PublicRoutes() {
  return (
    <Routes>
      {PUBLIC_ROUTES.filter((route) => route.path !== '/').map((route) => (
        <Route key={route.path} path={route.path} element={SCREENS[route.path] ?? <NotFoundContent />} />
      ))}
      <Route path="*" element={<NotFoundContent />} />
    </Routes>
  );
}

/** The public face for visitors, and for staff in Web Preview (with the preview bar). */
export default function PublicFace({ preview = false }: { preview?: boolean }) {
  const tenant = useTenant();
  const { pathname, search } = useLocation();
  const decision = decideVisitorPath(pathname, search, tenant);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'login')
    return <LoginFirst returnUrl={decision.returnUrl} pendingEvent={decision.pendingEvent} />;
  if (decision.kind === 'external') return <ExternalRedirect url={decision.url} />;

  let content: ReactNode;
  // Suspended by the platform operator (issue 28): the notice instead of the site; staff still sign in.
  if (tenant.isSuspended && !SIGN_IN_PATHS.has(pathname)) content = <SuspendedNotice />;
  else if (decision.kind === 'notFound') content = <NotFoundContent />;
  else if (decision.kind === 'page') content = <PageViewer key={decision.name} name={decision.name} />;
  else content = <PublicRoutes />;

  return (
    <PublicLayout preview={preview}>
      <Suspense fallback={<Busy />}>{content}</Suspense>
    </PublicLayout>
  );
}
