import { describe, expect, it } from 'vitest';
import { makePage, makeTenant } from '../../test/fixtures';
import * as landing from './landing';
import { ALL_BUILT, type LoginLandingInput, safeReturnUrl } from './landing';
import { parsePendingEvent, signupPath } from './pending-event';
import { isKnownAppPath, isPrivateAppPath } from './route-paths';

// The spec's rules, as they read once every module is built; today's built screens at the end.
const decideStaffPath = (path: string, t: landing.LandingTenant) => landing.decideStaffPath(path, t, ALL_BUILT);
const decideStudentPath = (path: string, t: landing.LandingTenant) => landing.decideStudentPath(path, t, ALL_BUILT);
const decideVisitorPath = (path: string, search: string, t: landing.LandingTenant) =>
  landing.decideVisitorPath(path, search, t, ALL_BUILT);
const landingAfterLogin = (input: LoginLandingInput) => landing.landingAfterLogin({ ...input, built: ALL_BUILT });
const publicLogoutTarget = (t: Parameters<typeof landing.publicLogoutTarget>[0]) =>
  landing.publicLogoutTarget(t, ALL_BUILT);
const roleHome = (role: Parameters<typeof landing.roleHome>[0], t: Parameters<typeof landing.roleHome>[1]) =>
  landing.roleHome(role, t, ALL_BUILT);
const studentHome = (t: Parameters<typeof landing.studentHome>[0]) => landing.studentHome(t, ALL_BUILT);

const tenant = makeTenant();
// The platform operator (issue 28); a studio that is only a master of itself sees none of its screens.
const master = makeTenant({ orgId: 'master', masterOrgId: 'master', isPlatformOperator: true });
const otherMaster = makeTenant({ orgId: 'studio', masterOrgId: 'studio' });

describe('landing after login', () => {
  it('sends admin to the dashboard, students to classes, other staff to the calendar', () => {
    expect(landingAfterLogin({ role: 'admin', tenant, pendingEvent: null })).toBe('/dashboard');
    expect(landingAfterLogin({ role: 'student', tenant, pendingEvent: null })).toBe('/classes');
    expect(landingAfterLogin({ role: 'staff', tenant, pendingEvent: null })).toBe('/calendar');
    expect(landingAfterLogin({ role: 'frontdesk', tenant, pendingEvent: null })).toBe('/calendar');
  });

  it('sends students to my courses when the tenant hides the schedule menu', () => {
    const hidden = makeTenant({ isShowScheduleMenu: false });
    expect(landingAfterLogin({ role: 'student', tenant: hidden, pendingEvent: null })).toBe('/mycourses');
    expect(studentHome(hidden)).toBe('/mycourses');
    expect(roleHome('student', hidden)).toBe('/mycourses');
  });

  it('sends a student with a pending class pick to its signup', () => {
    const pendingEvent = { classId: 'c1', clsStartTime: '2025-03-01T10:00', scheduleId: 's9' };
    expect(landingAfterLogin({ role: 'student', tenant, pendingEvent })).toBe(
      '/signup/c1/2025-03-01T10%3A00?scheduleId=s9',
    );
    expect(landingAfterLogin({ role: 'student', tenant, pendingEvent: { classId: 'c1', clsStartTime: '1700' } })).toBe(
      '/signup/c1/1700',
    );
  });

  it('ignores a pending class pick for staff', () => {
    const pendingEvent = { classId: 'c1', clsStartTime: '1700' };
    expect(landingAfterLogin({ role: 'admin', tenant, pendingEvent })).toBe('/dashboard');
  });

  it('sends staff of a new tenant to onboarding, never students', () => {
    const fresh = makeTenant({ isNewTenant: true });
    expect(landingAfterLogin({ role: 'admin', tenant: fresh, pendingEvent: null })).toBe('/onboarding');
    expect(landingAfterLogin({ role: 'frontdesk', tenant: fresh, pendingEvent: null })).toBe('/onboarding');
    expect(landingAfterLogin({ role: 'student', tenant: fresh, pendingEvent: null })).toBe('/classes');
  });

  it('returns to a valid route the visitor was sent to login from', () => {
    expect(landingAfterLogin({ role: 'admin', tenant, pendingEvent: null, returnUrl: '/integrations/zoom' })).toBe(
      '/integrations/zoom',
    );
    expect(landingAfterLogin({ role: 'student', tenant, pendingEvent: null, returnUrl: '/dashboard' })).toBe(
      '/classes',
    );
    expect(landingAfterLogin({ role: 'admin', tenant, pendingEvent: null, returnUrl: '/login' })).toBe('/dashboard');
    expect(landingAfterLogin({ role: 'admin', tenant, pendingEvent: null, returnUrl: 'https://evil.test' })).toBe(
      '/dashboard',
    );
    expect(landingAfterLogin({ role: 'admin', tenant, pendingEvent: null, returnUrl: '//evil.test/x' })).toBe(
      '/dashboard',
    );
  });

  it('accepts only same-app return URLs', () => {
    expect(safeReturnUrl('/contacts?x=1')).toBe('/contacts?x=1');
    expect(safeReturnUrl('//evil.test')).toBeNull();
    expect(safeReturnUrl('/\\evil.test')).toBeNull();
    expect(safeReturnUrl('http://evil.test')).toBeNull();
    expect(safeReturnUrl(null)).toBeNull();
  });
});

