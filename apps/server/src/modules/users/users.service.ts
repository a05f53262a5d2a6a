import {
  type NotificationRecord,
  permissionsOf,
  type Role,
  roleDisplayName,
  roleOfUserRole,
  type StaffInvite,
  type StaffUser,
  type UserDetail,
  type UserUpdate,
  userRoleOf,
} from '@atrium/contracts';
import type { z } from 'zod';
import { type Tx, withTenant } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { hashToken, newOpaqueToken } from '../auth/tokens.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import {
  countOtherActiveAdmins,
  emailInUse,
  existingUserIds,
  findNotification,
  findUser,
  insertPasswordLink,
  insertStaffUser,
  listNotifications,
  listStaffUsers,
  type NotificationRow,
  type NotificationValues,
  revokeUserSessions,
  type UserRow,
  updateUserRow,
  upsertNotifications,
} from './users.repo.ts';

export const KEEP_ONE_ADMIN = 'The organisation must keep at least one active administrator.';
export const OWN_ROLE = 'You cannot change your own role.';
export const OWN_LOCK = 'You cannot suspend your own account.';
export const OWNER_ROLE =
  'The account owner must stay an administrator. Choose another Account Owner in Account Settings first.';
export const OWNER_LOCK =
  'The account owner cannot be suspended. Choose another Account Owner in Account Settings first.';
export const STUDENT_TEACHER = 'Only staff can be teachers.';
export const EMAIL_IN_USE = 'A contact with this email already exists.';
/** How long the invitation's set-password link works. */
export const INVITE_LINK_DAYS = 7;

const NO_NOTIFICATIONS: NotificationValues = { isNotifySales: false, isNotifyContacts: false, isNotifyPrograms: false };
const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);
const fullNameOf = (row: UserRow) => [row.name, row.lastName].filter(Boolean).join(' ');

export function toStaffUser(row: UserRow): StaffUser {
  const roles = userRoleOf(row.role);
  return {
    id: row.id,
    guId: row.id,
    fullName: fullNameOf(row),
    email: row.email,
    roles,
    roleName: roleDisplayName(roles),
    isTeacher: row.isTeacher,
    accountLocked: row.isSuspended,
    lastLoginTime: seconds(row.lastLoginAt),
    picture: row.picture,
  };
}

function toUserDetail(tenant: TenantContext, row: UserRow, notification: NotificationValues | undefined): UserDetail {
  const flags = notification ?? NO_NOTIFICATIONS;
  return {
    guId: row.id,
    name: row.name,
    lastName: row.lastName,
    fullName: fullNameOf(row),
    email: row.email,
    picture: row.picture,
    roles: [userRoleOf(row.role)],
    isNotifyContacts: flags.isNotifyContacts,
    isNotifyPrograms: flags.isNotifyPrograms,
    isNotifySales: flags.isNotifySales,
    accountLocked: row.isSuspended,
    isTeacher: row.isTeacher,
    isAccountOwner: tenant.settings.accountOwner === row.id,
    lastLoginTime: seconds(row.lastLoginAt),
  };
}

const toRecord = (row: NotificationRow): NotificationRecord => ({
  contactGuId: row.contactId,
  isNotifyContacts: row.isNotifyContacts,
  isNotifyPrograms: row.isNotifyPrograms,
  isNotifySales: row.isNotifySales,
});

async function requireUser(tx: Tx, tenantId: string, id: string): Promise<UserRow> {
  const row = await findUser(tx, tenantId, id);
  if (!row) throw notFound('User');
  return row;
}

/** GET /rest/contact?userType=staff: admin, staff and front desk. */
export async function listStaff(platform: Platform, tenant: TenantContext): Promise<StaffUser[]> {
  const rows = await withTenant(platform.db, tenant.tenantId, (tx) => listStaffUsers(tx, tenant.tenantId));
  return rows.map(toStaffUser);
}

