import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { TenantSettings } from '../../lib/tenant-settings.ts';

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
  /** Set by the platform operator (issue 28): the public site says so; staff still sign in. */
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
});

/** Platform-wide secrets generated on first start (the JWT signing key when none is configured). */
export const platformSecrets = pgTable('platform_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The new-studio sign-up's guards (issue 13), platform data since no tenant exists yet: each try's
 * IP (`attempt`, the per-IP throttle) and each human-check solution taken (`check`, once only).
 */
export const studioSignupGuards = pgTable(
  'studio_signup_guards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['attempt', 'check'] }).notNull(),
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('studio_signup_guards_check_unique').on(t.key).where(sql`${t.kind} = 'check'`),
    index('studio_signup_guards_attempts_idx').on(t.key, t.createdAt).where(sql`${t.kind} = 'attempt'`),
  ],
);
