import { describe, expect, it } from 'vitest';

/** The spec's menu, as it reads once every module is built (today's built screens: the last test). */
const everything = () => true;

import { makeAccount, makeTenant } from '../../test/fixtures';
import { buildAdminMenu, HELP_URL } from './admin-menu';
import { flattenMenu, type NavItem, visibleMenu } from './nav-item';

// The platform operator (issue 28): the master that runs the platform; another master is just a studio.
const masterTenant = makeTenant({ orgId: 'master', masterOrgId: 'master', isPlatformOperator: true });
const otherMaster = makeTenant({ orgId: 'studio', masterOrgId: 'studio' });
const plainTenant = makeTenant({ orgId: 'demo', masterOrgId: 'master' });

const urls = (items: NavItem[]) => flattenMenu(items).map((item) => item.url);
const titles = (items: NavItem[]) => flattenMenu(items).map((item) => item.title);

/** Every admin menu item in the spec's order (a master tenant with every flag on). */
const SPEC_ORDER = [
  '/getstarted',
  '/dashboard',
  '/calendar',
  '/rules',
  '/schedule',
  '/facility',
  '/services',
  '/donation',
  '/customforms',
  '/products',
  '/tests',
  '/contacts',
  '/files',
  '/campaign',
  '/reviews',
  '/website',
  '/assesment',
  '/qbank',
  '/store',
  '/invoices',
  '/memberships',
  '/subscriptions',
  '/masterplan',
  '/tenant',
  '/reports',
  '/settings',
  HELP_URL,
  '/logout',
];

