import { type AccountDetail, type Role, roleRefusalForPath, type TenantConfig } from '@atrium/contracts';
import { collapsable, keepBuilt, type MaybeNavItem, type NavItem, pruneMenu } from './nav-item';
import { ADMIN_ROUTES, isBuiltRoute, SETTINGS_ROUTES } from './route-paths';

/** Where the Help item points; the support site is outside the app and opens in a new tab. */
export const HELP_URL = 'https://support.atrium.app';

type TenantFlags = Pick<
  TenantConfig,
  | 'orgId'
  | 'masterOrgId'
  | 'isShowStoreMenu'
  | 'isShowScheduleMenu'
  | 'isShowSchedule'
  | 'isShowCourses'
  | 'isPlatformOperator'
>;
type AccountFlags = Pick<
  AccountDetail,
  | 'isShowEventsMenu'
  | 'isShowAssessment'
  | 'isShowFormsMenu'
  | 'isShowMerchandiseMenu'
  | 'isShowDonationMenu'
  | 'isShowCampaignsMenu'
  | 'permissions'
>;

/** When the account detail could not be loaded, the menus it drives stay hidden. */
const NO_ACCOUNT_FLAGS: AccountFlags = {
  isShowEventsMenu: false,
  isShowAssessment: false,
  isShowFormsMenu: false,
  isShowMerchandiseMenu: false,
  isShowDonationMenu: false,
  isShowCampaignsMenu: false,
  // Permissions are the server's to enforce; an unknown account hides no permission-governed item.
  permissions: { isAllowCreateClasses: true, isShowCourse: true, isShowContactsList: true, isShowOffers: true },
};

function item(
  id: string,
  title: string,
  url: string,
  icon: string,
  show = true,
  extra: Partial<NavItem> = {},
): MaybeNavItem {
  return show ? { id, title, type: 'item', url, icon, ...extra } : null;
}

/**
 * The staff sidebar (spec 1 §2 "Menus and layouts", §6; spec 3 §2.6), in the spec's order.
 * An item is removed when its tenant or account flag is false; MasterPlans and Tenants only
 * on the platform operator's tenant (the master that runs the platform, issue 28); a group left empty is removed. Items a Roles-screen permission governs
 * (spec 2 §6) are removed for a user without it.
 */
export function buildAdminMenu(
  tenant: TenantFlags,
  account: AccountFlags | null,
  isBuilt: (url: string) => boolean = isBuiltStaffScreen,
  role: Role | null = null,
): NavItem[] {
  const flags = account ?? NO_ACCOUNT_FLAGS;
  // Screens the role may not open at all (the website builder for the front desk) are left out.
  const roleMay = (url: string) => role === null || roleRefusalForPath(url, role) === null;
  const operator = tenant.isPlatformOperator === true;
  const may = flags.permissions;
  const menu: MaybeNavItem[] = [
    item('getstarted', 'Get Started', '/getstarted', 'rocket', roleMay('/getstarted')),
    item('dashboard', 'Dashboard', '/dashboard', 'dashboard'),
    item('calendar', 'Calendar', '/calendar', 'calendar-week', tenant.isShowSchedule),
    item('events', 'Events', '/rules', 'calendar-event', flags.isShowEventsMenu && may.isAllowCreateClasses),
    item('classes', 'Classes', '/schedule', 'calendar', tenant.isShowScheduleMenu && may.isAllowCreateClasses),
    item('facility', 'Facility', '/facility', 'door', tenant.isShowScheduleMenu && may.isAllowCreateClasses),
    item('courses', 'Courses', '/services', 'school', tenant.isShowCourses && may.isShowCourse),
    collapsable('products', 'Products', 'package', [
      item('donations', 'Donations', '/donation', 'heart-handshake', flags.isShowDonationMenu),
      item('forms', 'Forms', '/customforms', 'forms', flags.isShowFormsMenu),
      item('merchandise', 'Merchandise', '/products', 'shirt', flags.isShowMerchandiseMenu),
    ]),
    item('assessments', 'Assessments', '/tests', 'clipboard-check', flags.isShowAssessment && roleMay('/tests')),
    item('contacts', 'Contacts', '/contacts', 'users', may.isShowContactsList),
    // Files (issue 25): in the spec's admin routes, not in its sidebar; next to the people they are for.
    item('files', 'Files', '/files', 'files'),
    item('campaigns', 'Campaigns', '/campaign', 'mail', flags.isShowCampaignsMenu && roleMay('/campaign')),
    item('reviews', 'G-Reviews', '/reviews', 'star'),
    item('website', 'Website', '/website', 'world', roleMay('/website')),
    // Spec 1 §6 shows Self Assessments only to some org ids: here, like Assessments, when the studio shows
    // assessments (the module flag; docs/decisions/engagement.md) and for the roles that make tests.
    item(
      'self-assessments',
      'Self Assessments',
      '/assesment',
      'checklist',
      flags.isShowAssessment && roleMay('/assesment'),
    ),
    // Question banks belong to assessments: shown when the studio shows assessments (spec 1 §6).
    item('qbank', 'Question Banks', '/qbank', 'books', flags.isShowAssessment && roleMay('/qbank')),
    item('store', 'Store', '/store', 'building-store', tenant.isShowStoreMenu),
    item('invoices', 'Invoices', '/invoices', 'file-invoice'),
    // Memberships (issue 12): the products and the members' memberships; not part of the spec's menu.
    item('memberships', 'Memberships', '/memberships', 'id'),
    item('subscriptions', 'Subscriptions', '/subscriptions', 'repeat'),
    item('masterplan', 'MasterPlans', '/masterplan', 'crown', operator),
    item('tenant', 'Tenants', '/tenant', 'building', operator),
    item('reports', 'Reports', '/reports', 'chart-bar', roleMay('/reports')),
    item('settings', 'Settings', '/settings', 'settings'),
    item('help', 'Help', HELP_URL, 'help', true, { externalUrl: true, openInNewTab: true }),
    item('logout', 'Logout', '/logout', 'logout'),
  ];
  return pruneMenu(keepBuilt(menu, isBuilt));
}

/** An admin or settings route whose screen exists. */
export function isBuiltStaffScreen(url: string): boolean {
  return isBuiltRoute(ADMIN_ROUTES, url) || isBuiltRoute(SETTINGS_ROUTES, url);
}
