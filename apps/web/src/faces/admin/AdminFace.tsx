import { permissionForPath, roleRefusalForPath } from '@atrium/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { Busy } from '../../app/components/Busy';
import { AdminLayout } from '../../app/layouts/AdminLayout';
import { MantineScope } from '../../app/MantineScope';
import { decideStaffPath } from '../../features/navigation/landing';
import { ADMIN_ROUTES, SETTINGS_ROUTES } from '../../features/navigation/route-paths';
import { NoPermissionScreen } from '../../features/placeholders/NoPermissionScreen';
import { useSession, useTenant } from '../../features/session/session-store';
import { NotFoundContent } from '../../features/website-pages/NotFoundContent';
import { queryClient } from '../../lib/query-client';

const DashboardPage = lazy(() => import('./DashboardPage'));
const GetStartedPage = lazy(() => import('../../features/get-started/GetStartedPage'));
const ProfilePage = lazy(() => import('../../features/profile/ProfilePage'));
const EmailConfirmPage = lazy(() => import('../../features/profile/EmailConfirmPage'));
const LogoutScreen = lazy(() => import('../../features/auth/LogoutScreen'));
const ContactsPage = lazy(() => import('../../features/contacts/ContactsPage'));
const ContactDetailPage = lazy(() => import('../../features/contacts/ContactDetailPage'));
const InvoicesPage = lazy(() => import('../../features/invoices/InvoicesPage'));
const ReportsPage = lazy(() => import('../../features/reports/ReportsPage'));
const SalesLinesPage = lazy(() => import('../../features/reports/SalesLinesPage'));
const SaleReceiptPage = lazy(() => import('../../features/reports/SaleReceiptPage'));
const MembershipsPage = lazy(() => import('../../features/memberships/MembershipsPage'));
const SubscriptionsPage = lazy(() => import('../../features/memberships/SubscriptionsPage'));
const InvoiceDetailPage = lazy(() => import('../../features/invoices/InvoiceDetailPage'));
const StorePage = lazy(() => import('../../features/store/StorePage'));
const NewSalePage = lazy(() => import('../../features/store/NewSalePage'));
const WebsitePage = lazy(() => import('../../features/website/WebsitePage'));
const ProductsPage = lazy(() => import('../../features/catalogue/ProductsPage'));
const ProductFormPage = lazy(() => import('../../features/catalogue/ProductFormPage'));
const BundlesPage = lazy(() => import('../../features/catalogue/BundlesPage'));
const OffersPage = lazy(() => import('../../features/offers/OffersPage'));
const StaffCalendarPage = lazy(() => import('../../features/scheduling/StaffCalendarPage'));
const SchedulePage = lazy(() => import('../../features/scheduling/SchedulePage'));
const EventsPage = lazy(() => import('../../features/events/EventsPage'));
const FacilityPage = lazy(() => import('../../features/scheduling/FacilityPage'));
const DonationsAdminPage = lazy(() => import('../../features/donations/DonationsAdminPage'));
const FilesPage = lazy(() => import('../../features/files/FilesPage'));
const ReviewsPage = lazy(() => import('../../features/reviews/ReviewsPage'));
const FeedbackPage = lazy(() => import('../../features/feedback/FeedbackPage'));
const QbankPage = lazy(() => import('../../features/qbank/QbankPage'));
const QuestionFormPage = lazy(() => import('../../features/qbank/QuestionFormPage'));
const MasterPlansPage = lazy(() => import('../../features/operator/MasterPlansPage'));
const TenantsPage = lazy(() => import('../../features/operator/TenantsPage'));
const OperatorAuditPage = lazy(() => import('../../features/operator/OperatorAuditPage'));
const ImpersonationBanner = lazy(() =>
  import('../../features/operator/ImpersonationBanner').then((m) => ({ default: m.ImpersonationBanner })),
);
const TenantPlansPage = lazy(() => import('../../features/operator/TenantPlansPage'));
const TenantPlanSignupPage = lazy(() =>
  import('../../features/operator/TenantPlansPage').then((m) => ({ default: m.TenantPlanSignupPage })),
);
const TestsPage = lazy(() => import('../../features/assessments/TestsPage'));
const AttemptsPage = lazy(() => import('../../features/assessments/AttemptsPage'));
const CampaignsPage = lazy(() => import('../../features/campaigns/CampaignsPage'));
const CampaignEditorPage = lazy(() => import('../../features/campaigns/CampaignEditorPage'));
const CampaignDesignerPage = lazy(() => import('../../features/campaigns/CampaignDesignerPage'));
const SmsCampaignsPage = lazy(() => import('../../features/campaigns/SmsCampaignsPage'));
const SmsCampaignPage = lazy(() => import('../../features/campaigns/SmsCampaignPage'));
const CoursesPage = lazy(() => import('../../features/courses/admin/CoursesPage'));
const CourseEditorPage = lazy(() => import('../../features/courses/admin/CourseEditorPage'));
const ContentIndex = lazy(() =>
  import('../../features/courses/admin/CourseEditorPage').then((m) => ({ default: m.ContentIndex })),
);
const SettingsHome = lazy(() => import('../../features/settings/SettingsHome'));
const AccountSettingsPage = lazy(() => import('../../features/settings/AccountSettingsPage'));
const ModuleSettingsPage = lazy(() => import('../../features/settings/ModuleSettingsPage'));
const RolesSettingsPage = lazy(() => import('../../features/settings/RolesSettingsPage'));
const StudentAppSettingsPage = lazy(() => import('../../features/settings/StudentAppSettingsPage'));
const PaymentSettingsPage = lazy(() => import('../../features/payment-settings/PaymentSettingsPage'));
const WebsiteSettingsPage = lazy(() => import('../../features/website-settings/WebsiteSettingsPage'));
const SeoSettingsPage = lazy(() => import('../../features/website-settings/SeoSettingsPage'));
const ExternalWebsitePage = lazy(() => import('../../features/website-settings/ExternalWebsitePage'));
const FormsPage = lazy(() => import('../../features/forms/FormsPage'));
const CustomFieldsPage = lazy(() => import('../../features/custom-fields/CustomFieldsPage'));
const EmailTemplatesPage = lazy(() => import('../../features/email-templates/EmailTemplatesPage'));
const TemplateEditorPage = lazy(() => import('../../features/email-templates/TemplateEditorPage'));
const FranchiseListPage = lazy(() => import('../../features/franchise/FranchiseListPage'));
const FranchiseFormPage = lazy(() => import('../../features/franchise/FranchiseFormPage'));
const FranchiseViewPage = lazy(() => import('../../features/franchise/FranchiseViewPage'));
const UsersPage = lazy(() => import('../../features/users/UsersPage'));
const UserDetailPage = lazy(() => import('../../features/users/UserDetailPage'));
const PlanPage = lazy(() => import('../../features/plan/PlanPage'));
const PlanUpgradePage = lazy(() => import('../../features/plan/PlanUpgradePage'));
const CardReturnPage = lazy(() => import('../../features/plan/CardReturnPage'));
const WidgetsPage = lazy(() => import('../../features/widgets/WidgetsPage'));
const WidgetEditPage = lazy(() => import('../../features/widgets/WidgetEditPage'));
const OnboardingPage = lazy(() => import('../../features/onboarding/OnboardingPage'));
const IntegrationsHub = lazy(() => import('../../features/integrations/IntegrationsHub'));
const PaymentProviderPage = lazy(() => import('../../features/integrations/PaymentProviderPage'));
const BrevoPage = lazy(() => import('../../features/integrations/BrevoPage'));
const TwilioPage = lazy(() =>
  import('../../features/integrations/SmsProviderPage').then((m) => ({ default: m.TwilioPage })),
);
const PlivoPage = lazy(() =>
  import('../../features/integrations/SmsProviderPage').then((m) => ({ default: m.PlivoPage })),
);
const MailchimpPage = lazy(() => import('../../features/integrations/MailchimpPage'));
const ConnectEmailPage = lazy(() => import('../../features/integrations/ConnectEmailPage'));
const OnlineMeetingPage = lazy(() => import('../../features/integrations/OnlineMeetingPage'));
const StripeConnectStart = lazy(() => import('../../features/integrations/StripeConnectPages'));
const StripeResultPage = lazy(() =>
  import('../../features/integrations/StripeConnectPages').then((m) => ({ default: m.StripeResultPage })),
);