describe('staff routes', () => {
  it('keeps staff on a valid admin route', () => {
    for (const path of [
      '/dashboard',
      '/contacts',
      '/contacts/g1/detail',
      '/contacts/c1/details',
      '/settings',
      '/settings/users/42',
    ]) {
      expect(decideStaffPath(path, tenant), path).toEqual({ kind: 'stay' });
    }
  });

  it('redirects the root to the calendar', () => {
    expect(decideStaffPath('/', tenant)).toEqual({ kind: 'redirect', to: '/calendar' });
  });

  it('sends /integrations to /settings/integrations', () => {
    expect(decideStaffPath('/integrations', tenant)).toEqual({ kind: 'redirect', to: '/settings/integrations' });
    expect(decideStaffPath('/integrations/zoom', tenant)).toEqual({ kind: 'stay' });
  });

  it('sends unknown settings paths to /settings', () => {
    expect(decideStaffPath('/settings/nope', tenant)).toEqual({ kind: 'redirect', to: '/settings' });
    expect(decideStaffPath('/settings/users/1/extra', tenant)).toEqual({ kind: 'redirect', to: '/settings' });
  });

  it('sends unknown paths inside the app to the dashboard and stray paths to the 404 page', () => {
    expect(decideStaffPath('/contacts/x/y/z', tenant)).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decideStaffPath('/mycourses', tenant)).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decideStaffPath('/login', tenant)).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(decideStaffPath('/no-such-thing', tenant)).toEqual({ kind: 'notFound' });
  });

  it('shows the tenant plan, master plans and tenants only on the master tenant', () => {
    for (const path of ['/tplan', '/tplan/gold/monthly', '/masterplan', '/tenant', '/tenant/audit']) {
      expect(decideStaffPath(path, master), path).toEqual({ kind: 'stay' });
      expect(decideStaffPath(path, tenant), path).toEqual({ kind: 'redirect', to: '/dashboard' });
      expect(decideStaffPath(path, otherMaster), path).toEqual({ kind: 'redirect', to: '/dashboard' });
    }
  });

  it('shows onboarding only to a new tenant', () => {
    expect(decideStaffPath('/onboarding', makeTenant({ isNewTenant: true }))).toEqual({ kind: 'stay' });
    expect(decideStaffPath('/onboarding', tenant)).toEqual({ kind: 'redirect', to: '/dashboard' });
  });

  it('shows the calendar only when the tenant enables schedule', () => {
    expect(decideStaffPath('/calendar', tenant)).toEqual({ kind: 'stay' });
    expect(decideStaffPath('/calendar', makeTenant({ isShowSchedule: false }))).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
  });

  it('redirects the old settings screen names into /settings', () => {
    expect(decideStaffPath('/accountsettings', tenant)).toEqual({ kind: 'redirect', to: '/settings/account' });
  });
});