/** GET /rest/contact/{id}/roles: the User Details form of any person of the tenant (not the walk-in). */
export async function getUserDetail(
  platform: Platform,
  { tenant, auth }: Authenticated,
  id: string,
): Promise<UserDetail> {
  return withTenant(platform.db, tenant.tenantId, async (tx) => {
    const row = await requireUser(tx, tenant.tenantId, id);
    // The Users screens list staff; a member's account detail is for admins and for staff who may
    // manage contacts (as on the contact detail), else it is as if it did not exist.
    if (row.role === 'student' && !permissionsOf(auth.role, tenant.settings.tenantRoles).isShowContactsList) {
      throw notFound('User');
    }
    return toUserDetail(tenant, row, await findNotification(tx, tenant.tenantId, id));
  });
}

/**
 * PUT /rest/contact/{id} with isUpdateRole (admins): role, suspension, teacher flag and the three
 * notification switches, in one transaction. Guard rails (decisions.md "Users"): an admin cannot
 * change their own role or suspend themselves, the account owner stays an active admin, and the
 * tenant keeps at least one active admin. Suspending or changing the role ends the user's sessions.
 */
export async function updateUser(
  platform: Platform,
  { tenant, auth }: Authenticated,
  id: string,
  body: z.output<typeof UserUpdate>,
): Promise<UserDetail> {
  const detail = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const row = await requireUser(tx, tenant.tenantId, id);
    const requested = body.roles?.[0];
    const role: Role = requested ? roleOfUserRole(requested) : row.role;
    const locked = body.accountLocked ?? row.isSuspended;
    const roleChanged = role !== row.role;
    const lockChanged = locked !== row.isSuspended;

    if (row.id === auth.sub) {
      if (roleChanged) throw badRequest('roles', OWN_ROLE);
      if (locked) throw badRequest('accountLocked', OWN_LOCK);
    }
    if (tenant.settings.accountOwner === row.id) {
      if (role !== 'admin') throw badRequest('roles', OWNER_ROLE);
      if (locked) throw badRequest('accountLocked', OWNER_LOCK);
    }
    const wasActiveAdmin = row.role === 'admin' && !row.isSuspended;
    if (wasActiveAdmin && (role !== 'admin' || locked)) {
      if ((await countOtherActiveAdmins(tx, tenant.tenantId, row.id)) === 0) {
        throw badRequest(role !== 'admin' ? 'roles' : 'accountLocked', KEEP_ONE_ADMIN);
      }
    }
    let isTeacher = body.isTeacher ?? row.isTeacher;
    if (role === 'student') {
      if (body.isTeacher === true) throw badRequest('isTeacher', STUDENT_TEACHER);
      isTeacher = false;
    }

    const updated =
      roleChanged || lockChanged || isTeacher !== row.isTeacher
        ? await updateUserRow(tx, tenant.tenantId, row.id, { role, isSuspended: locked, isTeacher })
        : row;
    if (roleChanged || (lockChanged && locked)) await revokeUserSessions(tx, tenant.tenantId, row.id);

    let notification: NotificationValues | undefined = await findNotification(tx, tenant.tenantId, row.id);
    const touchesNotifications =
      body.isNotifySales !== undefined || body.isNotifyContacts !== undefined || body.isNotifyPrograms !== undefined;
    if (touchesNotifications) {
      const current = notification ?? NO_NOTIFICATIONS;
      [notification] = await upsertNotifications(tx, tenant.tenantId, [
        {
          contactId: row.id,
          isNotifySales: body.isNotifySales ?? current.isNotifySales,
          isNotifyContacts: body.isNotifyContacts ?? current.isNotifyContacts,
          isNotifyPrograms: body.isNotifyPrograms ?? current.isNotifyPrograms,
        },
      ]);
    }
    return toUserDetail(tenant, updated, notification);
  });
  // A suspension or role change ended sessions: their access tokens stop working now.
  platform.sessions.forgetTenant(tenant.tenantId);
  return detail;
}

