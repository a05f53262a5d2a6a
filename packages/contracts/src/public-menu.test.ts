import { describe, expect, it } from 'vitest';
import { buildPublicMenu } from './public-menu.ts';
import type { WebPageLink } from './tenant.ts';

const page = (name: string, title: string, sequence: number): WebPageLink => ({
  name,
  url: name,
  title,
  externalUrl: null,
  externalLink: null,
  isExternalLink: false,
  isShowFooter: false,
  isShowNavigation: true,
  isLegal: false,
  sequence,
});

const STANDARD = [
  page('home', 'Home', 1),
  page('calendar', 'Calendar', 2),
  page('courses', 'Courses', 3),
  page('events', 'Events', 4),
  page('merchandise', 'Shop', 5),
  page('donations', 'Donations', 6),
  page('forms', 'Forms', 7),
  page('mediagallery', 'Gallery', 8),
];

const tenant = (overrides: { isShowSchedule?: boolean; isShowCourses?: boolean; isShowDonation?: boolean } = {}) => ({
  web: { pages: STANDARD },
  forms: [{ name: 'Intake', guId: 'f1' }],
  isShowSchedule: true,
  isShowCourses: true,
  isShowDonation: true,
  page1: null,
  page2: null,
  page3: null,
  page4: null,
  page5: null,
  ...overrides,
});

describe('buildPublicMenu: the standard pages', () => {
  it('shows every built standard page that is published, with its path', () => {
    const items = buildPublicMenu(tenant());
    expect(items.map((item) => item.title)).toEqual([
      'Home',
      'Calendar',
      'Courses',
      'Events',
      'Shop',
      'Donations',
      'Forms',
      'Gallery',
    ]);
    const urls = Object.fromEntries(items.flatMap((item) => (item.type === 'item' ? [[item.title, item.url]] : [])));
    expect(urls).toMatchObject({
      Calendar: '/calendar',
      Courses: '/courses',
      Events: '/events',
      Shop: '/merchandise',
      Donations: '/donations',
      Gallery: '/mediagallery',
    });
  });

  it('leaves out a standard page whose module is off', () => {
    const titles = (t: ReturnType<typeof tenant>) => buildPublicMenu(t).map((item) => item.title);
    expect(titles(tenant({ isShowSchedule: false }))).not.toContain('Calendar');
    expect(titles(tenant({ isShowCourses: false }))).not.toContain('Courses');
    expect(titles(tenant({ isShowDonation: false }))).not.toContain('Donations');
    expect(titles(tenant({ isShowDonation: false }))).toContain('Events');
  });
});
