import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantForeignKey, tenantIdColumn, timestamps } from './columns.ts';
import { contacts } from './contacts.ts';
import { courses } from './courses.ts';

/**
 * A document for students (/files, /myfiles): a worksheet, a PDF, an image, an office file or text,
 * kept on the media storage under `storage_key`. Staff upload them for students; a student uploads
 * their own (`source` = 'member'). The uploader is remembered by id and name without a foreign key,
 * so a member's upload outlives their contact record for the studio to see who sent it.
 */
export const files = pgTable(
  'files',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    fileName: text('file_name').notNull(),
    /** The type the content showed when it was uploaded (never the browser's word for it). */
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: uuid('storage_key').notNull(),
    source: text('source', { enum: ['staff', 'member'] }).notNull(),
    uploadedBy: uuid('uploaded_by').notNull(),
    uploadedByName: text('uploaded_by_name').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('files_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('files_tenant_uploader_idx').on(t.tenantId, t.uploadedBy, t.createdAt),
    check('files_size_positive', sql`${t.size} > 0`),
  ],
);

/**
 * Who a file is shared with: one contact (`contact`), every student of the studio (`students`), or
 * the students of one course (`course`, its id in `course_id`; the courses module reads it). A row per
 * share, so each can be taken back on its own.
 */
export const fileShares = pgTable(
  'file_shares',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    fileId: uuid('file_id').notNull(),
    kind: text('kind', { enum: ['contact', 'students', 'course'] }).notNull(),
    contactId: uuid('contact_id'),
    courseId: uuid('course_id'),
    sharedBy: uuid('shared_by').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    tenantForeignKey(t.tenantId, t.fileId, files, 'file_shares_file_fk').onDelete('cascade'),
    tenantForeignKey(t.tenantId, t.contactId, contacts, 'file_shares_contact_fk').onDelete('cascade'),
    tenantForeignKey(t.tenantId, t.courseId, courses, 'file_shares_course_fk').onDelete('cascade'),
    uniqueIndex('file_shares_contact_uq').on(t.tenantId, t.fileId, t.contactId).where(sql`${t.kind} = 'contact'`),
    uniqueIndex('file_shares_students_uq').on(t.tenantId, t.fileId).where(sql`${t.kind} = 'students'`),
    uniqueIndex('file_shares_course_uq').on(t.tenantId, t.fileId, t.courseId).where(sql`${t.kind} = 'course'`),
    // "Shared with me": a member's contact shares, read from the contact's side.
    index('file_shares_tenant_contact_idx').on(t.tenantId, t.contactId),
    index('file_shares_tenant_course_idx').on(t.tenantId, t.courseId),
    check(
      'file_shares_target',
      sql`(${t.kind} = 'contact' and ${t.contactId} is not null and ${t.courseId} is null)
        or (${t.kind} = 'students' and ${t.contactId} is null and ${t.courseId} is null)
        or (${t.kind} = 'course' and ${t.courseId} is not null and ${t.contactId} is null)`,
    ),
  ],
);
