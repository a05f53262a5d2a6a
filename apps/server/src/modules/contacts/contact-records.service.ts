import {
  type ContactCreate,
  type ContactDetail,
  type ContactUpdate,
  isStaffRole,
  knownTimeZone,
  normaliseTags,
} from '@atrium/contracts';
import type { z } from 'zod';
import { type Db, type Tx, withTenant } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { newContactNote, notifyStaff } from '../mail/staff-notifications.ts';
import { assertContactRoom } from '../plan/plan-limits.ts';
import { membershipEnds } from './contact-list.repo.ts';
import { toDetail } from './contact-mappers.ts';
import { assertMayManageLogin } from './contact-permission.ts';
import {
  type ContactChanges,
  type ContactRow,
  deleteContactRecords,
  emailTaken,
  findChildren,
  findContact,
  findContactsByIds,
  findGuardians,
  findWalkin,
  insertContactRecord,
  insertWalkinIfMissing,
  updateContactRecord,
} from './contact-records.repo.ts';

export const EMAIL_TAKEN = 'A contact with this email already exists.';
export const GRN_NOT_SUPPORTED = 'This organisation does not use GRN numbers.';

/** The contact of this tenant, or a 404 (another tenant's id finds nothing under row-level security). */
export async function requireContact(tx: Tx, tenantId: string, id: string): Promise<ContactRow> {
  const row = await findContact(tx, tenantId, id);
  if (!row) throw notFound('Contact');
  return row;
}

export async function loadDetail(tx: Tx, tenant: TenantContext, row: ContactRow): Promise<ContactDetail> {
  const { tenantId } = tenant;
  const [children, guardians] = [await findChildren(tx, tenantId, row.id), await findGuardians(tx, tenantId, row.id)];
  const ends = await membershipEnds(tx, tenantId, [row.id]);
  const zone = knownTimeZone(tenant.settings.timezone);
  return toDetail({ ...row, lastMembershipEndsAt: ends.get(row.id) ?? null }, children, guardians, zone);
}

/** A taken email surfaces as the same 400 whether found first or by the unique index in a race. */
export async function translateUniqueEmail<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'contacts_tenant_email_uq')) throw badRequest('email', EMAIL_TAKEN);
    throw error;
  }
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23505' && (!name || name === constraint)) return true;
  }
  return false;
}

function checkGrn(tenant: TenantContext, grnNumber: string | null | undefined): void {
  if (grnNumber && !tenant.settings.isSupportGrn) throw badRequest('grnNumber', GRN_NOT_SUPPORTED);
}

/** Opening the detail (GET /snode/contact/{id}) marks the contact read. */
export function getContactDetail(db: Db, tenant: TenantContext, id: string, markRead: boolean) {
  return withTenant(db, tenant.tenantId, async (tx) => {
    let row = await requireContact(tx, tenant.tenantId, id);
    if (markRead && row.isUnread)
      row = (await updateContactRecord(tx, tenant.tenantId, id, { isUnread: false })) ?? row;
    return loadDetail(tx, tenant, row);
  });
}

/** Inserts a contact made by staff: a member with no password, who cannot log in until sent credentials. */
export async function insertNewContact(tx: Tx, tenant: TenantContext, input: z.output<typeof ContactCreate>) {
  checkGrn(tenant, input.grnNumber);
  if (await emailTaken(tx, tenant.tenantId, input.email)) throw badRequest('email', EMAIL_TAKEN);
  await assertContactRoom(tx, tenant, 1);
  return insertContactRecord(tx, tenant.tenantId, {
    email: input.email,
    passwordHash: null,
    name: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    role: 'student',
    source: 'staff',
    grnNumber: input.grnNumber || null,
    hasSignedWaiverForm: input.hasSignedWaiverForm,
    subscribeToMailingList: input.subscribeToMailingList,
  });
}

