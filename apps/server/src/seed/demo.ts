import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tenants } from '../db/schema/index.ts';
import { updateTenantSettings } from '../modules/settings/settings.repo.ts';
import { seedDemoCatalogue } from './demo-catalogue.ts';
import { seedDemoContacts } from './demo-contacts.ts';
import { seedDemoCourses } from './demo-courses.ts';
import { demoPages } from './demo-pages.ts';
import { seedDemoSchedule } from './demo-schedule.ts';
import { seedDemoEmailTemplates, seedDemoWidgets } from './demo-widgets.ts';
import { createPages, createTenant, createUsers } from './tenants.ts';

export const DEMO_PASSWORD = 'Atrium-demo-1';

export const DEMO_LOGINS = [
  { orgId: 'demo', email: 'admin@demo.test', role: 'admin' },
  { orgId: 'demo', email: 'staff@demo.test', role: 'staff' },
  { orgId: 'demo', email: 'frontdesk@demo.test', role: 'frontdesk' },
  { orgId: 'demo', email: 'student@demo.test', role: 'student' },
  { orgId: 'demo', email: 'member@demo.test', role: 'student' },
  { orgId: 'riverside', email: 'admin@riverside.test', role: 'admin' },
  { orgId: 'riverside', email: 'frontdesk@riverside.test', role: 'frontdesk' },
] as const;

const allModulesOn = {
  isShowSchedule: true,
  isShowScheduleMenu: true,
  isShowCourses: true,
  isEnableCourses: true,
  isEnableOnlineCourses: true,
  isShowDonation: true,
  isShowStoreMenu: true,
  isShowEventsMenu: true,
  isShowAssessment: true,
  isShowFormsMenu: true,
  isShowMerchandiseMenu: true,
  isShowDonationMenu: true,
  isShowCampaignsMenu: true,
};

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(tenants);
  return (row?.n ?? 0) === 0;
}

/**
 * What Account Settings requires, so its first save works on the demo data: the owner (the first
 * admin), the membership expiry period (12 months), the country and time zone.
 */
async function fillAccountSettings(db: Db, tenantId: string, ownerId: string | undefined): Promise<void> {
  if (!ownerId) throw new Error('the demo tenant has no admin');
  await updateTenantSettings(db, tenantId, {
    accountOwner: ownerId,
    itemExpiresAfter: 12,
    country: 'USA',
    timezone: 'America/New_York',
  });
}

/** Tenant demo (a master franchise, all modules on) and riverside (a franchise of demo). */
export async function seedDemo(db: Db): Promise<void> {
  const demo = await createTenant(db, {
    orgId: 'demo',
    name: 'Demo Studio',
    settings: {
      ...allModulesOn,
      // the timetable names its rooms (Studio A)
      isShowRoomName: true,
      email: 'hello@demo.test',
      phone: '+1 555 0100',
      addressLine1: '12 Market Street, Springfield',
      title: 'Demo Studio',
      seoDescription: 'Yoga, pilates and mindful movement classes, courses and workshops in Springfield.',
      seoKeywords: 'yoga, pilates, studio, classes, Springfield',
      footerInfo: 'Yoga, pilates and mindful movement since 2014.',
      facebook: 'https://facebook.com/demostudio',
      instagram: 'https://instagram.com/demostudio',
    },
  });
  const [demoAdmin] = await createUsers(db, demo.tenantId, [
    { email: 'admin@demo.test', password: DEMO_PASSWORD, name: 'Avery', lastName: 'Admin', role: 'admin' },
    { email: 'staff@demo.test', password: DEMO_PASSWORD, name: 'Sam', lastName: 'Staff', role: 'staff' },
    { email: 'frontdesk@demo.test', password: DEMO_PASSWORD, name: 'Frankie', lastName: 'Desk', role: 'frontdesk' },
    { email: 'student@demo.test', password: DEMO_PASSWORD, name: 'Stella', lastName: 'Student', role: 'student' },
    { email: 'member@demo.test', password: DEMO_PASSWORD, name: 'Mia', lastName: 'Member', role: 'student' },
  ]);
  await fillAccountSettings(db, demo.tenantId, demoAdmin?.id);
  await createPages(db, demo.tenantId, demoPages('Demo Studio'));
  await seedDemoContacts(db, demo.tenantId, 'Frankie Desk');
  await seedDemoWidgets(db, demo.tenantId, 'http://demo.localhost:3000');
  await seedDemoEmailTemplates(db, demo.tenantId);
  await seedDemoCatalogue(db, demo.tenantId);
  await seedDemoSchedule(db, demo.tenantId, 'staff@demo.test', 'America/New_York');
  await seedDemoCourses(db, demo.tenantId, 'staff@demo.test');

  const riverside = await createTenant(db, {
    orgId: 'riverside',
    name: 'Riverside Yoga',
    masterOrgId: 'demo',
    settings: {
      ...allModulesOn,
      isShowAssessment: false,
      email: 'hello@riverside.test',
      phone: '+1 555 0199',
      title: 'Riverside Yoga',
      seoDescription: 'Riverside Yoga, a Demo Studio franchise by the river.',
    },
  });
  const [riversideAdmin] = await createUsers(db, riverside.tenantId, [
    { email: 'admin@riverside.test', password: DEMO_PASSWORD, name: 'Riley', lastName: 'River', role: 'admin' },
    { email: 'frontdesk@riverside.test', password: DEMO_PASSWORD, name: 'Rowan', lastName: 'Desk', role: 'frontdesk' },
  ]);
  await fillAccountSettings(db, riverside.tenantId, riversideAdmin?.id);
  await createPages(db, riverside.tenantId, demoPages('Riverside Yoga'));
  await seedDemoWidgets(db, riverside.tenantId, 'http://riverside.localhost:3000');
}
