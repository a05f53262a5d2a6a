import { roleDisplayName, type StaffUser, type UserDetail, type UserRole, type UserUpdate } from '@atrium/contracts';

// Pure rules of the Users screens (spec 2 §2 "Users Setting", "User detail", "Acting as a member dialog").

export const userPath = (guId: string) => `/settings/users/${encodeURIComponent(guId)}`;

/** Spec 2 §2: last login shown as a date from a seconds epoch, '-' if none. */
export function formatLastLogin(seconds: number | null | undefined, timeZone?: string): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '-';
  try {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(new Date(seconds * 1000));
  } catch {
    return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(seconds * 1000));
  }
}

/** Spec 2 §2: the role is shown without 'ROLE_'. */
export const userRoleText = (user: Pick<StaffUser, 'roles'>) => roleDisplayName(user.roles);

/** Case-insensitive match on name, email or role; blank matches everyone. */
export function filterUsers(rows: readonly StaffUser[], search: string): StaffUser[] {
  const text = search.trim().toLowerCase();
  if (!text) return [...rows];
  return rows.filter((row) =>
    [row.fullName, row.email, userRoleText(row)].some((value) => value.toLowerCase().includes(text)),
  );
}

export type UserSortKey = 'fullName' | 'email' | 'roles' | 'lastLoginTime';
export interface UserSort {
  key: UserSortKey;
  direction: 'asc' | 'desc';
}
export const DEFAULT_USER_SORT: UserSort = { key: 'fullName', direction: 'asc' };

/** Sorts a copy; never-signed-in users go last whichever the direction; ties by name. */
export function sortUsers(rows: readonly StaffUser[], sort: UserSort): StaffUser[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  const byName = (a: StaffUser, b: StaffUser) =>
    a.fullName.localeCompare(b.fullName, undefined, { sensitivity: 'base' });
  return [...rows].sort((a, b) => {
    if (sort.key === 'lastLoginTime') {
      if (a.lastLoginTime === null || b.lastLoginTime === null) {
        if (a.lastLoginTime === b.lastLoginTime) return byName(a, b);
        return a.lastLoginTime === null ? 1 : -1;
      }
      return (a.lastLoginTime - b.lastLoginTime) * sign || byName(a, b);
    }
    const left = sort.key === 'roles' ? userRoleText(a) : a[sort.key];
    const right = sort.key === 'roles' ? userRoleText(b) : b[sort.key];
    return left.localeCompare(right, undefined, { sensitivity: 'base' }) * sign || byName(a, b);
  });
}

/** Clicking a column header: the same column flips its direction, another starts ascending. */
export function nextSort(current: UserSort, key: UserSortKey): UserSort {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'asc' };
}

export const ariaSort = (sort: UserSort, key: UserSortKey): 'ascending' | 'descending' | 'none' =>
  sort.key === key ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none';

/** The User Details form's values. */
export interface UserFormValues {
  role: UserRole;
  isNotifySales: boolean;
  isNotifyContacts: boolean;
  isNotifyPrograms: boolean;
  accountLocked: boolean;
  isTeacher: boolean;
}

export function formFromDetail(detail: UserDetail): UserFormValues {
  return {
    role: detail.roles[0] ?? 'ROLE_STUDENT',
    isNotifySales: detail.isNotifySales,
    isNotifyContacts: detail.isNotifyContacts,
    isNotifyPrograms: detail.isNotifyPrograms,
    accountLocked: detail.accountLocked,
    isTeacher: detail.isTeacher,
  };
}

/** PUT /rest/contact/{id}: the whole form, with isUpdateRole and the role as a one-item list. */
export function updateBody(values: UserFormValues): UserUpdate {
  const { role, ...flags } = values;
  // A student cannot be a teacher (the server refuses it): the switch is off for them.
  return { isUpdateRole: true, ...flags, isTeacher: role === 'ROLE_STUDENT' ? false : flags.isTeacher, roles: [role] };
}

export const formChanged = (a: UserFormValues, b: UserFormValues) =>
  (Object.keys(a) as (keyof UserFormValues)[]).some((key) => a[key] !== b[key]);

/**
 * What the user's own form may not change (the server refuses it too): their own role and
 * suspension; the account owner's role and suspension.
 */
export function lockedControls(detail: UserDetail, signedInId: string | null | undefined) {
  const self = detail.guId === signedInId;
  const reason = self
    ? 'You cannot change your own role or suspend your own account.'
    : detail.isAccountOwner
      ? 'The account owner stays an active administrator (change the Account Owner in Account Settings first).'
      : null;
  return { role: reason !== null, accountLocked: reason !== null, reason };
}

/**
 * Spec 2 §5 member search: fire after the pause, ignore empty text and a repeat of the last query.
 * Answers the query to send, or null for none.
 */
export function memberSearchQuery(text: string, lastSent: string | null): string | null {
  const query = text.trim();
  if (!query || query === lastSent) return null;
  return query;
}
