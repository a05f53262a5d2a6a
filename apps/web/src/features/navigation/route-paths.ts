import { matchPath } from 'react-router';

/**
 * The route tables of the three faces (spec 1 §2). Spellings the spec leaves open follow the
 * menu paths; docs/web-routes.md lists them. `built` marks a route whose screen exists: the
 * others are absent from every menu and answer page not found until their module is built
 * (never a placeholder). Each face's screen table must match (tested in faces.test.tsx).
 */
export interface RouteSpec {
  path: string;
  title: string;
  built?: true;
}

export const ADMIN_ROUTES: readonly RouteSpec[] = [
  { path: '/dashboard', title: 'Dashboard', built: true },
  // My Profile (issue 14): the signed-in person's own details; the spec's admin list has no such route.
  { path: '/profile', title: 'My Profile', built: true },
  { path: '/email/confirm', title: 'Confirm Email', built: true },
  { path: '/onboarding', title: 'Onboarding', built: true },
  { path: '/getstarted', title: 'Get Started', built: true },
  { path: '/calendar', title: 'Calendar', built: true },
  // Courses (issue 25): the list, and one course's editor at /content/{id} (/content alone goes to the list).
  { path: '/content', title: 'Content', built: true },
  { path: '/content/:id', title: 'Course', built: true },
  { path: '/services', title: 'Courses', built: true },
  { path: '/productbundle', title: 'Product Bundles', built: true },
  // The platform operator (issue 28): its plans page and sign-up, the plans it sells, its tenants.
  { path: '/tplan', title: 'Tenant Plan', built: true },
  { path: '/tplan/:name/:freq', title: 'Tenant Plan', built: true },
  { path: '/masterplan', title: 'MasterPlans', built: true },
  { path: '/plan', title: 'Plan' },
  { path: '/tenant', title: 'Tenants', built: true },
  // What the operator's admins did to tenants (impersonate, end, suspend, resume), paged (issue 28).
  { path: '/tenant/audit', title: 'Audit log', built: true },
  { path: '/products', title: 'Merchandise', built: true },
  { path: '/products/new', title: 'New Product', built: true },
  // Question banks (issue 27): the questions tests draw from; /qbank/add?id= changes one.
  { path: '/qbank', title: 'Question Banks', built: true },
  { path: '/qbank/add', title: 'Add Question Bank', built: true },
  // Tests and assessments (issue 27): attempts to review and grade; self assessments.
  { path: '/assessment', title: 'Assessment', built: true },
  { path: '/assesment', title: 'Self Assessments', built: true },
  { path: '/offers', title: 'Offers', built: true },
  { path: '/schedule', title: 'Classes', built: true },
  { path: '/contacts', title: 'Contacts', built: true },
  { path: '/contacts/:guId/detail', title: 'Contact', built: true },
  { path: '/contacts/:id/details', title: 'Contact', built: true },
  { path: '/rules', title: 'Events', built: true },
  { path: '/classrule', title: 'Class Rule' },
  { path: '/class', title: 'Class' },
  // Campaigns (issue 26): the list, one campaign's editor at /campaign/{id}, and its email designer.
  { path: '/campaign', title: 'Campaigns', built: true },
  { path: '/campaign/:id', title: 'Campaign', built: true },
  { path: '/campaign/:id/design', title: 'Email designer', built: true },
  // SMS campaigns (issue 26): the list and one text campaign's screen.
  { path: '/campaign/sms', title: 'SMS campaigns', built: true },
  { path: '/campaign/sms/:id', title: 'SMS campaign', built: true },
  { path: '/reports', title: 'Reports', built: true },
  // The rows behind a sales report's figure (issue 24).
  { path: '/reports/lines', title: 'Sales rows', built: true },
  // The Plan page's invoice link (spec 2 §2): a plan payment's receipt, or on to the studio's invoice.
  { path: '/reports/sales/:guId', title: 'Sale', built: true },
  { path: '/donation', title: 'Donations', built: true },
  { path: '/cartcheckout', title: 'Checkout' },
  { path: '/store', title: 'Store', built: true },
  { path: '/store/new', title: 'New Store', built: true },
  { path: '/signin', title: 'Sign In' },
  { path: '/customforms', title: 'Forms', built: true },
  { path: '/registrationform', title: 'Registration Form', built: true },
  { path: '/widget', title: 'Widgets', built: true },
  { path: '/facility', title: 'Facility', built: true },
  // Files (issue 25): documents for members, shared with one or with every student.
  { path: '/files', title: 'Files', built: true },
  { path: '/invoices', title: 'Invoices', built: true },
  { path: '/invoices/:id', title: 'Invoice', built: true },
  // Memberships (issue 12): the membership products, and the members' memberships with upcoming charges.
  { path: '/memberships', title: 'Memberships', built: true },
  { path: '/subscriptions', title: 'Subscriptions', built: true },
  { path: '/website', title: 'Website', built: true },
  { path: '/tests', title: 'Assessments', built: true },
  { path: '/oauth', title: 'OAuth' },
  { path: '/oauth/stripe', title: 'Stripe', built: true },
  { path: '/oauth/omeeting', title: 'Online Meeting', built: true },
  // G-Reviews (issue 27): members' reviews, answers and the Google review link.
  { path: '/reviews', title: 'G-Reviews', built: true },
  // Feedback (issue 27): what members sent from the feedback dialog; the toolbar's Feedback button opens it.
  { path: '/feedback', title: 'Feedback', built: true },
  { path: '/integrations/zoom', title: 'Zoom Integration' },
  { path: '/integrations/paymentprovider', title: 'Payment Provider Integration' },
  { path: '/checkout/invoice/create', title: 'Invoice Payment' },
  { path: '/logout', title: 'Logout', built: true },
];

