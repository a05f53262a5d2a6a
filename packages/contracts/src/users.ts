import { z } from 'zod';
import { type Role, STAFF_ROLES } from './roles.ts';

// Settings > Users (spec 2 §2 "Users Setting", "User detail", §3 "Staff user/contact", "User detail", §7, §9).

/** Spec 2 §2 "User detail": the role strings of the user form, in the form's order. */
export const USER_ROLES = ['ROLE_ADMIN', 'ROLE_STAFF', 'ROLE_FRONTDESK', 'ROLE_STUDENT'] as const;
export const UserRole = z.enum(USER_ROLES, {
  error: 'roles must be ROLE_ADMIN, ROLE_STAFF, ROLE_FRONTDESK or ROLE_STUDENT',
});
export type UserRole = z.infer<typeof UserRole>;

/** The form's labels (spec 2 §2 "User detail"). */
export const USER_ROLE_LABELS: Record<UserRole, string> = {
  ROLE_ADMIN: 'Administrator',
  ROLE_STAFF: 'Staff',
  ROLE_FRONTDESK: 'FrontDesk',
  ROLE_STUDENT: 'Student',
};

export const userRoleOf = (role: Role): UserRole => `ROLE_${role.toUpperCase()}` as UserRole;
export const roleOfUserRole = (role: UserRole): Role => role.slice('ROLE_'.length).toLowerCase() as Role;
/** Spec 2 §2 "Users Setting": the role display name is the role string without 'ROLE_'. */
export const roleDisplayName = (role: string): string => role.replace(/^ROLE_/, '');

/** Spec 2 §9: users page size 10, options 5, 10, 25, 100. */
export const USER_PAGE_SIZES = [5, 10, 25, 100] as const;
export const USER_PAGE_SIZE_DEFAULT = 10;
/** Spec 2 §5 / §9: the member search fires after a 100 ms pause. */
export const MEMBER_SEARCH_DEBOUNCE_MS = 100;

/** Spec 2 §3 "Staff user/contact": one row of GET /rest/contact?userType=staff. */
export const StaffUser = z.object({
  id: z.string(),
  guId: z.string(),
  fullName: z.string(),
  email: z.string(),
  /** 'ROLE_ADMIN', 'ROLE_STAFF' or 'ROLE_FRONTDESK'. */
  roles: UserRole,
  /** The role without 'ROLE_' (what the list shows). */
  roleName: z.string(),
  isTeacher: z.boolean(),
  accountLocked: z.boolean(),
  /** Seconds since the epoch, null when the user never signed in. */
  lastLoginTime: z.number().int().nullable(),
  picture: z.string().nullable(),
});
export type StaffUser = z.infer<typeof StaffUser>;

/** Spec 2 §3 "User detail": GET /rest/contact/{id}/roles (and the answer of the user update). */
export const UserDetail = z.object({
  guId: z.string(),
  name: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  picture: z.string().nullable(),
  /** One role at a time (spec 2 §6), as a list. */
  roles: z.array(UserRole),
  isNotifyContacts: z.boolean(),
  isNotifyPrograms: z.boolean(),
  isNotifySales: z.boolean(),
  accountLocked: z.boolean(),
  isTeacher: z.boolean(),
  /** The tenant's account owner (Account Settings): cannot be demoted or suspended. */
  isAccountOwner: z.boolean(),
  lastLoginTime: z.number().int().nullable(),
});
export type UserDetail = z.infer<typeof UserDetail>;

/**
 * PUT /rest/contact/{id} with `isUpdateRole: true` (spec 2 §7): the User Details form. Any subset
 * of the fields; `roles` holds exactly one role. Unknown keys are refused, so a contact edit
 * cannot ride along.
 */
export const UserUpdate = z.strictObject({
  isUpdateRole: z.literal(true),
  isNotifySales: z.boolean().optional(),
  isNotifyContacts: z.boolean().optional(),
  isNotifyPrograms: z.boolean().optional(),
  accountLocked: z.boolean().optional(),
  isTeacher: z.boolean().optional(),
  roles: z.array(UserRole).length(1, 'roles must hold exactly one role').optional(),
});
export type UserUpdate = z.input<typeof UserUpdate>;

/** Spec 2 §3 "notification record" (GET and PUT /rest/notification/). */
export const NotificationRecord = z.object({
  contactGuId: z.uuid('contactGuId must be a user id'),
  isNotifyContacts: z.boolean(),
  isNotifyPrograms: z.boolean(),
  isNotifySales: z.boolean(),
});
export type NotificationRecord = z.infer<typeof NotificationRecord>;
export const NotificationUpdate = z
  .array(NotificationRecord)
  .min(1, 'at least one notification record is required')
  .max(500, 'at most 500 notification records at once');

/** The staff roles an invitation may give (a member joins by registering or as a contact). */
export const INVITE_ROLES = STAFF_ROLES.map(userRoleOf) as ['ROLE_ADMIN', 'ROLE_STAFF', 'ROLE_FRONTDESK'];

/**
 * The Users screen's add dialog (spec 2 §7 "Add contact from users screen: path not shown"):
 * POST /rest/users/invite creates a staff user and emails them a link to set their password.
 */
export const StaffInvite = z.object({
  firstName: z.string().trim().min(1, 'First Name is required').max(100, 'First Name must be at most 100 characters'),
  lastName: z.string().trim().min(1, 'Last Name is required').max(100, 'Last Name must be at most 100 characters'),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email('Email must be a valid email address')),
  phone: z.string().trim().max(40, 'Phone must be at most 40 characters').default(''),
  role: z.enum(INVITE_ROLES, { error: 'role must be ROLE_ADMIN, ROLE_STAFF or ROLE_FRONTDESK' }),
});
export type StaffInvite = z.input<typeof StaffInvite>;

/** GET /rest/contact/{id}/token (spec 2 §7): a member's access token for "acting as a member". */
export const MemberToken = z.object({ access_token: z.string() });
export type MemberToken = z.infer<typeof MemberToken>;