export function createContact(db: Db, tenant: TenantContext, body: z.output<typeof ContactCreate>) {
  return translateUniqueEmail(() =>
    withTenant(db, tenant.tenantId, async (tx) => {
      const row = await insertNewContact(tx, tenant, body);
      // Contact notifications: the sales email list and the staff who opted in (sent by the outbox's sweep).
      await notifyStaff(tx, tenant, 'contacts', newContactNote(row, 'by staff'));
      return loadDetail(tx, tenant, row);
    }),
  );
}

export function updateContact(
  db: Db,
  { tenant, auth }: Authenticated,
  id: string,
  patch: z.output<typeof ContactUpdate>,
) {
  return translateUniqueEmail(() =>
    withTenant(db, tenant.tenantId, async (tx) => {
      const current = await requireContact(tx, tenant.tenantId, id);
      checkGrn(tenant, patch.grnNumber);
      const emailChanges = !!patch.email && patch.email !== current.email;
      if (emailChanges) assertMayManageLogin(auth.role, current);
      if (emailChanges && patch.email && (await emailTaken(tx, tenant.tenantId, patch.email, id))) {
        throw badRequest('email', EMAIL_TAKEN);
      }
      const { firstName, statuses, tags, grnNumber, ...rest } = patch;
      const changes: ContactChanges = { ...rest };
      if (firstName !== undefined) changes.name = firstName;
      if (grnNumber !== undefined) changes.grnNumber = grnNumber || null;
      if (statuses !== undefined) changes.statuses = [...new Set(statuses)];
      if (tags !== undefined) changes.tags = normaliseTags(tags);
      // A new address has not been verified yet.
      if (emailChanges) changes.isEmailVerified = false;
      const row = (await updateContactRecord(tx, tenant.tenantId, id, changes)) ?? current;
      return loadDetail(tx, tenant, row);
    }),
  );
}

export function setContactTags(db: Db, tenant: TenantContext, id: string, tags: string[]) {
  return withTenant(db, tenant.tenantId, async (tx) => {
    await requireContact(tx, tenant.tenantId, id);
    const row = await updateContactRecord(tx, tenant.tenantId, id, { tags: normaliseTags(tags) });
    if (!row) throw notFound('Contact');
    return loadDetail(tx, tenant, row);
  });
}

/**
 * Deletes all the named contacts or none: an unknown id (or another tenant's) is a 404; the
 * caller's own account, staff accounts (managed in Settings, Users) and the walk-in are refused.
 */
export function deleteContacts(db: Db, ctx: Authenticated, ids: string[]) {
  const { tenant, auth } = ctx;
  const unique = [...new Set(ids)];
  return withTenant(db, tenant.tenantId, async (tx) => {
    if (unique.includes(auth.sub)) throw badRequest('contacts', 'You cannot delete your own account.');
    const rows = await findContactsByIds(tx, tenant.tenantId, unique);
    if (rows.length !== unique.length) throw notFound('Contact');
    for (const row of rows) {
      if (isStaffRole(row.role)) {
        const who = [row.name, row.lastName].filter(Boolean).join(' ');
        throw new AppError(
          400,
          'staff_account',
          `${who} has a ${row.role === 'admin' ? 'admin' : 'staff'} account and cannot be deleted here. Remove staff in Settings, Users.`,
          'contacts',
        );
      }
      if (row.isWalkin) throw badRequest('contacts', 'The walk-in contact cannot be deleted.');
    }
    return { deleted: await deleteContactRecords(tx, tenant.tenantId, unique) };
  });
}

/** The walk-in contact (GET /snode/contact?userType=walkin), created on first use. */
export function walkinContact(db: Db, tenant: TenantContext) {
  return withTenant(db, tenant.tenantId, async (tx) => {
    let row = await findWalkin(tx, tenant.tenantId);
    if (!row) {
      await insertWalkinIfMissing(tx, tenant.tenantId, `walkin@${tenant.orgId}.invalid`);
      row = await findWalkin(tx, tenant.tenantId);
    }
    if (!row) throw new Error('walk-in contact could not be created');
    return loadDetail(tx, tenant, row);
  });
}
