import { z } from 'zod';
import type { Role } from './roles.ts';

/**
 * Spec 2 §6 "Roles and permissions": what staff and front desk may manage, set per tenant on the
 * Roles screen. Admins may do everything; students manage nothing.
 */
export const ROLE_PERMISSIONS = ['isAllowCreateClasses', 'isShowCourse', 'isShowContactsList', 'isShowOffers'] as const;
export type RolePermission = (typeof ROLE_PERMISSIONS)[number];

export const ROLE_PERMISSION_LABELS: Record<RolePermission, string> = {
  isAllowCreateClasses: 'Manage Classes / Programs',
  isShowCourse: 'Manage Courses',
  isShowContactsList: 'Manage Contacts',
  isShowOffers: 'Manage Offers',
};

/** The roles whose permissions the Roles screen sets, as the spec names them. */
export const CONFIGURABLE_ROLES = ['ROLE_STAFF', 'ROLE_FRONTDESK'] as const;
export type ConfigurableRole = (typeof CONFIGURABLE_ROLES)[number];

export const CONFIGURABLE_ROLE_LABELS: Record<ConfigurableRole, string> = {
  ROLE_STAFF: 'Staff',
  ROLE_FRONTDESK: 'Front Desk',
};

const ROLE_OF: Record<ConfigurableRole, Role> = { ROLE_STAFF: 'staff', ROLE_FRONTDESK: 'frontdesk' };

/** Spec 2 §3 "Tenant role entry". */
export const TenantRoleEntry = z
  .object({
    role: z.enum(CONFIGURABLE_ROLES, { error: 'role must be ROLE_STAFF or ROLE_FRONTDESK' }),
    isAllowCreateClasses: z.boolean({ error: 'isAllowCreateClasses must be true or false' }),
    isShowCourse: z.boolean({ error: 'isShowCourse must be true or false' }),
    isShowContactsList: z.boolean({ error: 'isShowContactsList must be true or false' }),
    isShowOffers: z.boolean({ error: 'isShowOffers must be true or false' }),
  })
  .strict();
export type TenantRoleEntry = z.infer<typeof TenantRoleEntry>;

/**
 * A new tenant's permissions (decisions.md "Roles"): staff run the programme, so they may manage
 * everything; the front desk finds and edits people every day but does not change the timetable,
 * the courses or the prices.
 */
export const DEFAULT_TENANT_ROLES: readonly TenantRoleEntry[] = [
  { role: 'ROLE_STAFF', isAllowCreateClasses: true, isShowCourse: true, isShowContactsList: true, isShowOffers: true },
  {
    role: 'ROLE_FRONTDESK',
    isAllowCreateClasses: false,
    isShowCourse: false,
    isShowContactsList: true,
    isShowOffers: false,
  },
];

/** GET and PUT /rest/settings/roles: one entry for each configurable role. */
export const RoleSettings = z.object({
  tenantRoles: z
    .array(TenantRoleEntry)
    .refine((entries) => new Set(entries.map((entry) => entry.role)).size === entries.length, {
      message: 'Each role may appear only once',
    }),
});
export type RoleSettings = z.infer<typeof RoleSettings>;

/** The stored entries completed with the defaults, always one per configurable role, in order. */
export function completeTenantRoles(stored: readonly TenantRoleEntry[] | null | undefined): TenantRoleEntry[] {
  return CONFIGURABLE_ROLES.map((role) => {
    const fallback = DEFAULT_TENANT_ROLES.find((entry) => entry.role === role) as TenantRoleEntry;
    return { ...fallback, ...(stored ?? []).find((entry) => entry.role === role) };
  });
}

/** The permissions of a signed-in role: all for an admin, none for a student. */
export type RolePermissions = Record<RolePermission, boolean>;

export function permissionsOf(role: Role, tenantRoles: readonly TenantRoleEntry[] | null | undefined): RolePermissions {
  const all = (value: boolean) =>
    Object.fromEntries(ROLE_PERMISSIONS.map((permission) => [permission, value])) as RolePermissions;
  if (role === 'admin') return all(true);
  if (role === 'student') return all(false);
  const entry = completeTenantRoles(tenantRoles).find((candidate) => ROLE_OF[candidate.role] === role);
  if (!entry) return all(false);
  return Object.fromEntries(ROLE_PERMISSIONS.map((permission) => [permission, entry[permission]])) as RolePermissions;
}

export const RolePermissionsSchema = z.object(
  Object.fromEntries(ROLE_PERMISSIONS.map((permission) => [permission, z.boolean()])) as Record<
    RolePermission,
    z.ZodBoolean
  >,
);

/**
 * Staff screens each permission governs ("Screens are allowed per permission"): classes and
 * events are both programmes (spec 1 calls /rules "rules (programs/events)").
 */
export const PERMISSION_SCREENS: Record<RolePermission, readonly string[]> = {
  isAllowCreateClasses: ['/rules', '/schedule', '/class', '/classrule'],
  isShowCourse: ['/services', '/content'],
  isShowContactsList: ['/contacts'],
  isShowOffers: ['/offers'],
};

/** The permission a staff path needs, or null when none governs it. */
export function permissionForPath(pathname: string): RolePermission | null {
  for (const permission of ROLE_PERMISSIONS) {
    for (const root of PERMISSION_SCREENS[permission]) {
      if (pathname === root || pathname.startsWith(`${root}/`)) return permission;
    }
  }
  return null;
}

/**
 * Staff screens only some roles may open, whatever the Roles screen says: the server refuses the
 * others (the website builder is for admins and staff, spec 3 §6).
 */
const ROLE_SCREENS: readonly { root: string; roles: readonly Role[]; what: string }[] = [
  { root: '/website', roles: ['admin', 'staff'], what: 'The website is built by admins and staff.' },
  { root: '/settings/franchise', roles: ['admin'], what: 'Franchises are managed by admins.' },
  { root: '/getstarted', roles: ['admin'], what: 'The first steps are taken by admins.' },
  { root: '/reports', roles: ['admin', 'staff'], what: 'Reports are read by admins and staff.' },
  { root: '/campaign', roles: ['admin', 'staff'], what: 'Campaigns are sent by admins and staff.' },
  { root: '/qbank', roles: ['admin', 'staff'], what: 'Question banks are kept by admins and staff.' },
  { root: '/tests', roles: ['admin', 'staff'], what: 'Tests are made by admins and staff.' },
  { root: '/assessment', roles: ['admin', 'staff'], what: 'Assessments are reviewed by admins and staff.' },
  { root: '/assesment', roles: ['admin', 'staff'], what: 'Self assessments are made by admins and staff.' },
];

/** Why the role may not open the staff path, or null when it may. */
export function roleRefusalForPath(pathname: string, role: Role): string | null {
  for (const screen of ROLE_SCREENS) {
    if (pathname === screen.root || pathname.startsWith(`${screen.root}/`)) {
      return screen.roles.includes(role) ? null : screen.what;
    }
  }
  return null;
}