/** Old per-screen settings names of the admin route list, kept as redirects into /settings. */
export const ADMIN_REDIRECTS: Readonly<Record<string, string>> = {
  '/integrations': '/settings/integrations',
  '/appsettings': '/settings',
  '/accountsettings': '/settings/account',
  '/displaysettings': '/settings/display',
  '/studentappsettings': '/settings/studentapp',
  '/rolesettings': '/settings/roles',
  '/customfieldsettings': '/settings/customfield',
  '/usersettings': '/settings/users',
};

export const SETTINGS_ROUTES: readonly RouteSpec[] = [
  { path: '/settings', title: 'Settings', built: true },
  { path: '/settings/account', title: 'Account', built: true },
  { path: '/settings/website', title: 'Website Settings', built: true },
  { path: '/settings/website/externalwebsite', title: 'External Website', built: true },
  { path: '/settings/website/seosetting', title: 'SEO settings', built: true },
  { path: '/settings/display', title: 'Module Settings', built: true },
  { path: '/settings/paccount', title: 'Payment Account', built: true },
  { path: '/settings/integrations', title: 'Integrations', built: true },
  { path: '/settings/integrations/paymentprovider', title: 'Payment Providers', built: true },
  { path: '/settings/integrations/paymentprovider/success', title: 'Stripe connection result', built: true },
  { path: '/settings/integrations/cloud', title: 'Twilio', built: true },
  { path: '/settings/integrations/plivo', title: 'Plivo', built: true },
  { path: '/settings/integrations/brevo', title: 'Brevo', built: true },
  { path: '/settings/integrations/mailchimp', title: 'Mailchimp', built: true },
  { path: '/settings/integrations/emails', title: 'Connect Email', built: true },
  { path: '/settings/users', title: 'Users', built: true },
  { path: '/settings/users/:id', title: 'User Details', built: true },
  { path: '/settings/roles', title: 'Roles', built: true },
  { path: '/settings/customfield', title: 'Custom Fields', built: true },
  { path: '/settings/franchise', title: 'Franchise', built: true },
  { path: '/settings/franchise/new', title: 'Create Franchise', built: true },
  { path: '/settings/franchise/edit/:id', title: 'Update Franchise', built: true },
  { path: '/settings/franchise/:id', title: 'Franchise', built: true },
  { path: '/settings/templates', title: 'Email Templates', built: true },
  { path: '/settings/templates/add', title: 'Add Template', built: true },
  { path: '/settings/templates/edit/:id', title: 'Edit Template', built: true },
  { path: '/settings/plan', title: 'Plan', built: true },
  { path: '/settings/plan/upgrade', title: 'Upgrade Plan', built: true },
  // Back from the payment provider's page for a new card (decisions.md "Plan: cards on the provider's page").
  { path: '/settings/plan/card', title: 'Card payment', built: true },
  { path: '/settings/plan/:type', title: 'Checkout', built: true },
  { path: '/settings/studentapp', title: 'Student App', built: true },
  { path: '/settings/regforms', title: 'Registration Forms', built: true },
  { path: '/settings/widgets', title: 'Widgets', built: true },
  { path: '/settings/widgets/:guId', title: 'Edit Widget', built: true },
];