describe('admin menu', () => {
  it('leaves the website builder out for the front desk, whose role cannot open it', () => {
    expect(urls(buildAdminMenu(plainTenant, makeAccount(), everything, 'frontdesk'))).not.toContain('/website');
    expect(urls(buildAdminMenu(plainTenant, makeAccount(), everything, 'staff'))).toContain('/website');
    expect(urls(buildAdminMenu(plainTenant, makeAccount(), everything, 'admin'))).toContain('/website');
  });

  it('leaves Reports out for the front desk: reports read the takings (admins and staff)', () => {
    expect(urls(buildAdminMenu(plainTenant, makeAccount(), everything, 'frontdesk'))).not.toContain('/reports');
    expect(urls(buildAdminMenu(plainTenant, makeAccount(), everything, 'staff'))).toContain('/reports');
    expect(urls(buildAdminMenu(plainTenant, makeAccount(), everything, 'admin'))).toContain('/reports');
  });

  it('leaves Campaigns out for the front desk: campaigns are sent by admins and staff', () => {
    expect(urls(buildAdminMenu(plainTenant, makeAccount(), everything, 'frontdesk'))).not.toContain('/campaign');
    expect(urls(buildAdminMenu(plainTenant, makeAccount(), everything, 'staff'))).toContain('/campaign');
    expect(urls(buildAdminMenu(plainTenant, makeAccount(), everything, 'admin'))).toContain('/campaign');
  });

  it('lists every item in the spec order when every flag is on (master tenant)', () => {
    const menu = buildAdminMenu(masterTenant, makeAccount(), everything);
    expect(urls(menu)).toEqual(SPEC_ORDER);
    expect(titles(menu)).toContain('G-Reviews');
    expect(titles(menu)).toContain('MasterPlans');
  });

  it('groups Donations, Forms and Merchandise under Products', () => {
    const products = buildAdminMenu(plainTenant, makeAccount(), everything).find((item) => item.id === 'products');
    expect(products?.type).toBe('collapsable');
    expect(products?.title).toBe('Products');
    expect(products?.children?.map((child) => [child.title, child.url])).toEqual([
      ['Donations', '/donation'],
      ['Forms', '/customforms'],
      ['Merchandise', '/products'],
    ]);
  });

  it('shows Self Assessments behind the assessment module flag, not to a list of org ids (spec 1 §6)', () => {
    const on = urls(visibleMenu(buildAdminMenu(plainTenant, makeAccount(), everything)));
    expect(on).toContain('/assesment');
    const off = urls(visibleMenu(buildAdminMenu(plainTenant, makeAccount({ isShowAssessment: false }), everything)));
    expect(off).not.toContain('/assesment');
  });

  it('opens Help (the external support site) in a new tab', () => {
    const help = flattenMenu(buildAdminMenu(plainTenant, makeAccount(), everything)).find(
      (item) => item.title === 'Help',
    );
    expect(help).toMatchObject({ externalUrl: true, openInNewTab: true, url: HELP_URL });
  });

  it("shows MasterPlans and Tenants only on the platform operator's tenant", () => {
    const studio = urls(buildAdminMenu(otherMaster, makeAccount(), everything));
    expect(studio).not.toContain('/masterplan');
    expect(studio).not.toContain('/tenant');
    expect(urls(buildAdminMenu(masterTenant, makeAccount(), everything))).toEqual(
      expect.arrayContaining(['/masterplan', '/tenant']),
    );
    const plain = urls(buildAdminMenu(plainTenant, makeAccount(), everything));
    expect(plain).not.toContain('/masterplan');
    expect(plain).not.toContain('/tenant');
  });

  const tenantFlags: [keyof typeof plainTenant, string[]][] = [
    ['isShowStoreMenu', ['/store']],
    ['isShowScheduleMenu', ['/schedule', '/facility']],
    ['isShowSchedule', ['/calendar']],
    ['isShowCourses', ['/services']],
  ];
  for (const [flag, gone] of tenantFlags) {
    it(`removes ${gone.join(' and ')} when the tenant's ${flag} is false`, () => {
      const menu = buildAdminMenu(makeTenant({ [flag]: false }), makeAccount(), everything);
      for (const url of gone) expect(urls(menu)).not.toContain(url);
      // Nothing else disappears.
      expect(urls(menu)).toHaveLength(
        urls(buildAdminMenu(plainTenant, makeAccount(), everything)).length - gone.length,
      );
    });
  }

  const accountFlags: [keyof ReturnType<typeof makeAccount>, string][] = [
    ['isShowEventsMenu', '/rules'],
    ['isShowDonationMenu', '/donation'],
    ['isShowFormsMenu', '/customforms'],
    ['isShowMerchandiseMenu', '/products'],
    ['isShowCampaignsMenu', '/campaign'],
  ];
  for (const [flag, url] of accountFlags) {
    it(`removes ${url} when the account's ${flag} is false`, () => {
      const menu = buildAdminMenu(plainTenant, makeAccount({ [flag]: false }), everything);
      expect(urls(menu)).not.toContain(url);
      expect(urls(menu)).toHaveLength(urls(buildAdminMenu(plainTenant, makeAccount(), everything)).length - 1);
    });
  }

  it("removes Assessments, Self Assessments and Question Banks when the account's isShowAssessment is false", () => {
    const menu = urls(buildAdminMenu(plainTenant, makeAccount({ isShowAssessment: false }), everything));
    expect(menu).not.toContain('/tests');
    expect(menu).not.toContain('/assesment');
    expect(menu).not.toContain('/qbank');
    expect(menu).toHaveLength(urls(buildAdminMenu(plainTenant, makeAccount(), everything)).length - 3);
  });

  it('leaves Question Banks out for the front desk: the questions hold the answers (admins and staff)', () => {
    expect(urls(buildAdminMenu(plainTenant, makeAccount(), everything, 'frontdesk'))).not.toContain('/qbank');
    expect(urls(buildAdminMenu(plainTenant, makeAccount(), everything, 'frontdesk'))).not.toContain('/tests');
    expect(urls(buildAdminMenu(plainTenant, makeAccount(), everything, 'staff'))).toContain('/tests');
    expect(urls(buildAdminMenu(plainTenant, makeAccount(), everything, 'staff'))).toContain('/qbank');
    expect(urls(buildAdminMenu(plainTenant, makeAccount(), everything, 'admin'))).toContain('/qbank');
  });

  it('removes the Products group when all of its items are off', () => {
    const menu = buildAdminMenu(
      plainTenant,
      makeAccount({ isShowDonationMenu: false, isShowFormsMenu: false, isShowMerchandiseMenu: false }),
      everything,
    );
    expect(menu.find((item) => item.id === 'products')).toBeUndefined();
  });

  it('keeps the Products group with the items still on', () => {
    const menu = buildAdminMenu(
      plainTenant,
      makeAccount({ isShowDonationMenu: false, isShowFormsMenu: false }),
      everything,
    );
    expect(menu.find((item) => item.id === 'products')?.children?.map((child) => child.url)).toEqual(['/products']);
  });

  it("removes the items a staff user's role may not manage (spec 2 §6)", () => {
    const frontDesk = makeAccount({
      permissions: { isAllowCreateClasses: false, isShowCourse: false, isShowContactsList: false, isShowOffers: true },
    });
    const menu = urls(buildAdminMenu(plainTenant, frontDesk, everything));
    for (const url of ['/rules', '/schedule', '/services', '/contacts']) expect(menu).not.toContain(url);
    expect(menu).toEqual(expect.arrayContaining(['/dashboard', '/store', '/invoices', '/settings']));
    const contactsOnly = makeAccount({
      permissions: { isAllowCreateClasses: false, isShowCourse: false, isShowContactsList: true, isShowOffers: false },
    });
    expect(urls(buildAdminMenu(plainTenant, contactsOnly, everything))).toContain('/contacts');
  });

  it('hides the account-driven items when the account detail is unknown', () => {
    const menu = urls(buildAdminMenu(plainTenant, null, everything));
    for (const url of ['/rules', '/donation', '/customforms', '/products', '/tests', '/qbank', '/campaign']) {
      expect(menu).not.toContain(url);
    }
    expect(menu).toEqual(expect.arrayContaining(['/dashboard', '/contacts', '/settings', '/logout']));
  });
});

describe("admin menu with today's built screens", () => {
  it('lists only the screens that exist: no item leads to a module not built yet', () => {
    const menu = buildAdminMenu(makeTenant({ orgId: 'master', masterOrgId: 'master' }), makeAccount());
    // The operator's Master Plans and Tenants screens are not built yet.
    expect(urls(visibleMenu(menu))).toEqual(SPEC_ORDER.filter((url) => url !== '/masterplan' && url !== '/tenant'));
  });
});
