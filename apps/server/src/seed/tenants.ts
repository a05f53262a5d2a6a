import type { Role } from '@atrium/contracts';
import { type Db, withTenant } from '../db/client.ts';
import { tenants, websitePages } from '../db/schema/index.ts';
import type { TenantSettings } from '../lib/tenant-settings.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { insertContactRecord } from '../modules/contacts/contact-records.repo.ts';

export interface NewTenant {
  orgId: string;
  name: string;
  masterOrgId?: string;
  customDomain?: string | null;
  settings?: Partial<TenantSettings>;
}

export interface NewUser {
  email: string;
  password: string;
  name: string;
  lastName?: string;
  role: Role;
  phone?: string;
  isSuspended?: boolean;
}

export type NewPage = Omit<typeof websitePages.$inferInsert, 'tenantId' | 'id'>;

/** Creates a tenant (the registry row is platform data; everything else is written as that tenant). */
export async function createTenant(db: Db, tenant: NewTenant): Promise<{ tenantId: string; orgId: string }> {
  const [row] = await db
    .insert(tenants)
    .values({
      orgId: tenant.orgId,
      masterOrgId: tenant.masterOrgId ?? tenant.orgId,
      name: tenant.name,
      customDomain: tenant.customDomain ?? null,
      settings: tenant.settings ?? {},
    })
    .returning();
  if (!row) throw new Error('tenant insert returned nothing');
  return { tenantId: row.id, orgId: row.orgId };
}

export async function createUsers(db: Db, tenantId: string, users: NewUser[]) {
  const hashed = await Promise.all(users.map(async (user) => ({ ...user, hash: await hashPassword(user.password) })));
  return withTenant(db, tenantId, async (tx) => {
    const rows = [];
    for (const user of hashed) {
      rows.push(
        await insertContactRecord(tx, tenantId, {
          email: user.email,
          passwordHash: user.hash,
          name: user.name,
          lastName: user.lastName ?? '',
          role: user.role,
          phone: user.phone ?? '',
          isSuspended: user.isSuspended ?? false,
          isEmailVerified: true,
          hasAcceptedTerms: true,
        }),
      );
    }
    return rows;
  });
}

export async function createPages(db: Db, tenantId: string, pages: NewPage[]): Promise<void> {
  if (pages.length === 0) return;
  await withTenant(db, tenantId, async (tx) => {
    await tx.insert(websitePages).values(pages.map((page) => ({ ...page, tenantId })));
  });
}
