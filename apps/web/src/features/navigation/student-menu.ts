import type { SessionContact, TenantConfig } from '@atrium/contracts';
import { collapsable, keepBuilt, type MaybeNavItem, type NavItem, pruneMenu } from './nav-item';
import { isBuiltRoute, STUDENT_ROUTES } from './route-paths';

/** The display name used as the title of the student's profile group. */
export function displayName(user: Pick<SessionContact, 'fullName' | 'name' | 'lastName' | 'email'>): string {
  const full = user.fullName.trim() || `${user.name} ${user.lastName}`.trim();
  return full || user.email;
}

/**
 * Spec 1 §2, §6: Calendar only with the schedule menu, My Store only with the store menu,
 * My Donations only with donations on, and a profile group titled with the user's name holding Profile and Logout. The four tabs take
 * the tenant's Student App labels (spec 2 §3), which default to the spec's names.
 */
export function buildStudentMenu(
  tenant: Pick<TenantConfig, 'isShowScheduleMenu' | 'isShowStoreMenu' | 'isShowDonation' | 'appLabels'>,
  user: Pick<SessionContact, 'fullName' | 'name' | 'lastName' | 'email'>,
  isBuilt: (url: string) => boolean = (url) => isBuiltRoute(STUDENT_ROUTES, url),
): NavItem[] {
  const [calendar, courses, store, assessments] = tenant.appLabels;
  const menu: MaybeNavItem[] = [
    tenant.isShowScheduleMenu
      ? { id: 'calendar', title: calendar || 'Calendar', type: 'item', url: '/classes', icon: 'calendar' }
      : null,
    // Not in the spec's student menu: the member's own bookings, to come and past (issue 29).
    tenant.isShowScheduleMenu
      ? { id: 'mybookings', title: 'My Bookings', type: 'item', url: '/mybookings', icon: 'calendar-event' }
      : null,
    { id: 'mycourses', title: courses || 'Courses', type: 'item', url: '/mycourses', icon: 'school' },
    tenant.isShowStoreMenu
      ? { id: 'store', title: store || 'My Store', type: 'item', url: '/store', icon: 'building-store' }
      : null,
    { id: 'memberships', title: 'My Memberships', type: 'item', url: '/memberships', icon: 'id' },
    // Not in the spec's student menu (like My Memberships): the member's own invoices (issue 24).
    { id: 'invoices', title: 'My Invoices', type: 'item', url: '/invoices', icon: 'file-invoice' },
    // In the spec's student routes (my files), not in its menu: what the studio shared and the member's uploads.
    { id: 'myfiles', title: 'My Files', type: 'item', url: '/myfiles', icon: 'files' },
    {
      id: 'assessments',
      title: assessments || 'Assessments',
      type: 'item',
      url: '/student-assessments',
      icon: 'clipboard-check',
    },
    tenant.isShowDonation
      ? { id: 'mydonation', title: 'My Donations', type: 'item', url: '/mydonation', icon: 'heart-handshake' }
      : null,
    collapsable('profile', displayName(user), 'user-circle', [
      { id: 'profile-page', title: 'Profile', type: 'item', url: '/profile', icon: 'user' },
      { id: 'logout', title: 'Logout', type: 'item', url: '/logout', icon: 'logout' },
    ]),
  ];
  return pruneMenu(keepBuilt(menu, isBuilt));
}
