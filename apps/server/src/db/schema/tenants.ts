import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { TenantSettings } from '../../modules/tenants/tenant-settings.ts';

/**
 * The tenant registry: the one platform table the host resolution reads before any tenant is
 * known. Everything a tenant owns lives in tables keyed by (tenant_id, id).
 */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  orgId: text('org_id').notNull().unique(),
  masterOrgId: text('master_org_id').notNull(),
  name: text('name').notNull(),
  customDomain: text('custom_domain').unique(),
  settings: jsonb('settings').$type<Partial<TenantSettings>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Platform-wide secrets generated on first start (the JWT signing key when none is configured). */
export const platformSecrets = pgTable('platform_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
