import { defaultPublicRoute, isMasterTenant, isStaffRole, type Role, type TenantConfig } from '@atrium/contracts';
import { matchPath } from 'react-router';
import { type PendingEvent, signupPath } from './pending-event';
import {
  ADMIN_REDIRECTS,
  ADMIN_ROUTES,
  findRoute,
  isKnownAppPath,
  isPrivateAppPath,
  LOGIN_FIRST_PATHS,
  normalizePath,
  PUBLIC_ROUTES,
  SETTINGS_ROUTES,
  SIGNUP_PATTERN,
  STUDENT_ROUTES,
} from './route-paths';

/** Spec 1 §2 "Landing rules", as pure functions the faces and the login flow share. */

export type LandingTenant = Pick<
  TenantConfig,
  'isShowScheduleMenu' | 'isShowSchedule' | 'isShowCourses' | 'isNewTenant' | 'orgId' | 'masterOrgId' | 'web'
>;

export type PathDecision =
  | { kind: 'stay' }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound' }
  | { kind: 'page'; name: string }
  | { kind: 'external'; url: string }
  | { kind: 'login'; returnUrl?: string; pendingEvent?: PendingEvent };

const STAY: PathDecision = { kind: 'stay' };
const NOT_FOUND: PathDecision = { kind: 'notFound' };
const redirect = (to: string): PathDecision => ({ kind: 'redirect', to });

/** My courses is the student landing when the tenant hides the schedule menu. */
export function studentHome(tenant: Pick<TenantConfig, 'isShowScheduleMenu'>): string {
  return tenant.isShowScheduleMenu ? '/classes' : '/mycourses';
}

/** Admin to the dashboard, student to classes (or my courses), other staff to the calendar. */
export function roleHome(role: Role, tenant: Pick<TenantConfig, 'isShowScheduleMenu'>): string {
  if (role === 'admin') return '/dashboard';
  if (role === 'student') return studentHome(tenant);
  return '/calendar';
}

export function canShowPublicCalendar(tenant: Pick<TenantConfig, 'isShowSchedule'>): boolean {
  return tenant.isShowSchedule;
}

export function canShowPublicCourses(tenant: Pick<TenantConfig, 'isShowCourses'>): boolean {
  return tenant.isShowCourses;
}

export function canShowTenantPlan(tenant: Pick<TenantConfig, 'orgId' | 'masterOrgId'>): boolean {
  return isMasterTenant(tenant);
}

/** /logout on the public site: the calendar, else the courses list, else login. */
export function publicLogoutTarget(tenant: Pick<TenantConfig, 'isShowSchedule' | 'isShowCourses'>): string {
  if (tenant.isShowSchedule) return '/calendar';
  if (tenant.isShowCourses) return '/courses';
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
}

/**
 * After login: a staff user of a new tenant goes to onboarding; a valid return path is kept;
 * a student with a pending class pick goes to its signup; else the role's home.
 */
export function landingAfterLogin({ role, tenant, pendingEvent, returnUrl }: LoginLandingInput): string {
  const staff = isStaffRole(role);
  if (staff && tenant.isNewTenant) return '/onboarding';
  const back = safeReturnUrl(returnUrl);
  if (back && !AUTH_SCREENS.has(normalizePath(back.split('?')[0] ?? '/'))) {
    const [pathname = '/'] = back.split('?');
    const decision = staff ? decideStaffPath(pathname, tenant) : decideStudentPath(pathname, tenant);
    if (decision.kind === 'stay') return back;
  }
  if (role === 'student' && pendingEvent) return signupPath(pendingEvent);
  return roleHome(role, tenant);
}

/** Staff (admin, staff, front desk): stay on a valid admin route, else the dashboard or a 404. */
export function decideStaffPath(pathname: string, tenant: LandingTenant): PathDecision {
  const path = normalizePath(pathname);
  if (path === '/') return redirect('/calendar');
  const alias = ADMIN_REDIRECTS[path];
  if (alias) return redirect(alias);
  if (path === '/settings' || path.startsWith('/settings/')) {
    return findRoute(SETTINGS_ROUTES, path) ? STAY : redirect('/settings');
  }
  if (path === '/onboarding') return tenant.isNewTenant ? STAY : redirect('/dashboard');
  if (path === '/calendar') return tenant.isShowSchedule ? STAY : redirect('/dashboard');
  if (matchPath('/tplan/*', path) || path === '/masterplan' || path === '/tenant') {
    return canShowTenantPlan(tenant) ? STAY : redirect('/dashboard');
  }
  if (findRoute(ADMIN_ROUTES, path)) return STAY;
  return isKnownAppPath(path) ? redirect('/dashboard') : NOT_FOUND;
}

/** Students: stay on a valid student route, else their home or a 404. */
export function decideStudentPath(pathname: string, tenant: LandingTenant): PathDecision {
  const path = normalizePath(pathname);
  const home = studentHome(tenant);
  if (path === '/') return redirect(home);
  if (path === '/classes' && !tenant.isShowScheduleMenu) return redirect('/mycourses');
  if (path === '/tplan' && !canShowTenantPlan(tenant)) return redirect(home);
  if (findRoute(STUDENT_ROUTES, path)) return STAY;
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

/** Visitors (and staff in Web Preview): the public site's rules. */
export function decideVisitorPath(pathname: string, search: string, tenant: LandingTenant): PathDecision {
  const path = normalizePath(pathname);
  if (path === '/') return decideHome(tenant);
  if (path === '/calendar') return canShowPublicCalendar(tenant) ? STAY : NOT_FOUND;
  if (path === '/courses') return canShowPublicCourses(tenant) ? STAY : NOT_FOUND;
  if (path.startsWith('/courses/')) return canShowPublicCourses(tenant) ? redirect('/courses') : NOT_FOUND;
  if (path === '/tplan') return canShowTenantPlan(tenant) ? STAY : NOT_FOUND;
  if (path === '/logout') return redirect(publicLogoutTarget(tenant));
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
  if (findRoute(PUBLIC_ROUTES, path)) return STAY;
  const page = internalPageAt(path, tenant);
  if (page) return { kind: 'page', name: page };
  if (isPrivateAppPath(path)) return NOT_FOUND;
  return decideHome(tenant);
}