describe('student routes', () => {
  it('keeps students on a valid student route', () => {
    for (const path of ['/classes', '/mycourses', '/student-assessments', '/profile', '/signup/c1/1700']) {
      expect(decideStudentPath(path, tenant), path).toEqual({ kind: 'stay' });
    }
  });

  it('sends the root and unknown student paths to classes, stray paths to the 404 page', () => {
    expect(decideStudentPath('/', tenant)).toEqual({ kind: 'redirect', to: '/classes' });
    expect(decideStudentPath('/dashboard', tenant)).toEqual({ kind: 'redirect', to: '/classes' });
    expect(decideStudentPath('/mycourses/x/y', tenant)).toEqual({ kind: 'redirect', to: '/classes' });
    expect(decideStudentPath('/no-such-thing', tenant)).toEqual({ kind: 'notFound' });
  });

  it('sends students to my courses when the schedule menu is hidden', () => {
    const hidden = makeTenant({ isShowScheduleMenu: false });
    expect(decideStudentPath('/classes', hidden)).toEqual({ kind: 'redirect', to: '/mycourses' });
    expect(decideStudentPath('/dashboard', hidden)).toEqual({ kind: 'redirect', to: '/mycourses' });
  });

  it('shows the tenant plan only on the master tenant', () => {
    for (const path of ['/tplan', '/tplan/gold/yearly', '/plan', '/tenant']) {
      expect(decideStudentPath(path, master), path).toEqual({ kind: 'stay' });
      expect(decideStudentPath(path, tenant), path).toEqual({ kind: 'redirect', to: '/classes' });
      expect(decideStudentPath(path, otherMaster), path).toEqual({ kind: 'redirect', to: '/classes' });
    }
  });
});

