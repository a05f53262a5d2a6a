import { boolean, foreignKey, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants.ts';

/** People of a tenant: staff (admin, staff, front desk) and students. Login credentials live here too. */
export const contacts = pgTable(
  'contacts',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    name: text('name').notNull(),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    role: text('role', { enum: ['admin', 'staff', 'frontdesk', 'student'] }).notNull(),
    picture: text('picture'),
    isEmailVerified: boolean('is_email_verified').notNull().default(false),
    isAdminVerified: boolean('is_admin_verified').notNull().default(false),
    hasAcceptedTerms: boolean('has_accepted_terms').notNull().default(false),
    isFirstLogin: boolean('is_first_login').notNull().default(true),
    isSuspended: boolean('is_suspended').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), uniqueIndex('contacts_tenant_email_uq').on(t.tenantId, t.email)],
);

/** Rotating refresh tokens, stored hashed; one family per login. Reuse of a used token revokes the family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    contactId: uuid('contact_id').notNull(),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('refresh_tokens_tenant_hash_uq').on(t.tenantId, t.tokenHash),
    foreignKey({ columns: [t.tenantId, t.contactId], foreignColumns: [contacts.tenantId, contacts.id] }).onDelete(
      'cascade',
    ),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: uuid('id').notNull().defaultRandom(),
    contactId: uuid('contact_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('password_resets_tenant_hash_uq').on(t.tenantId, t.tokenHash),
    foreignKey({ columns: [t.tenantId, t.contactId], foreignColumns: [contacts.tenantId, contacts.id] }).onDelete(
      'cascade',
    ),
  ],
);