export const STUDENT_ROUTES: readonly RouteSpec[] = [
  { path: '/classes', title: 'Calendar', built: true },
  { path: '/mycourses', title: 'My Courses', built: true },
  // The member's own classes to come and past (issue 29), cancelled within the studio's rules.
  { path: '/mybookings', title: 'My Bookings', built: true },
  // The course player (issue 25): the outline with my ticks and the chapter I am on.
  { path: '/mycourses/:courseId', title: 'Course', built: true },
  // A course's page, for a member who opens its public address (the server's page hands over to the app).
  { path: '/courses/:slug', title: 'Course', built: true },
  { path: '/student-assessments', title: 'Assessments', built: true },
  { path: '/myregistration', title: 'My Registrations', built: true },
  { path: '/myassessment', title: 'My Assessments', built: true },
  { path: '/mydonation', title: 'My Donations', built: true },
  { path: '/myfiles', title: 'My Files', built: true },
  { path: '/invoices', title: 'My Invoices', built: true },
  { path: '/store', title: 'My Store', built: true },
  { path: '/cartcheckout', title: 'Checkout', built: true },
  // Memberships (issue 12): the member's memberships, card, credits; back here from the card page.
  { path: '/memberships', title: 'My Memberships', built: true },
  // The public invoice page behind an emailed or thank-you link, for a signed-in member too.
  { path: '/invoice/:id', title: 'Invoice', built: true },
  // An event's shareable page, where a member registers (back here after logging in).
  { path: '/events/:id', title: 'Event', built: true },
  // A monthly gift's receipt link, opened by a donor who is signed in.
  { path: '/donate/monthly/:token', title: 'Your monthly gift', built: true },
  // The link that confirms a waiver someone signed with the member's email (issue 22).
  { path: '/waiver/confirm/:token', title: 'Confirm your waiver', built: true },
  { path: '/services', title: 'Courses', built: true },
  // On the platform operator's site only (issue 28): its plans and the sign-up on one (as on its public
  // site), /plan the same plans, /tenant the member's own studios (docs/decisions/tenancy.md).
  { path: '/tplan', title: 'Tenant Plan', built: true },
  { path: '/tplan/:name/:freq', title: 'Tenant Plan', built: true },
  { path: '/plan', title: 'Plan', built: true },
  { path: '/tenant', title: 'My studios', built: true },
  { path: '/onboarding', title: 'Verify your email', built: true },
  { path: '/signup/:classId/:clsStartTime', title: 'Sign Up', built: true },
  { path: '/profile', title: 'Profile', built: true },
  { path: '/email/confirm', title: 'Confirm Email', built: true },
  { path: '/checkout/invoice/create', title: 'Invoice Payment' },
  { path: '/logout', title: 'Logout', built: true },
];

