import { defaultPublicRoute, isStaffRole, type Role, type TenantConfig } from '@atrium/contracts';
import { matchPath } from 'react-router';
import { type PendingEvent, signupPath } from './pending-event';
import {
  ADMIN_REDIRECTS,
  ADMIN_ROUTES,
  findRoute,
  isBuiltRoute,
  isKnownAppPath,
  isPrivateAppPath,
  LOGIN_FIRST_PATHS,
  normalizePath,
  PUBLIC_ROUTES,
  type RouteSpec,
  SETTINGS_ROUTES,
  SIGNUP_PATTERN,
  STUDENT_ROUTES,
} from './route-paths';

/** Spec 1 §2 "Landing rules", as pure functions the faces and the login flow share. */

export type LandingTenant = Pick<
  TenantConfig,
  | 'isShowScheduleMenu'
  | 'isShowSchedule'
  | 'isShowCourses'
  | 'isShowDonation'
  | 'isNewTenant'
  | 'orgId'
  | 'masterOrgId'
  | 'isPlatformOperator'
  | 'web'
>;

export type PathDecision =
  | { kind: 'stay' }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound' }
  | { kind: 'page'; name: string }
  | { kind: 'external'; url: string }
  | { kind: 'login'; returnUrl?: string; pendingEvent?: PendingEvent };

/**
 * Whether a route's screen is built. The rules below are the spec's; a route whose module is not
 * built yet answers page not found, and a home it would land on gives way to one that works (the
 * dashboard until the calendar exists). Tests of the spec's rules pass ALL_BUILT.
 */
export type BuiltCheck = (routes: readonly RouteSpec[], path: string) => boolean;
export const ALL_BUILT: BuiltCheck = (routes, path) => findRoute(routes, path) !== undefined;

const STAY: PathDecision = { kind: 'stay' };
const NOT_FOUND: PathDecision = { kind: 'notFound' };
const redirect = (to: string): PathDecision => ({ kind: 'redirect', to });

/** My courses is the student landing when the tenant hides the schedule menu; else the profile. */
export function studentHome(tenant: Pick<TenantConfig, 'isShowScheduleMenu'>, built = isBuiltRoute): string {
  const homes = [tenant.isShowScheduleMenu ? '/classes' : '/mycourses', '/mycourses', '/profile'];
  return homes.find((path) => built(STUDENT_ROUTES, path)) ?? '/logout';
}

/** The calendar staff land on, or the dashboard while the calendar is not built. */
function staffHome(built: BuiltCheck): string {
  return built(ADMIN_ROUTES, '/calendar') ? '/calendar' : '/dashboard';
}

/** Admin to the dashboard, student to classes (or my courses), other staff to the calendar. */
export function roleHome(role: Role, tenant: Pick<TenantConfig, 'isShowScheduleMenu'>, built = isBuiltRoute): string {
  if (role === 'admin') return '/dashboard';
  if (role === 'student') return studentHome(tenant, built);
  return staffHome(built);
}

export function canShowPublicCalendar(tenant: Pick<TenantConfig, 'isShowSchedule'>, built = isBuiltRoute): boolean {
  return tenant.isShowSchedule && built(PUBLIC_ROUTES, '/calendar');
}

export function canShowPublicCourses(tenant: Pick<TenantConfig, 'isShowCourses'>, built = isBuiltRoute): boolean {
  return tenant.isShowCourses && built(PUBLIC_ROUTES, '/courses');
}

export function canShowTenantPlan(tenant: Pick<TenantConfig, 'isPlatformOperator'>): boolean {
  // Spec 1 §2 says "the master tenant": the one that runs the platform (issue 28), not every studio
  // that is a master of itself (docs/decisions/tenancy.md "The platform operator").
  return tenant.isPlatformOperator === true;
}

/** /logout on the public site: the calendar, else the courses list, else login. */
export function publicLogoutTarget(
  tenant: Pick<TenantConfig, 'isShowSchedule' | 'isShowCourses'>,
  built = isBuiltRoute,
): string {
  if (canShowPublicCalendar(tenant, built)) return '/calendar';
  if (canShowPublicCourses(tenant, built)) return '/courses';
  return '/login';
}

