import { randomUUID } from 'node:crypto';
import {
  countryOfTimezone,
  FRANCHISE_MESSAGES,
  type Franchise,
  type FranchiseCreate,
  type FranchiseUpdate,
  isMasterTenant,
} from '@atrium/contracts';
import type { z } from 'zod';
import { AppError, badRequest, forbidden, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { settingsWithDefaults } from '../../lib/tenant-settings.ts';
import type { Platform } from '../../platform.ts';
import { hashPassword } from '../auth/passwords.ts';
import {
  deleteEmptyFranchise,
  findFranchiseRow,
  findOwnerOf,
  insertFranchise,
  isOrgIdTaken,
  isUniqueViolation,
  listFranchiseRows,
  type OwnerRow,
  type TenantRow,
  updateFranchise,
} from './franchise.repo.ts';
import { franchisePages } from './franchise-pages.ts';

type CreateBody = z.output<typeof FranchiseCreate>;
type UpdateBody = z.output<typeof FranchiseUpdate>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const NOT_A_MASTER = 'Only a master franchise can manage franchises.';
export const franchiseNotFound = () => notFound('Franchise');

/** Franchise calls run on a master's host only (spec 2 §6); elsewhere the feature does not exist. */
export function requireMaster(tenant: TenantContext): TenantContext {
  if (!isMasterTenant(tenant)) throw forbidden(NOT_A_MASTER);
  return tenant;
}

function splitName(full: string): { name: string; lastName: string } {
  const [first = '', ...rest] = full.trim().split(/\s+/);
  return { name: first, lastName: rest.join(' ') };
}

export function toFranchise(row: TenantRow, owner: OwnerRow | null): Franchise {
  const s = settingsWithDefaults(row.settings);
  return {
    guid: row.id,
    name: row.name,
    orgId: row.orgId,
    tenantId: row.id,
    phone: s.phone,
    timezone: s.timezone,
    dateCreatedStr: row.createdAt.toISOString(),
    accountOwner: owner?.id ?? null,
    accountOwnerName: owner ? [owner.name, owner.lastName].filter(Boolean).join(' ') : '',
    fromEmail: s.email,
    fromEmailName: s.fromEmailName || row.name,
    customDomain: row.customDomain,
    address: { line1: s.addressLine1, line2: s.addressLine2, city: s.city, state: s.state, zip: s.zip },
  };
}

/** A franchise of this master by its tenant id; anything else (another master's, unknown) is a 404. */
export async function findFranchise(platform: Platform, master: TenantContext, id: string): Promise<TenantRow> {
  const row = UUID.test(id) ? await findFranchiseRow(platform.db, master.orgId, id.toLowerCase()) : null;
  if (!row) throw franchiseNotFound();
  return row;
}

export async function listFranchises(platform: Platform, master: TenantContext): Promise<{ data: Franchise[] }> {
  const rows = await listFranchiseRows(platform.db, master.orgId);
  const data: Franchise[] = [];
  // One short transaction per franchise, each under its own RLS (requests never read contacts as the owner).
  for (const row of rows) data.push(toFranchise(row, await findOwnerOf(platform.db, row)));
  return { data };
}

export async function getFranchise(platform: Platform, master: TenantContext, id: string): Promise<Franchise> {
  const row = await findFranchise(platform, master, id);
  return toFranchise(row, await findOwnerOf(platform.db, row));
}

/** POST /rest/franchise: the tenant, its admin (the account owner) and its pages, all or nothing. */
export async function createFranchise(platform: Platform, master: TenantContext, body: CreateBody): Promise<Franchise> {
  if (await isOrgIdTaken(platform.db, body.orgId)) throw badRequest('orgId', FRANCHISE_MESSAGES.orgIdTaken);
  // argon2 runs before the transaction: it is slow on purpose and must not hold the database.
  const passwordHash = await hashPassword(body.user.password);
  const adminId = randomUUID();
  const { name, lastName } = splitName(body.user.name);
  const address = body.address;
  let row: TenantRow;
  try {
    row = await insertFranchise(platform.db, {
      orgId: body.orgId,
      masterOrgId: master.orgId,
      name: body.businessName,
      settings: {
        email: body.user.email,
        fromEmailName: body.businessName,
        title: body.businessName,
        phone: body.phone,
        timezone: body.timezone,
        // a zone outside the countries' lists (Europe/London) keeps the master's country
        country: countryOfTimezone(body.timezone) ?? master.settings.country,
        addressLine1: address.line1,
        addressLine2: address.line2,
        city: address.city,
        state: address.state,
        zip: address.zip,
        accountOwner: adminId,
        isNewTenant: false,
      },
      admin: { id: adminId, email: body.user.email, passwordHash, name, lastName, phone: body.phone },
      pages: franchisePages(body.businessName),
    });
  } catch (error) {
    if (isUniqueViolation(error, 'tenants_org_id_unique')) throw badRequest('orgId', FRANCHISE_MESSAGES.orgIdTaken);
    throw error;
  }
  // A lookup of this org id may have cached "no such tenant" (someone opened the host too early).
  platform.tenants.invalidate({ orgId: row.orgId, customDomain: row.customDomain });
  return toFranchise(row, { id: adminId, name, lastName, email: body.user.email });
}

/** PUT /rest/franchise/{id}: the edit form (no password, no timezone; the org id cannot change). */
export async function editFranchise(
  platform: Platform,
  master: TenantContext,
  id: string,
  body: UpdateBody,
): Promise<Franchise> {
  const current = await findFranchise(platform, master, id);
  if (body.orgId && body.orgId !== current.orgId) {
    throw badRequest('orgId', 'Franchise OrgId cannot be changed: it is the franchise’s web address.');
  }
  const owner = await findOwnerOf(platform.db, current);
  const ownerName = splitName(body.user.name);
  const address = body.address;
  const result = await updateFranchise(platform.db, current.id, {
    name: body.businessName,
    patch: {
      phone: body.phone,
      addressLine1: address.line1,
      addressLine2: address.line2,
      city: address.city,
      state: address.state,
      zip: address.zip,
      ...(owner ? { accountOwner: owner.id } : {}),
    },
    owner: owner ? { id: owner.id, ...ownerName, email: body.user.email } : null,
  });
  if (result === 'email_taken') {
    throw badRequest('user.email', 'A contact with this email already exists in this franchise.');
  }
  platform.tenants.invalidate(result);
  platform.tenantConfigs.invalidate(result.id);
  return toFranchise(result, owner ? { id: owner.id, ...ownerName, email: body.user.email } : null);
}

/**
 * DELETE /rest/franchise/{id}: only a franchise with no members (students) can be deleted; its
 * staff, pages and settings go with it. One with members is refused (409): member data, payments
 * and history are not something a click in another tenant should destroy.
 */
export async function removeFranchise(platform: Platform, master: TenantContext, id: string): Promise<void> {
  const row = await findFranchise(platform, master, id);
  const members = await deleteEmptyFranchise(platform.db, row.id);
  if (members > 0) {
    throw new AppError(
      409,
      'franchise_has_members',
      `${row.name} has ${members} member${members === 1 ? '' : 's'}, so it cannot be deleted.`,
    );
  }
  // Its hosts stop resolving at once in this process (other processes within the 30 s cache).
  platform.tenants.invalidate(row);
  platform.tenantConfigs.invalidate(row.id);
}
