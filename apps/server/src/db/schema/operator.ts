import { boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, timestamps } from './columns.ts';

/**
 * The platform operator's data (issue 28): platform tables, not a tenant's (no tenant_id; the tenant
 * registry's own kind). Read and written on the owner connection by the operator's calls only.
 */

/** The plans the platform sells (/masterplan); prices in minor units (cents, paise). */
export const masterPlans = pgTable('master_plans', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The plan's id in a tenant's planName (`{slug}_{monthly|yearly}_plan`); `free` is the free plan. */
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  features: jsonb('features').$type<string[]>().notNull().default([]),
  monthlyMinor: integer('monthly_minor').notNull(),
  yearlyMinor: integer('yearly_minor').notNull(),
  /** The INR list for tenants in India; null: the plan is not sold in INR. */
  inrMonthlyMinor: integer('inr_monthly_minor'),
  inrYearlyMinor: integer('inr_yearly_minor'),
  contactsLimit: integer('contacts_limit').notNull(),
  /** null: unlimited active members. */
  membersLimit: integer('members_limit'),
  trialDays: integer('trial_days').notNull().default(0),
  /** Sold by contact: its button opens the platform's contact page instead of checkout. */
  byContact: boolean('by_contact').notNull().default(false),
  status: text('status', { enum: ['active', 'archived'] })
    .notNull()
    .default('active'),
  sequence: integer('sequence').notNull().default(0),
  ...timestamps(),
});

/** What the operator did to a tenant (impersonate, suspend, resume): who, when, which tenant. */
export const operatorAudit = pgTable(
  'operator_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action', { enum: ['impersonate', 'end_impersonation', 'suspend', 'resume'] }).notNull(),
    operatorId: uuid('operator_id').notNull(),
    operatorName: text('operator_name').notNull(),
    targetTenantId: uuid('target_tenant_id').notNull(),
    targetOrgId: text('target_org_id').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [index('operator_audit_target_idx').on(t.targetTenantId, t.createdAt)],
);