/** The built screens by route path: the routes marked `built` in route-paths (faces.test.tsx). */
export const SCREENS: Record<string, ReactNode> = {
  '/dashboard': <DashboardPage />,
  '/reports': <ReportsPage />,
  '/reports/lines': <SalesLinesPage />,
  '/reports/sales/:guId': <SaleReceiptPage />,
  '/getstarted': <GetStartedPage />,
  '/onboarding': <OnboardingPage />,
  '/profile': <ProfilePage />,
  '/email/confirm': <EmailConfirmPage />,
  '/logout': <LogoutScreen />,
  '/contacts': <ContactsPage />,
  '/contacts/:guId/detail': <ContactDetailPage />,
  '/contacts/:id/details': <ContactDetailPage />,
  '/invoices': <InvoicesPage />,
  '/memberships': <MembershipsPage />,
  '/subscriptions': <SubscriptionsPage />,
  '/invoices/:id': <InvoiceDetailPage />,
  '/store': <StorePage />,
  '/store/new': <NewSalePage />,
  '/website': <WebsitePage />,
  '/products': <ProductsPage />,
  '/products/new': <ProductFormPage />,
  '/productbundle': <BundlesPage />,
  '/offers': <OffersPage />,
  '/calendar': <StaffCalendarPage />,
  '/schedule': <SchedulePage />,
  '/rules': <EventsPage />,
  '/facility': <FacilityPage />,
  '/donation': <DonationsAdminPage />,
  '/files': <FilesPage />,
  '/reviews': <ReviewsPage />,
  '/feedback': <FeedbackPage />,
  '/qbank': <QbankPage />,
  '/qbank/add': <QuestionFormPage />,
  '/masterplan': <MasterPlansPage />,
  '/tenant': <TenantsPage />,
  '/tenant/audit': <OperatorAuditPage />,
  '/tplan': <TenantPlansPage />,
  '/tplan/:name/:freq': <TenantPlanSignupPage />,
  '/tests': <TestsPage kind="test" />,
  '/assesment': <TestsPage kind="self" />,
  '/assessment': <AttemptsPage />,
  '/campaign': <CampaignsPage />,
  '/campaign/:id': <CampaignEditorPage />,
  '/campaign/:id/design': <CampaignDesignerPage />,
  '/campaign/sms': <SmsCampaignsPage />,
  '/campaign/sms/:id': <SmsCampaignPage />,
  '/services': <CoursesPage />,
  '/content': <ContentIndex />,
  '/content/:id': <CourseEditorPage />,
  '/settings': <SettingsHome />,
  '/settings/account': <AccountSettingsPage />,
  '/settings/display': <ModuleSettingsPage />,
  '/settings/roles': <RolesSettingsPage />,
  '/settings/paccount': <PaymentSettingsPage />,
  '/settings/studentapp': <StudentAppSettingsPage />,
  '/settings/website': <WebsiteSettingsPage />,
  '/settings/website/seosetting': <SeoSettingsPage />,
  '/settings/website/externalwebsite': <ExternalWebsitePage />,
  '/settings/customfield': <CustomFieldsPage />,
  '/settings/regforms': <FormsPage />,
  '/customforms': <FormsPage />,
  '/registrationform': <FormsPage />,
  '/settings/templates': <EmailTemplatesPage />,
  '/settings/templates/add': <TemplateEditorPage />,
  '/settings/templates/edit/:id': <TemplateEditorPage />,
  '/settings/franchise': <FranchiseListPage />,
  '/settings/franchise/new': <FranchiseFormPage />,
  '/settings/franchise/edit/:id': <FranchiseFormPage />,
  '/settings/franchise/:id': <FranchiseViewPage />,
  '/settings/users': <UsersPage />,
  '/settings/users/:id': <UserDetailPage />,
  '/settings/plan': <PlanPage />,
  '/settings/plan/upgrade': <PlanUpgradePage />,
  '/settings/plan/card': <CardReturnPage />,
  '/settings/plan/:type': <PlanUpgradePage />,
  '/settings/widgets': <WidgetsPage />,
  '/settings/widgets/:guId': <WidgetEditPage />,
  '/settings/integrations': <IntegrationsHub />,
  '/settings/integrations/paymentprovider': <PaymentProviderPage />,
  '/settings/integrations/cloud': <TwilioPage />,
  '/settings/integrations/plivo': <PlivoPage />,
  '/settings/integrations/brevo': <BrevoPage />,
  '/settings/integrations/mailchimp': <MailchimpPage />,
  '/settings/integrations/emails': <ConnectEmailPage />,
  '/settings/integrations/paymentprovider/success': <StripeResultPage />,
  '/oauth/stripe': <StripeConnectStart />,
  '/oauth/omeeting': <OnlineMeetingPage />,
  // The old admin path of the widgets screen.
  '/widget': <Navigate to="/settings/widgets" replace />,
};

