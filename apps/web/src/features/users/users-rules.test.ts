import type { StaffUser, UserDetail } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import {
  ariaSort,
  filterUsers,
  formatLastLogin,
  formChanged,
  formFromDetail,
  lockedControls,
  memberSearchQuery,
  nextSort,
  sortUsers,
  updateBody,
  userPath,
  userRoleText,
} from './users-rules';

const user = (patch: Partial<StaffUser>): StaffUser => ({
  id: patch.guId ?? 'u',
  guId: 'u',
  fullName: 'Ann Admin',
  email: 'ann@x.test',
  roles: 'ROLE_ADMIN',
  roleName: 'ADMIN',
  isTeacher: false,
  accountLocked: false,
  lastLoginTime: null,
  picture: null,
  ...patch,
});

const ann = user({ guId: 'a', fullName: 'Ann Admin', email: 'ann@x.test', roles: 'ROLE_ADMIN', lastLoginTime: 200 });
const bob = user({ guId: 'b', fullName: 'bob Staff', email: 'bob@x.test', roles: 'ROLE_STAFF', lastLoginTime: 100 });
const cy = user({ guId: 'c', fullName: 'Cy Desk', email: 'cy@x.test', roles: 'ROLE_FRONTDESK', lastLoginTime: null });

const detail: UserDetail = {
  guId: 'b',
  name: 'bob',
  lastName: 'Staff',
  fullName: 'bob Staff',
  email: 'bob@x.test',
  picture: null,
  roles: ['ROLE_STAFF'],
  isNotifyContacts: false,
  isNotifyPrograms: true,
  isNotifySales: false,
  accountLocked: false,
  isTeacher: true,
  isAccountOwner: false,
  lastLoginTime: null,
};

describe('Users list rules', () => {
  it("shows last login as a date from seconds, '-' when none", () => {
    expect(formatLastLogin(null)).toBe('-');
    expect(formatLastLogin(undefined)).toBe('-');
    expect(formatLastLogin(1_700_000_000, 'UTC')).toBe('Nov 14, 2023');
    expect(formatLastLogin(1_700_000_000, 'Not/AZone')).toMatch(/2023/);
  });

  it("shows the role without 'ROLE_'", () => {
    expect(userRoleText(bob)).toBe('STAFF');
    expect(userRoleText(cy)).toBe('FRONTDESK');
  });

  it('searches name, email and role, case-insensitively; blank keeps everyone', () => {
    expect(filterUsers([ann, bob, cy], '  ').map((row) => row.guId)).toEqual(['a', 'b', 'c']);
    expect(filterUsers([ann, bob, cy], 'BOB').map((row) => row.guId)).toEqual(['b']);
    expect(filterUsers([ann, bob, cy], 'cy@').map((row) => row.guId)).toEqual(['c']);
    expect(filterUsers([ann, bob, cy], 'frontdesk').map((row) => row.guId)).toEqual(['c']);
  });

  it('sorts by any column both ways; never-signed-in users stay last', () => {
    expect(sortUsers([cy, bob, ann], { key: 'fullName', direction: 'asc' }).map((row) => row.guId)).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(sortUsers([ann, bob, cy], { key: 'roles', direction: 'desc' }).map((row) => row.guId)).toEqual([
      'b',
      'c',
      'a',
    ]);
    expect(sortUsers([cy, ann, bob], { key: 'lastLoginTime', direction: 'asc' }).map((row) => row.guId)).toEqual([
      'b',
      'a',
      'c',
    ]);
    expect(sortUsers([cy, bob, ann], { key: 'lastLoginTime', direction: 'desc' }).map((row) => row.guId)).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('a header click flips the same column and starts another ascending; aria-sort follows', () => {
    const sort = nextSort({ key: 'fullName', direction: 'asc' }, 'fullName');
    expect(sort).toEqual({ key: 'fullName', direction: 'desc' });
    expect(nextSort(sort, 'email')).toEqual({ key: 'email', direction: 'asc' });
    expect(ariaSort(sort, 'fullName')).toBe('descending');
    expect(ariaSort(sort, 'email')).toBe('none');
  });

  it('opens /settings/users/{id}', () => {
    expect(userPath('a b')).toBe('/settings/users/a%20b');
  });
});

describe('User Details form rules', () => {
  it('reads the detail and sends the whole form with isUpdateRole and one role', () => {
    const values = formFromDetail(detail);
    expect(values).toEqual({
      role: 'ROLE_STAFF',
      isNotifySales: false,
      isNotifyContacts: false,
      isNotifyPrograms: true,
      accountLocked: false,
      isTeacher: true,
    });
    expect(updateBody({ ...values, accountLocked: true })).toEqual({
      isUpdateRole: true,
      roles: ['ROLE_STAFF'],
      isNotifySales: false,
      isNotifyContacts: false,
      isNotifyPrograms: true,
      accountLocked: true,
      isTeacher: true,
    });
  });

  it('a student is never sent as a teacher', () => {
    expect(updateBody({ ...formFromDetail(detail), role: 'ROLE_STUDENT' }).isTeacher).toBe(false);
  });

  it('knows when the form changed', () => {
    const values = formFromDetail(detail);
    expect(formChanged(values, { ...values })).toBe(false);
    expect(formChanged(values, { ...values, isNotifySales: true })).toBe(true);
  });

  it('locks role and suspension on the own account and on the account owner', () => {
    expect(lockedControls(detail, 'someone-else')).toEqual({ role: false, accountLocked: false, reason: null });
    expect(lockedControls(detail, 'b').role).toBe(true);
    expect(lockedControls({ ...detail, isAccountOwner: true }, 'x').accountLocked).toBe(true);
  });
});

describe('member search (spec 2 §5)', () => {
  it('ignores empty text and repeats; trims', () => {
    expect(memberSearchQuery('   ', null)).toBeNull();
    expect(memberSearchQuery(' ann ', null)).toBe('ann');
    expect(memberSearchQuery('ann', 'ann')).toBeNull();
    expect(memberSearchQuery('anna', 'ann')).toBe('anna');
  });
});
