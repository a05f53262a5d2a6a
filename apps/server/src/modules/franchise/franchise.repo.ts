import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import { APP_ROLE, type Db, type Tx, withTenant } from '../../db/client.ts';
import { contacts, tenants, websitePages } from '../../db/schema/index.ts';
import type { TenantSettings } from '../../lib/tenant-settings.ts';
import type { NewPage } from '../../seed/tenants.ts';

export type TenantRow = typeof tenants.$inferSelect;
export interface OwnerRow {
  id: string;
  name: string;
  lastName: string;
  email: string;
}

/** Runs the rest of an owner transaction as the application role for one tenant (RLS applies). */
async function actAsTenant(tx: Tx, tenantId: string): Promise<void> {
  await tx.execute(sql.raw(`set local role ${APP_ROLE}`));
  await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
}

/** The franchises of a master: tenants whose masterOrgId is its orgId, the master itself left out. */
export async function listFranchiseRows(db: Db, masterOrgId: string): Promise<TenantRow[]> {
  return db
    .select()
    .from(tenants)
    .where(and(eq(tenants.masterOrgId, masterOrgId), ne(tenants.orgId, masterOrgId)))
    .orderBy(desc(tenants.createdAt), asc(tenants.orgId));
}

/** One franchise of this master, or null (another master's franchise, the master itself, unknown id). */
export async function findFranchiseRow(db: Db, masterOrgId: string, tenantId: string): Promise<TenantRow | null> {
  const [row] = await db
    .select()
    .from(tenants)
    .where(and(eq(tenants.id, tenantId), eq(tenants.masterOrgId, masterOrgId), ne(tenants.orgId, masterOrgId)))
    .limit(1);
  return row ?? null;
}

export async function isOrgIdTaken(db: Db, orgId: string): Promise<boolean> {
  const [row] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.orgId, orgId)).limit(1);
  return Boolean(row);
}

/**
 * The franchise's owner: its account owner when that is an active admin, else its oldest active
 * admin. Read in the franchise's own tenant transaction.
 */
export async function findOwner(tx: Tx, tenantId: string, accountOwner: string | null): Promise<OwnerRow | null> {
  const columns = { id: contacts.id, name: contacts.name, lastName: contacts.lastName, email: contacts.email };
  const admins = and(eq(contacts.tenantId, tenantId), eq(contacts.role, 'admin'), eq(contacts.isSuspended, false));
  if (accountOwner && /^[0-9a-f-]{36}$/i.test(accountOwner)) {
    const [owner] = await tx
      .select(columns)
      .from(contacts)
      .where(and(admins, eq(contacts.id, accountOwner)))
      .limit(1);
    if (owner) return owner;
  }
  const [first] = await tx.select(columns).from(contacts).where(admins).orderBy(asc(contacts.createdAt)).limit(1);
  return first ?? null;
}

export function findOwnerOf(db: Db, row: TenantRow): Promise<OwnerRow | null> {
  return withTenant(db, row.id, (tx) => findOwner(tx, row.id, row.settings.accountOwner ?? null));
}

export interface NewFranchise {
  orgId: string;
  masterOrgId: string;
  name: string;
  settings: Partial<TenantSettings>;
  admin: { id: string; email: string; passwordHash: string; name: string; lastName: string; phone: string };
  pages: NewPage[];
}

/**
 * One transaction: the registry row (owner connection), then, as the new tenant under RLS, its
 * admin and its pages. Any failure rolls all of it back, so nothing is ever half-created.
 */
export async function insertFranchise(db: Db, franchise: NewFranchise): Promise<TenantRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tenants)
      .values({
        orgId: franchise.orgId,
        masterOrgId: franchise.masterOrgId,
        name: franchise.name,
        settings: franchise.settings,
      })
      .returning();
    if (!row) throw new Error('tenant insert returned nothing');
    await actAsTenant(tx, row.id);
    await tx.insert(contacts).values({
      ...franchise.admin,
      tenantId: row.id,
      role: 'admin',
      isEmailVerified: true,
      hasAcceptedTerms: true,
      isTeacher: true,
    });
    if (franchise.pages.length > 0) {
      await tx.insert(websitePages).values(franchise.pages.map((page) => ({ ...page, tenantId: row.id })));
    }
    return row;
  });
}

/**
 * The edit form: the registry row (name, settings patch merged into the jsonb) and the owner's
 * name and email, in one transaction. Answers false when the owner's new email belongs to another
 * contact of the franchise (nothing is written then).
 */
export async function updateFranchise(
  db: Db,
  tenantId: string,
  change: {
    name: string;
    patch: Partial<TenantSettings>;
    owner: { id: string; name: string; lastName: string; email: string } | null;
  },
): Promise<TenantRow | 'email_taken'> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(tenants)
        .set({
          name: change.name,
          settings: sql`coalesce(${tenants.settings}, '{}'::jsonb) || ${JSON.stringify(change.patch)}::jsonb`,
        })
        .where(eq(tenants.id, tenantId))
        .returning();
      if (!row) throw new Error('franchise row vanished');
      if (change.owner) {
        await actAsTenant(tx, tenantId);
        await tx
          .update(contacts)
          .set({
            name: change.owner.name,
            lastName: change.owner.lastName,
            email: change.owner.email,
            updatedAt: new Date(),
          })
          .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, change.owner.id)));
      }
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'contacts_tenant_email_uq')) return 'email_taken';
    throw error;
  }
}

/**
 * Deletes an empty franchise: locks its registry row (a concurrent sign-up then waits and fails on
 * its foreign key), counts its members under RLS, and deletes the row (everything the tenant owns
 * goes with it by cascade) only when there are none. Answers the member count; 0 means deleted.
 */
export async function deleteEmptyFranchise(db: Db, tenantId: string): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for('update');
    await actAsTenant(tx, tenantId);
    const [members] = await tx
      .select({ n: count() })
      .from(contacts)
      .where(and(eq(contacts.tenantId, tenantId), eq(contacts.role, 'student'), eq(contacts.isWalkin, false)));
    const n = Number(members?.n ?? 0);
    if (n > 0) return n;
    await tx.execute(sql.raw('reset role'));
    await tx.delete(tenants).where(eq(tenants.id, tenantId));
    return 0;
  });
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: string; constraint?: string };
    if (code === '23505' && (!constraint || !name || name === constraint)) return true;
  }
  return false;
}