const AUTH_SCREENS = new Set([
  '/login',
  '/register',
  '/register/confirm',
  '/forgot-password',
  '/reset-password',
  '/logout',
]);

/** Only same-app paths are followed after login: never an absolute or protocol-relative URL. */
export function safeReturnUrl(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  return value;
}

export interface LoginLandingInput {
  role: Role;
  tenant: LandingTenant;
  pendingEvent: PendingEvent | null;
  /** Where the visitor was sent to login from (a login-first path), if anywhere. */
  returnUrl?: string | null;
  built?: BuiltCheck;
}

/**
 * After login: a staff user of a new tenant goes to onboarding; a valid return path is kept;
 * a student with a pending class pick goes to its signup; else the role's home.
 */
export function landingAfterLogin({
  role,
  tenant,
  pendingEvent,
  returnUrl,
  built = isBuiltRoute,
}: LoginLandingInput): string {
  const staff = isStaffRole(role);
  if (staff && tenant.isNewTenant) return '/onboarding';
  const back = safeReturnUrl(returnUrl);
  if (back && !AUTH_SCREENS.has(normalizePath(back.split('?')[0] ?? '/'))) {
    const [pathname = '/'] = back.split('?');
    const decision = staff ? decideStaffPath(pathname, tenant, built) : decideStudentPath(pathname, tenant, built);
    if (decision.kind === 'stay') return back;
  }
  if (role === 'student' && pendingEvent) return signupPath(pendingEvent);
  return roleHome(role, tenant, built);
}

/** A route of these: its screen when built, else page not found. */
function builtOrNotFound(routes: readonly RouteSpec[], path: string, built: BuiltCheck): PathDecision {
  return built(routes, path) ? STAY : NOT_FOUND;
}

/** Staff (admin, staff, front desk): stay on a valid admin route, else the dashboard or a 404. */
export function decideStaffPath(pathname: string, tenant: LandingTenant, built = isBuiltRoute): PathDecision {
  const path = normalizePath(pathname);
  if (path === '/') return redirect(staffHome(built));
  const alias = ADMIN_REDIRECTS[path];
  if (alias) return redirect(alias);
  if (path === '/settings' || path.startsWith('/settings/')) {
    return findRoute(SETTINGS_ROUTES, path) ? builtOrNotFound(SETTINGS_ROUTES, path, built) : redirect('/settings');
  }
  if (path === '/onboarding')
    return tenant.isNewTenant ? builtOrNotFound(ADMIN_ROUTES, path, built) : redirect('/dashboard');
  if (path === '/calendar') return tenant.isShowSchedule && built(ADMIN_ROUTES, path) ? STAY : redirect('/dashboard');
  if (path === '/donation' && !tenant.isShowDonation) return redirect('/dashboard');
  // Courses off (isShowCourses): the staff's course screens go to the dashboard, like the menu item.
  if (!tenant.isShowCourses && (matchPath('/services', path) || matchPath('/content/*', path))) {
    return redirect('/dashboard');
  }
  if (matchPath('/tplan/*', path) || path === '/masterplan' || matchPath('/tenant/*', path)) {
    return canShowTenantPlan(tenant) ? builtOrNotFound(ADMIN_ROUTES, path, built) : redirect('/dashboard');
  }
  if (findRoute(ADMIN_ROUTES, path)) return builtOrNotFound(ADMIN_ROUTES, path, built);
  return isKnownAppPath(path) ? redirect('/dashboard') : NOT_FOUND;
}

/** Students: stay on a valid student route, else their home or a 404. */
export function decideStudentPath(pathname: string, tenant: LandingTenant, built = isBuiltRoute): PathDecision {
  const path = normalizePath(pathname);
  const home = studentHome(tenant, built);
  if (path === '/') return redirect(home);
  if (path === '/classes' && !tenant.isShowScheduleMenu) return redirect('/mycourses');
  // The public courses listing, opened by a member: the catalogue of their face (issue 25).
  if (path === '/courses') return redirect('/services');
  if ((matchPath('/tplan/*', path) || path === '/plan' || path === '/tenant') && !canShowTenantPlan(tenant)) {
    return redirect(home);
  }
  if (path === '/mydonation' && !tenant.isShowDonation) return redirect(home);
  // A product's page in the shop (the server's, issue 30), opened by a member: My Store, the same catalogue and cart.
  if (isProductPath(path)) return redirect('/store');
  if (findRoute(STUDENT_ROUTES, path)) return builtOrNotFound(STUDENT_ROUTES, path, built);
  return isKnownAppPath(path) ? redirect(home) : NOT_FOUND;
}