export const PUBLIC_ROUTES: readonly RouteSpec[] = [
  { path: '/', title: 'Home', built: true },
  // A new studio's sign-up (issue 13): the platform's page on the bare product domain, drawn by the
  // Shell before any tenant face (app/Shell.tsx), so no face lists it as one of its screens.
  { path: '/new-studio', title: 'Create your studio' },
  { path: '/calendar', title: 'Calendar', built: true },
  { path: '/courses', title: 'Courses', built: true },
  { path: '/courses/:slug', title: 'Course', built: true },
  // The platform operator's plans and the sign-up on one (issue 28).
  { path: '/tplan', title: 'Plans', built: true },
  { path: '/tplan/:name/:freq', title: 'Plans', built: true },
  { path: '/publicdonations', title: 'Donations', built: true },
  { path: '/donations', title: 'Donations', built: true },
  { path: '/donate', title: 'Donate', built: true },
  { path: '/donate/:id', title: 'Donate', built: true },
  // The link in each monthly gift's receipt (decisions.md "Monthly gifts").
  { path: '/donate/monthly/:token', title: 'Your monthly gift', built: true },
  // The link emailed to confirm a waiver (decisions.md "A waiver counts when the member signed it").
  { path: '/waiver/confirm/:token', title: 'Confirm your waiver', built: true },
  { path: '/checkout', title: 'Checkout', built: true },
  // The checkout with registration (decisions.md): the plain checkout when the studio does not ask for it.
  { path: '/checkout/register', title: 'Checkout Registration', built: true },
  { path: '/checkout/invoice/create', title: 'Invoice Payment' },
  { path: '/preview', title: 'Preview' },
  { path: '/preview/regform/:guId', title: 'Registration Form Preview', built: true },
  { path: '/events', title: 'Events', built: true },
  { path: '/events/:id', title: 'Event', built: true },
  { path: '/forms', title: 'Forms', built: true },
  { path: '/regform/:guId', title: 'Registration Form', built: true },
  { path: '/registration/:id', title: 'Registration Form', built: true },
  { path: '/invoice/:id', title: 'Invoice', built: true },
  { path: '/merchandise', title: 'Merchandise', built: true },
  { path: '/mediagallery', title: 'Media Gallery', built: true },
  { path: '/login', title: 'Login', built: true },
  { path: '/register', title: 'Register', built: true },
  { path: '/register/confirm', title: 'Finish Registration', built: true },
  { path: '/email/confirm', title: 'Confirm Email', built: true },
  { path: '/forgot-password', title: 'Forgot Password', built: true },
  { path: '/reset-password', title: 'Reset Password', built: true },
  { path: '/logout', title: 'Logout' },
];

/** Reached after an integration login; a visitor is sent to log in first (spec 1 landing rules). */
export const LOGIN_FIRST_PATHS: readonly string[] = ['/integrations/zoom', '/integrations/paymentprovider'];

export const SIGNUP_PATTERN = '/signup/:classId/:clsStartTime';

export function normalizePath(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/** True when the path is one of the routes and its screen is built. */
export function isBuiltRoute(routes: readonly RouteSpec[], pathname: string): boolean {
  return findRoute(routes, pathname)?.built === true;
}

export function findRoute(routes: readonly RouteSpec[], pathname: string): RouteSpec | undefined {
  const path = normalizePath(pathname);
  return routes.find((route) => matchPath({ path: route.path, end: true }, path) !== null);
}

function firstSegment(path: string): string {
  return normalizePath(path).split('/')[1] ?? '';
}

function segmentsOf(routes: readonly { path: string }[]): Set<string> {
  return new Set(routes.map((route) => firstSegment(route.path)).filter((segment) => segment !== ''));
}

const PUBLIC_SEGMENTS = segmentsOf(PUBLIC_ROUTES);
const PRIVATE_SEGMENTS = segmentsOf([
  ...ADMIN_ROUTES,
  ...SETTINGS_ROUTES,
  ...STUDENT_ROUTES,
  ...Object.keys(ADMIN_REDIRECTS).map((path) => ({ path })),
]);

/** True when the path's first segment belongs to some face: a known app area, not a stray URL. */
export function isKnownAppPath(pathname: string): boolean {
  const segment = firstSegment(pathname);
  return PUBLIC_SEGMENTS.has(segment) || PRIVATE_SEGMENTS.has(segment);
}

/**
 * An admin, settings or student route (or a path inside one of their areas) that is not a
 * public route: what a visitor must see as page not found.
 */
export function isPrivateAppPath(pathname: string): boolean {
  if (findRoute(PUBLIC_ROUTES, pathname)) return false;
  if (findRoute(ADMIN_ROUTES, pathname) || findRoute(STUDENT_ROUTES, pathname)) return true;
  const segment = firstSegment(pathname);
  return PRIVATE_SEGMENTS.has(segment) && !PUBLIC_SEGMENTS.has(segment);
}
