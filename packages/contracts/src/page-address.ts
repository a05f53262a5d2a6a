import { STANDARD_PAGES } from './public-menu.ts';
import { RESERVED_PAGE_NAMES } from './website.ts';

/**
 * The first path segment of every route of the web app's three faces (spec 1 §2). A website page
 * cannot take one as its address, and the server answers these paths with the web app, never with
 * the site's 404. apps/web checks this list against its route tables (route-paths.test.ts).
 */
export const APP_PATH_SEGMENTS = [
  'accountsettings',
  'appsettings',
  'assesment',
  'assessment',
  'calendar',
  'campaign',
  'cartcheckout',
  'checkout',
  'class',
  'classes',
  'classrule',
  'contacts',
  'content',
  'courses',
  'customfieldsettings',
  'customforms',
  'dashboard',
  'displaysettings',
  'donate',
  'donation',
  'donations',
  'email',
  'events',
  'facility',
  'feedback',
  'files',
  'forgot-password',
  'forms',
  'getstarted',
  'integrations',
  'invoice',
  'invoices',
  'login',
  'logout',
  'masterplan',
  'mediagallery',
  'memberships',
  'merchandise',
  'myassessment',
  'mybookings',
  'mycourses',
  'mydonation',
  'myfiles',
  'myregistration',
  'new-studio',
  'oauth',
  'offers',
  'onboarding',
  'plan',
  'preview',
  'productbundle',
  'products',
  'profile',
  'publicdonations',
  'qbank',
  'regform',
  'register',
  'registration',
  'registrationform',
  'reports',
  'reset-password',
  'reviews',
  'rolesettings',
  'rules',
  'schedule',
  'services',
  'settings',
  'signin',
  'signup',
  'store',
  'student-assessments',
  'studentappsettings',
  'subscriptions',
  'tenant',
  'tests',
  'tplan',
  'usersettings',
  'waiver',
  'website',
  'widget',
] as const;

const TAKEN: ReadonlySet<string> = new Set<string>([
  'home',
  ...APP_PATH_SEGMENTS,
  ...RESERVED_PAGE_NAMES,
  ...STANDARD_PAGES,
]);

/** A page's address: `/{url}`, lower-case letters, digits and dashes, at most 63. */
export const PAGE_URL_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;

/** True when the path segment belongs to the web app or the platform (not a page's to take). */
export function isAppPathSegment(segment: string): boolean {
  return TAKEN.has(segment.toLowerCase());
}

/** What is wrong with a page address, in words for the admin; null when it can be used. */
export function pageUrlProblem(url: string): string | null {
  if (url === '') return 'Page address is required.';
  if (!PAGE_URL_PATTERN.test(url)) {
    return 'Page address may use lower-case letters, digits and dashes only (at most 63).';
  }
  if (TAKEN.has(url)) return `The address /${url} is used by the site; choose another.`;
  return null;
}

/**
 * The address a title suggests, as site builders do: 'Summer Workshops & Retreats' becomes
 * 'summer-workshops-retreats'; accents are dropped ('Café' is 'cafe'). Empty when nothing is left.
 */
export function slugFromTitle(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= 63) return slug;
  const cut = slug.slice(0, 63);
  const lastDash = cut.lastIndexOf('-');
  return (lastDash > 20 ? cut.slice(0, lastDash) : cut).replace(/-+$/, '');
}