/** The staff face: admin and settings routes in the admin vertical layout. */
export default function AdminFace() {
  const tenant = useTenant();
  const { pathname } = useLocation();
  const { account, user } = useSession();
  const decision = decideStaffPath(pathname, tenant);
  const roleRefusal = user ? roleRefusalForPath(pathname, user.role) : null;
  // The server refuses the calls too; this keeps the screen from opening on a wall of errors.
  const permission = permissionForPath(pathname);
  const denied = permission && account && !account.permissions[permission] ? permission : null;
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  // Spec 3 §2.4: the wizard has the page to itself, without the admin menus.
  if (decision.kind === 'stay' && pathname === '/onboarding' && !roleRefusal) {
    return (
      <MantineScope>
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={null}>
            <ImpersonationBanner />
          </Suspense>
          <Suspense fallback={<Busy />}>{SCREENS['/onboarding']}</Suspense>
        </QueryClientProvider>
      </MantineScope>
    );
  }

  return (
    <MantineScope>
      <QueryClientProvider client={queryClient}>
        <AdminLayout>
          <Suspense fallback={null}>
            <ImpersonationBanner />
          </Suspense>
          <Suspense fallback={<Busy />}>
            {decision.kind === 'stay' && roleRefusal ? (
              <NoPermissionScreen reason={roleRefusal} />
            ) : decision.kind === 'stay' && denied ? (
              <NoPermissionScreen permission={denied} />
            ) : decision.kind === 'stay' ? (
              <Routes>
                {[...ADMIN_ROUTES, ...SETTINGS_ROUTES].map((route) => (
                  <Route key={route.path} path={route.path} element={SCREENS[route.path] ?? <NotFoundContent />} />
                ))}
                <Route path="*" element={<Navigate to="/dashboard" replace />} />
              </Routes>
            ) : (
              <NotFoundContent />
            )}
          </Suspense>
        </AdminLayout>
      </QueryClientProvider>
    </MantineScope>
  );
}
