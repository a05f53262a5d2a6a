import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantForeignKey, tenantIdColumn, timestamps } from './columns.ts';

/** People of a tenant: staff (admin, staff, front desk) and students. Login credentials live here too. */
export const contacts = pgTable(
  'contacts',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
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
    /** Spec 2 "User detail" Teacher switch: staff who can be assigned to teach classes. */
    isTeacher: boolean('is_teacher').notNull().default(false),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    // Contacts module (spec 3 §3 "Contact"): the status flags and tags are small sets, kept as text[].
    statuses: text('statuses').array().notNull().default(sql`'{}'::text[]`),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    grnNumber: text('grn_number'),
    hasSignedWaiverForm: boolean('has_signed_waiver_form').notNull().default(true),
    subscribeToMailingList: boolean('subscribe_to_mailing_list').notNull().default(true),
    isUnread: boolean('is_unread').notNull().default(false),
    /** The one walk-in contact of the tenant (front-desk sales to an unnamed person). */
    isWalkin: boolean('is_walkin').notNull().default(false),
    /** In the tenant's currency, major units: account credit minus what open invoices still owe (negative: owing). Three decimals for KWD and the like. */
    balance: numeric('balance', { precision: 15, scale: 3 }).notNull().default('0'),
    dateOfBirth: date('date_of_birth'),
    address: text('address').notNull().default(''),
    company: text('company').notNull().default(''),
    emergencyContactName: text('emergency_contact_name').notNull().default(''),
    emergencyContactPhone: text('emergency_contact_phone').notNull().default(''),
    leadSource: text('lead_source').notNull().default(''),
    /**
     * How the contact came (the contacts report's sources, issue 24): registration, import, staff,
     * checkout, donation or form; null for contacts made before it was recorded and for the team.
     */
    source: text('source', { enum: ['registration', 'import', 'staff', 'checkout', 'donation', 'form'] }),
    /**
     * What contact search matches: "first last", email, phone and the phone's digits alone, on
     * separate lines (a search box cannot type a line break, so a match never spans two fields).
     * Stored, so the trigram index's recheck reads it instead of recomputing it for every row.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`name || ' ' || last_name || chr(10) || email || chr(10) || phone || chr(10) || regexp_replace(phone, '[^0-9]', '', 'g')`,
    ),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('contacts_tenant_email_uq').on(t.tenantId, t.email),
    uniqueIndex('contacts_tenant_walkin_uq').on(t.tenantId).where(sql`${t.isWalkin}`),
    index('contacts_tenant_name_idx').on(t.tenantId, t.name, t.lastName),
    index('contacts_tenant_created_idx').on(t.tenantId, t.createdAt),
    // The list's default order (name A-Z, case-insensitive) read straight from an index.
    index('contacts_tenant_lower_name_idx').on(t.tenantId, sql`lower(${t.name})`, sql`lower(${t.lastName})`, t.id),
    // Search: a trigram GIN index (pg_trgm, tenant_id through btree_gin) that ILIKE '%text%' uses.
    index('contacts_tenant_search_trgm_idx').using('gin', t.tenantId, sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** Text compared byte by byte (collation "C"), whatever the database's collation. */
const bytewiseText = customType<{ data: string }>({ dataType: () => 'text collate "C"' });

/**
 * The contact search's digit terms: every suffix, 4 digits or longer, of every run of 4+ digits in a
 * contact's search text (the phone's digits, numbers in an email or name). A digits-only search of 4+
 * characters matches a contact exactly when it is the start of one of its terms, so it is one range
 * of this btree, read under the tenant's own row-level security. Kept by triggers on contacts
 * (migration 0016): written in the same statement as the contact, whatever writes it.
 */
export const contactSearchTerms = pgTable(
  'contact_search_terms',
  {
    tenantId: tenantIdColumn(),
    term: bytewiseText('term').notNull(),
    contactId: uuid('contact_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.term, t.contactId] })],
);

/**
 * One CSV import (POST /rest/contact/import): who, when, the file and category, and the counts.
 * Written in the same transaction as the imported contacts, so a failed import leaves no trace.
 */
export const contactImports = pgTable(
  'contact_imports',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    /** Spec 3 §7.4 `categoryId`: kept as given until contact categories exist. */
    categoryId: text('category_id'),
    fileName: text('file_name').notNull().default(''),
    totalRows: integer('total_rows').notNull(),
    importedCount: integer('imported_count').notNull(),
    rejectedCount: integer('rejected_count').notNull(),
    createdById: uuid('created_by_id'),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('contact_imports_tenant_created_idx').on(t.tenantId, t.createdAt),
  ],
);

/** Staff notes on a contact, newest first. The author is kept by id and name (no key: staff come and go). */
export const contactNotes = pgTable(
  'contact_notes',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    contactId: uuid('contact_id').notNull(),
    body: text('body').notNull(),
    authorId: uuid('author_id'),
    authorName: text('author_name').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('contact_notes_tenant_contact_idx').on(t.tenantId, t.contactId, t.createdAt),
    tenantForeignKey(t.tenantId, t.contactId, contacts).onDelete('cascade'),
  ],
);

/** The activity timeline of a contact: calls, emails, meetings, visits, tasks. */
export const contactActivities = pgTable(
  'contact_activities',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    contactId: uuid('contact_id').notNull(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    authorId: uuid('author_id'),
    authorName: text('author_name').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('contact_activities_tenant_contact_idx').on(t.tenantId, t.contactId, t.occurredAt),
    tenantForeignKey(t.tenantId, t.contactId, contacts).onDelete('cascade'),
  ],
);

/** Guardian (parent) and child links between two contacts of the same tenant. */
export const contactGuardians = pgTable(
  'contact_guardians',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    guardianId: uuid('guardian_id').notNull(),
    childId: uuid('child_id').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('contact_guardians_tenant_pair_uq').on(t.tenantId, t.guardianId, t.childId),
    index('contact_guardians_tenant_child_idx').on(t.tenantId, t.childId),
    check('contact_guardians_not_self', sql`${t.guardianId} <> ${t.childId}`),
    tenantForeignKey(t.tenantId, t.guardianId, contacts, 'contact_guardians_guardian_fk').onDelete('cascade'),
    tenantForeignKey(t.tenantId, t.childId, contacts, 'contact_guardians_child_fk').onDelete('cascade'),
  ],
);

