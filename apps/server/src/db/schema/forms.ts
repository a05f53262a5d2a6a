import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantForeignKey, tenantIdColumn, timestamps } from './columns.ts';
import { contacts } from './contacts.ts';

/**
 * Spec 3 §3 "Custom/registration form" (issue 13). Its fields are rows of `custom_fields` with this
 * form's id, so a submission's answers are the contact's custom-field values.
 */
export const customForms = pgTable(
  'custom_forms',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    formType: text('form_type', { enum: ['CUSTOM', 'WAIVER', 'STUDENT_REGISTRATION'] }).notNull(),
    customFormName: text('custom_form_name').notNull().default(''),
    isName: boolean('is_name').notNull().default(true),
    isEmail: boolean('is_email').notNull().default(true),
    isPhone: boolean('is_phone').notNull().default(true),
    isShowEmergencyContact: boolean('is_show_emergency_contact').notNull().default(false),
    isShowBirthdate: boolean('is_show_birthdate').notNull().default(false),
    isShowGuardian: boolean('is_show_guardian').notNull().default(false),
    isSignRequired: boolean('is_sign_required').notNull().default(false),
    isPublished: boolean('is_published').notNull().default(false),
    /** Rich text (sanitised HTML). */
    beforeForm: text('before_form').notNull().default(''),
    subHeader: text('sub_header').notNull().default(''),
    afterForm: text('after_form').notNull().default(''),
    /**
     * The course a registration through this form enrols in (the demo-course flow, spec 3 §2.3): a
     * course's id (its SERVICE category's), checked on write; no foreign key, like a course's teacher
     * and image: a course deleted later leaves a plain form (docs/decisions/forms.md).
     */
    courseId: uuid('course_id'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('custom_forms_tenant_type_idx').on(t.tenantId, t.formType, t.isPublished),
  ],
);

/**
 * One submission of a form: what was filled (`content`, the exact document signed, whose SHA-256 is
 * `document_hash`), the signature and the audit trail; the PDF is made by a job (`status`).
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    formId: uuid('form_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    formName: text('form_name').notNull(),
    formType: text('form_type', { enum: ['CUSTOM', 'WAIVER', 'STUDENT_REGISTRATION'] }).notNull(),
    content: jsonb('content').notNull(),
    documentHash: text('document_hash').notNull(),
    /** The drawn signature (PNG data URL) or '' when typed or none. */
    signature: text('signature').notNull().default(''),
    typedSignature: text('typed_signature').notNull().default(''),
    signerName: text('signer_name').notNull(),
    signerEmail: text('signer_email').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    status: text('status', { enum: ['IN_PROGRESS', 'COMPLETE', 'ERROR'] })
      .notNull()
      .default('IN_PROGRESS'),
    /** The PDF's key in the tenant's media storage once made. */
    documentKey: text('document_key'),
    /** SHA-256 (hex) of the signed PDF as stored, taken when it was made; verify and download recompute it. */
    fileHash: text('file_hash'),
    /**
     * When the signature began to count as the contact's own: at signing when signed in as them,
     * else when they followed the link emailed to them (a waiver; null until then).
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** SHA-256 of the emailed confirmation link's token, kept after use so a second use is told apart. */
    confirmTokenHash: text('confirm_token_hash'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('form_submissions_confirm_token_uq').on(t.tenantId, t.confirmTokenHash),
    index('form_submissions_contact_idx').on(t.tenantId, t.contactId, t.signedAt),
    index('form_submissions_form_idx').on(t.tenantId, t.formId),
    tenantForeignKey(t.tenantId, t.formId, customForms, 'form_submissions_form_fk').onDelete('cascade'),
    tenantForeignKey(t.tenantId, t.contactId, contacts, 'form_submissions_contact_fk').onDelete('cascade'),
    index('form_submissions_waiver_idx').on(t.tenantId, t.contactId).where(sql`${t.formType} = 'WAIVER'`),
  ],
);