/** The no-route (home) page: the home page, else the first external page, else login. */
export function decideHome(tenant: Pick<TenantConfig, 'web'>): PathDecision {
  const target = defaultPublicRoute(tenant.web.pages);
  if (target.kind === 'home') return { kind: 'page', name: 'home' };
  if (target.kind === 'external') return { kind: 'external', url: target.url };
  return redirect('/login');
}

/** The internal non-standard website page served at this path, if any. */
export function internalPageAt(pathname: string, tenant: Pick<TenantConfig, 'web'>): string | null {
  const path = normalizePath(pathname).toLowerCase();
  const page = tenant.web.pages.find((candidate) => {
    if (candidate.isExternalLink || candidate.name === 'home') return false;
    const slug = (candidate.url || candidate.name).replace(/^\/+/, '').toLowerCase();
    return `/${slug}` === path;
  });
  return page ? page.name : null;
}

/** The public donation pages: absent when the tenant has donations off (spec 1 §5). */
const isDonationPath = (path: string) =>
  path === '/donations' || path === '/publicdonations' || path === '/donate' || path.startsWith('/donate/');

/** A product's page in the public shop, /merchandise/{id}: rendered by the server only (docs/decisions/website.md). */
const isProductPath = (path: string) => /^\/merchandise\/[^/]+$/.test(path);

/** Visitors (and staff in Web Preview): the public site's rules. */
export function decideVisitorPath(
  pathname: string,
  search: string,
  tenant: LandingTenant,
  built = isBuiltRoute,
): PathDecision {
  const path = normalizePath(pathname);
  if (path === '/') return decideHome(tenant);
  if (path === '/calendar') return canShowPublicCalendar(tenant, built) ? STAY : NOT_FOUND;
  if (path === '/courses') return canShowPublicCourses(tenant, built) ? STAY : NOT_FOUND;
  if (isDonationPath(path) && !tenant.isShowDonation) return NOT_FOUND;
  // A product's page is the server's; the app (a signed-in visitor, Web Preview) shows the shop it belongs to.
  if (isProductPath(path)) return redirect('/merchandise');
  // A course's page (issue 25); an address deeper than /courses/{course} falls back to the listing.
  if (path.startsWith('/courses/')) {
    if (!canShowPublicCourses(tenant, built)) return NOT_FOUND;
    return /^\/courses\/[^/]+$/.test(path) ? STAY : redirect('/courses');
  }
  if (path === '/tplan' || matchPath('/tplan/:name/:freq', path))
    return canShowTenantPlan(tenant) ? builtOrNotFound(PUBLIC_ROUTES, path, built) : NOT_FOUND;
  if (path === '/logout') return redirect(publicLogoutTarget(tenant, built));
  if (LOGIN_FIRST_PATHS.includes(path)) return { kind: 'login', returnUrl: `${path}${search}` };
  const signup = matchPath(SIGNUP_PATTERN, path);
  if (signup?.params.classId && signup.params.clsStartTime) {
    const scheduleId = new URLSearchParams(search).get('scheduleId');
    return {
      kind: 'login',
      pendingEvent: {
        classId: signup.params.classId,
        clsStartTime: signup.params.clsStartTime,
        ...(scheduleId ? { scheduleId } : {}),
      },
    };
  }
  if (findRoute(PUBLIC_ROUTES, path)) return builtOrNotFound(PUBLIC_ROUTES, path, built);
  const page = internalPageAt(path, tenant);
  if (page) return { kind: 'page', name: page };
  if (isPrivateAppPath(path)) return NOT_FOUND;
  return decideHome(tenant);
}