describe('visitor routes', () => {
  it('shows the home page at the root when the tenant has one', () => {
    expect(decideVisitorPath('/', '', tenant)).toEqual({ kind: 'page', name: 'home' });
  });

  it('uses the first external page, else login, when there is no home page', () => {
    const external = makeTenant({
      web: { pages: [makePage('about'), makePage('blog', { isExternalLink: true, externalLink: 'blog.example.com' })] },
    });
    expect(decideVisitorPath('/', '', external)).toEqual({ kind: 'external', url: 'http://blog.example.com' });
    const none = makeTenant({ web: { pages: [makePage('about')] } });
    expect(decideVisitorPath('/', '', none)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('shows the calendar only if the tenant enables schedule, courses only if it enables courses', () => {
    expect(decideVisitorPath('/calendar', '', tenant)).toEqual({ kind: 'stay' });
    expect(decideVisitorPath('/courses', '', tenant)).toEqual({ kind: 'stay' });
    expect(decideVisitorPath('/calendar', '', makeTenant({ isShowSchedule: false }))).toEqual({ kind: 'notFound' });
    expect(decideVisitorPath('/courses', '', makeTenant({ isShowCourses: false }))).toEqual({ kind: 'notFound' });
  });

  it('falls back to the courses route inside courses', () => {
    expect(decideVisitorPath('/courses/yoga-101', '', tenant)).toEqual({ kind: 'stay' });
    expect(decideVisitorPath('/courses/yoga-101/more', '', tenant)).toEqual({ kind: 'redirect', to: '/courses' });
    expect(decideStudentPath('/courses', tenant)).toEqual({ kind: 'redirect', to: '/services' });
    expect(decideStudentPath('/courses/yoga-101', tenant)).toEqual({ kind: 'stay' });
    expect(decideStudentPath('/mycourses/abc', tenant)).toEqual({ kind: 'stay' });
  });

  it("sends a product's page (the server's) to the shop in the app: the listing for a visitor, My Store for a member", () => {
    expect(decideVisitorPath('/merchandise/0b6c2c1e-4f5a-4d7e-9a0b-1c2d3e4f5a6b', '', tenant)).toEqual({
      kind: 'redirect',
      to: '/merchandise',
    });
    expect(decideStudentPath('/merchandise/0b6c2c1e-4f5a-4d7e-9a0b-1c2d3e4f5a6b', tenant)).toEqual({
      kind: 'redirect',
      to: '/store',
    });
    expect(decideVisitorPath('/merchandise', '', tenant)).toEqual({ kind: 'stay' });
  });

  it('shows the tenant plan only on the master tenant', () => {
    expect(decideVisitorPath('/tplan', '', master)).toEqual({ kind: 'stay' });
    expect(decideVisitorPath('/tplan', '', tenant)).toEqual({ kind: 'notFound' });
    expect(decideVisitorPath('/tplan', '', otherMaster)).toEqual({ kind: 'notFound' });
    expect(decideVisitorPath('/tplan/gold/monthly', '', master)).toEqual({ kind: 'stay' });
    expect(decideVisitorPath('/tplan/gold/monthly', '', otherMaster)).toEqual({ kind: 'notFound' });
  });

  it('treats admin and student routes as page not found', () => {
    for (const path of [
      '/dashboard',
      '/contacts',
      '/contacts/g1/detail',
      '/settings/users',
      '/mycourses',
      '/store',
      '/integrations',
    ]) {
      expect(decideVisitorPath(path, '', tenant), path).toEqual({ kind: 'notFound' });
    }
  });

  it('sends visitors to login first for the integration return pages', () => {
    expect(decideVisitorPath('/integrations/zoom', '?code=1', tenant)).toEqual({
      kind: 'login',
      returnUrl: '/integrations/zoom?code=1',
    });
    expect(decideVisitorPath('/integrations/paymentprovider', '', tenant)).toEqual({
      kind: 'login',
      returnUrl: '/integrations/paymentprovider',
    });
  });

  it('keeps a class pick from a signup link and sends the visitor to login', () => {
    expect(decideVisitorPath('/signup/c1/1700', '?scheduleId=s2', tenant)).toEqual({
      kind: 'login',
      pendingEvent: { classId: 'c1', clsStartTime: '1700', scheduleId: 's2' },
    });
  });

  it('redirects /logout to the calendar, the courses list or login, in that order', () => {
    expect(decideVisitorPath('/logout', '', tenant)).toEqual({ kind: 'redirect', to: '/calendar' });
    expect(publicLogoutTarget(makeTenant({ isShowSchedule: false }))).toBe('/courses');
    expect(publicLogoutTarget(makeTenant({ isShowSchedule: false, isShowCourses: false }))).toBe('/login');
  });

  it('serves internal non-standard pages at their url', () => {
    const withPages = makeTenant({
      web: {
        pages: [
          makePage('home'),
          makePage('about'),
          makePage('privacypolicy', { url: 'privacy-policy', isLegal: true }),
        ],
      },
    });
    expect(decideVisitorPath('/about', '', withPages)).toEqual({ kind: 'page', name: 'about' });
    expect(decideVisitorPath('/privacy-policy', '', withPages)).toEqual({ kind: 'page', name: 'privacypolicy' });
  });

  it('shows the no-route (home) page for an unknown public path', () => {
    expect(decideVisitorPath('/what-is-this', '', tenant)).toEqual({ kind: 'page', name: 'home' });
    const noHome = makeTenant({ web: { pages: [] } });
    expect(decideVisitorPath('/what-is-this', '', noHome)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('keeps the public auth screens', () => {
    for (const path of ['/login', '/register', '/register/confirm', '/forgot-password', '/reset-password']) {
      expect(decideVisitorPath(path, '', tenant), path).toEqual({ kind: 'stay' });
    }
  });
});

describe('route tables', () => {
  it('knows which paths belong to the app', () => {
    expect(isKnownAppPath('/contacts/anything')).toBe(true);
    expect(isKnownAppPath('/nowhere')).toBe(false);
    expect(isPrivateAppPath('/login')).toBe(false);
    expect(isPrivateAppPath('/tplan')).toBe(false);
    expect(isPrivateAppPath('/settings')).toBe(true);
    expect(isPrivateAppPath('/settingsx')).toBe(false);
  });
});

describe('pending event', () => {
  it('builds the signup path and parses stored values defensively', () => {
    expect(signupPath({ classId: 'a b', clsStartTime: '10:00' })).toBe('/signup/a%20b/10%3A00');
    expect(parsePendingEvent('{"classId":"c","clsStartTime":"t","scheduleId":"s"}')).toEqual({
      classId: 'c',
      clsStartTime: 't',
      scheduleId: 's',
    });
    expect(parsePendingEvent('{"classId":"c"}')).toBeNull();
    expect(parsePendingEvent('not json')).toBeNull();
    expect(parsePendingEvent(null)).toBeNull();
  });
});

describe('while a module is not built', () => {
  it('sends staff and the front desk to the calendar now it is built, admins to the dashboard; modules not built answer page not found', () => {
    expect(landing.landingAfterLogin({ role: 'frontdesk', tenant, pendingEvent: null })).toBe('/calendar');
    expect(landing.landingAfterLogin({ role: 'staff', tenant, pendingEvent: null })).toBe('/calendar');
    expect(landing.landingAfterLogin({ role: 'admin', tenant, pendingEvent: null })).toBe('/dashboard');
    expect(landing.decideStaffPath('/', tenant)).toEqual({ kind: 'redirect', to: '/calendar' });
    expect(landing.decideStaffPath('/calendar', tenant)).toEqual({ kind: 'stay' });
    expect(landing.decideStaffPath('/calendar', { ...tenant, isShowSchedule: false })).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
    expect(landing.decideStaffPath('/reports', tenant)).toEqual({ kind: 'stay' });
    expect(landing.decideStaffPath('/services', tenant)).toEqual({ kind: 'stay' });
    expect(landing.decideStaffPath('/content/any-id', tenant)).toEqual({ kind: 'stay' });
    expect(landing.decideStaffPath('/services', { ...tenant, isShowCourses: false })).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
    expect(landing.decideStaffPath('/content', { ...tenant, isShowCourses: false })).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
    expect(landing.decideStaffPath('/store', tenant)).toEqual({ kind: 'stay' });
    expect(landing.decideStaffPath('/settings/regforms', tenant)).toEqual({ kind: 'stay' });
    expect(landing.decideStaffPath('/tests', tenant)).toEqual({ kind: 'stay' });
    expect(landing.decideStaffPath('/classrule', tenant)).toEqual({ kind: 'notFound' });
    expect(landing.decideStaffPath('/contacts', tenant)).toEqual({ kind: 'stay' });
  });

  it('shows visitors the calendar now it is built, shows courses now they are built, shows donations only when on, and logs them out to the calendar, else the courses', () => {
    expect(landing.decideVisitorPath('/calendar', '', tenant)).toEqual({ kind: 'stay' });
    expect(landing.decideVisitorPath('/calendar', '', { ...tenant, isShowSchedule: false })).toEqual({
      kind: 'notFound',
    });
    expect(landing.decideVisitorPath('/donations', '', tenant)).toEqual({ kind: 'stay' });
    expect(landing.decideVisitorPath('/donate/abc', '', tenant)).toEqual({ kind: 'stay' });
    for (const path of ['/donations', '/publicdonations', '/donate', '/donate/abc']) {
      expect(landing.decideVisitorPath(path, '', { ...tenant, isShowDonation: false })).toEqual({ kind: 'notFound' });
    }
    expect(landing.decideVisitorPath('/merchandise', '', tenant)).toEqual({ kind: 'stay' });
    expect(landing.decideVisitorPath('/checkout', '', tenant)).toEqual({ kind: 'stay' });
    expect(landing.decideVisitorPath('/login', '', tenant)).toEqual({ kind: 'stay' });
    expect(landing.publicLogoutTarget(tenant)).toBe('/calendar');
    expect(landing.publicLogoutTarget({ ...tenant, isShowSchedule: false })).toBe('/courses');
    expect(landing.publicLogoutTarget({ ...tenant, isShowSchedule: false, isShowCourses: false })).toBe('/login');
  });
});
