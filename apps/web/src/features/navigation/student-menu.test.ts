import { describe, expect, it } from 'vitest';

/** The spec's menu, as it reads once every module is built (today's built screens: the last test). */
const everything = () => true;

import { makeContact, makeTenant } from '../../test/fixtures';
import { flattenMenu } from './nav-item';
import { buildStudentMenu, displayName } from './student-menu';

const user = makeContact({ fullName: 'Sam Lee' });

describe('student menu', () => {
  it('has Calendar, My Bookings, Courses, My Store, My Memberships, My Invoices, Assessments, My Donations and a profile group', () => {
    const menu = buildStudentMenu(makeTenant(), user, everything);
    expect(menu.map((item) => [item.title, item.url ?? null])).toEqual([
      ['Calendar', '/classes'],
      ['My Bookings', '/mybookings'],
      ['Courses', '/mycourses'],
      ['My Store', '/store'],
      ['My Memberships', '/memberships'],
      ['My Invoices', '/invoices'],
      ['My Files', '/myfiles'],
      ['Assessments', '/student-assessments'],
      ['My Donations', '/mydonation'],
      ['Sam Lee', null],
    ]);
  });

  it('leaves out My Donations when donations are off', () => {
    const menu = buildStudentMenu(makeTenant({ isShowDonation: false }), user, everything);
    expect(menu.map((item) => item.url)).not.toContain('/mydonation');
  });

  it("names the four tabs with the tenant's Student App labels", () => {
    const tenant = makeTenant({ appLabels: ['Timetable', 'Learning', 'Shop', 'Quizzes'] });
    expect(buildStudentMenu(tenant, user, everything).map((item) => item.title)).toEqual([
      'Timetable',
      'My Bookings',
      'Learning',
      'Shop',
      'My Memberships',
      'My Invoices',
      'My Files',
      'Quizzes',
      'My Donations',
      'Sam Lee',
    ]);
  });

  it('titles the profile group with the user name and holds Profile and Logout', () => {
    const profile = buildStudentMenu(makeTenant(), user, everything).at(-1);
    expect(profile?.type).toBe('collapsable');
    expect(profile?.title).toBe('Sam Lee');
    expect(profile?.children?.map((child) => [child.title, child.url])).toEqual([
      ['Profile', '/profile'],
      ['Logout', '/logout'],
    ]);
  });

  it('shows Calendar and My Bookings only when the schedule menu is enabled', () => {
    const urls = flattenMenu(buildStudentMenu(makeTenant({ isShowScheduleMenu: false }), user, everything)).map(
      (item) => item.url,
    );
    expect(urls).not.toContain('/classes');
    expect(urls).not.toContain('/mybookings');
    expect(urls).toContain('/mycourses');
  });

  it('shows My Store only when the store menu is enabled', () => {
    const urls = flattenMenu(buildStudentMenu(makeTenant({ isShowStoreMenu: false }), user, everything)).map(
      (item) => item.url,
    );
    expect(urls).not.toContain('/store');
    expect(urls).toContain('/student-assessments');
  });

  it('falls back from the full name to name and last name, then to the email', () => {
    expect(displayName({ fullName: '', name: 'Ana', lastName: 'Silva', email: 'a@x.test' })).toBe('Ana Silva');
    expect(displayName({ fullName: ' ', name: '', lastName: '', email: 'a@x.test' })).toBe('a@x.test');
  });
});
