import { index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';

/**
 * Sign-in, recovery and code attempts, counted by every server process alike (decisions.md
 * "Shared state and login limits"). `account` is the lower-cased email as typed, known or not.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    action: text('action').notNull(),
    account: text('account').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('auth_attempts_account_idx').on(t.tenantId, t.action, t.account, t.createdAt),
    index('auth_attempts_ip_idx').on(t.tenantId, t.action, t.ip, t.createdAt),
    index('auth_attempts_created_idx').on(t.tenantId, t.action, t.createdAt),
  ],
);

/**
 * Short-lived values that can be taken once (OAuth states, social tokens, franchise switch codes,
 * pending registrations), stored by the SHA-256 of their key so a leaked row cannot be replayed.
 */
export const singleUseValues = pgTable(
  'single_use_values',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    keyHash: text('key_hash').notNull(),
    value: jsonb('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.kind, t.keyHash] }),
    index('single_use_values_expiry_idx').on(t.tenantId, t.kind, t.expiresAt),
  ],
);