/** Rotating refresh tokens, stored hashed; one family per login. Reuse of a used token revokes the family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: idColumn(),
    contactId: uuid('contact_id').notNull(),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('refresh_tokens_tenant_hash_uq').on(t.tenantId, t.tokenHash),
    // The session gate asks, per request's session, whether its family has a revoked token.
    index('refresh_tokens_tenant_family_idx').on(t.tenantId, t.familyId),
    tenantForeignKey(t.tenantId, t.contactId, contacts).onDelete('cascade'),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    tenantId: uuid('tenant_id').notNull(),
    id: idColumn(),
    contactId: uuid('contact_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('password_resets_tenant_hash_uq').on(t.tenantId, t.tokenHash),
    tenantForeignKey(t.tenantId, t.contactId, contacts).onDelete('cascade'),
  ],
);

/**
 * One-time codes a contact types to prove their email (PUT /rest/contact/{id}/otp). Only an HMAC
 * of tenant, contact and code is kept; `attempts` counts wrong tries so a code dies after a few
 * (a 6-digit code is only safe with that counter). A new code marks earlier unused ones used.
 */
export const contactOtps = pgTable(
  'contact_otps',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    contactId: uuid('contact_id').notNull(),
    codeHash: text('code_hash').notNull(),
    purpose: text('purpose', { enum: ['verify_email'] })
      .notNull()
      .default('verify_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('contact_otps_tenant_contact_created_idx').on(t.tenantId, t.contactId, t.createdAt),
    tenantForeignKey(t.tenantId, t.contactId, contacts).onDelete('cascade'),
  ],
);
