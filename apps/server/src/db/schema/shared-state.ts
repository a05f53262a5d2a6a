import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { idColumn, tenantIdColumn } from './columns.ts';

/**
 * Sign-in, recovery and code attempts, counted by every server process alike (decisions.md
 * "Shared state and login limits"). `account` is the lower-cased email as typed, known or not.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
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
    tenantId: tenantIdColumn(),
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