/** GET /rest/notification/: every stored notification record of the tenant. */
export async function listNotificationRecords(
  platform: Platform,
  tenant: TenantContext,
): Promise<NotificationRecord[]> {
  const rows = await withTenant(platform.db, tenant.tenantId, (tx) => listNotifications(tx, tenant.tenantId));
  return rows.map(toRecord);
}

/**
 * PUT /rest/notification/: upserts the records. All or nothing: an id that is not a person of this
 * tenant (another tenant's, unknown, the walk-in) is a 404 and nothing is written. A user named
 * twice is a 400 (which of the two would win is not obvious).
 */
export async function saveNotificationRecords(
  platform: Platform,
  tenant: TenantContext,
  records: NotificationRecord[],
): Promise<NotificationRecord[]> {
  const ids = records.map((record) => record.contactGuId);
  const duplicate = ids.findIndex((id, index) => ids.indexOf(id) !== index);
  if (duplicate !== -1) throw badRequest(`${duplicate}.contactGuId`, 'Each user may appear only once.');
  return withTenant(platform.db, tenant.tenantId, async (tx) => {
    const known = await existingUserIds(tx, tenant.tenantId, ids);
    if (ids.some((id) => !known.has(id))) throw notFound('User');
    const rows = await upsertNotifications(
      tx,
      tenant.tenantId,
      records.map(({ contactGuId, ...flags }) => ({ contactId: contactGuId, ...flags })),
    );
    return rows.map(toRecord);
  });
}

/**
 * POST /rest/users/invite (the Users screen's add dialog): a staff user with no password, and an
 * email with a one-time link (valid INVITE_LINK_DAYS days) to set it on the reset-password page.
 */
export async function inviteStaffUser(
  platform: Platform,
  tenant: TenantContext,
  body: z.output<typeof StaffInvite>,
  origin: string,
): Promise<StaffUser> {
  const token = newOpaqueToken();
  const row = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    if (await emailInUse(tx, tenant.tenantId, body.email)) throw badRequest('email', EMAIL_IN_USE);
    const user = await insertStaffUser(tx, tenant.tenantId, {
      email: body.email,
      name: body.firstName,
      lastName: body.lastName,
      phone: body.phone,
      role: roleOfUserRole(body.role),
    });
    const expiresAt = new Date(Date.now() + INVITE_LINK_DAYS * 86_400_000);
    await insertPasswordLink(tx, tenant.tenantId, { contactId: user.id, tokenHash: hashToken(token), expiresAt });
    const link = `${origin}/reset-password?token=${encodeURIComponent(token)}`;
    await enqueueEmail(tx, tenant.tenantId, {
      to: user.email,
      subject: `You have been invited to ${tenant.name}`,
      text: [
        `Hello ${user.name},`,
        '',
        `You now have a ${roleDisplayName(body.role).toLowerCase()} account at ${tenant.name}.`,
        `Open this link to choose your password (it works once, for ${INVITE_LINK_DAYS} days):`,
        link,
        '',
        `Then sign in at ${origin}/login with ${user.email}.`,
      ].join('\n'),
    });
    return user;
  });
  void platform.outbox.kick();
  return toStaffUser(row);
}

export const MEMBER_SUSPENDED = "This member's account is suspended.";

/**
 * GET /rest/contact/{id}/token (admins): an access token for a member (a student of this tenant),
 * bound to the admin's session and marked with the acting admin (`act`). No refresh token: the web
 * renews it through this call. Anyone else (staff, walk-in, another tenant's id) is a 404.
 */
export async function memberToken(platform: Platform, { tenant, auth }: Authenticated, id: string) {
  const member = await withTenant(platform.db, tenant.tenantId, (tx) => findUser(tx, tenant.tenantId, id));
  if (member?.role !== 'student') throw notFound('Member');
  if (member.isSuspended) throw badRequest('id', MEMBER_SUSPENDED);
  const access_token = await platform.accessTokens.sign({
    sub: member.id,
    tid: tenant.tenantId,
    role: 'student',
    sid: auth.sid,
    act: { sub: auth.sub },
  });
  return { access_token };
}
