import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { itemCategories, items } from './catalogue.ts';
import { createdAtColumn, idColumn, tenantForeignKey, tenantIdColumn, timestamps } from './columns.ts';
import { contacts } from './contacts.ts';

// Courses (issue 25, docs/decisions/courses.md). A course IS a SERVICE category of the catalogue
// (spec 2 §3 "course maps to SERVICE"): its id is the category's id, so an offer's courseGuId names
// it, and its price lives on one catalogue item of kind 'course' in that category, which the cart
// and checkout sell like any other line.

export const courses = pgTable(
  'courses',
  {
    tenantId: tenantIdColumn(),
    /** The SERVICE category's id. */
    id: uuid('id').notNull(),
    /** The catalogue item (kind 'course') the cart sells; its price is the course's. */
    itemId: uuid('item_id').notNull(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    /** Sanitised rich text. */
    description: text('description').notNull().default(''),
    /** A staff user; checked on write, shown only while that contact exists. */
    teacherId: uuid('teacher_id'),
    /** A media library image; checked on write. */
    imageId: uuid('image_id'),
    pricing: text('pricing', { enum: ['free', 'paid', 'membership'] }).notNull(),
    priceMinor: integer('price_minor').notNull().default(0),
    status: text('status', { enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    /** A chapter of this course anyone may open; cleared when the chapter is deleted. */
    previewChapterId: uuid('preview_chapter_id'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    tenantForeignKey(t.tenantId, t.id, itemCategories, 'courses_category_fk').onDelete('cascade'),
    tenantForeignKey(t.tenantId, t.itemId, items, 'courses_item_fk'),
    uniqueIndex('courses_tenant_slug_uq').on(t.tenantId, t.slug),
    uniqueIndex('courses_tenant_item_uq').on(t.tenantId, t.itemId),
    index('courses_tenant_status_name_idx').on(t.tenantId, t.status, t.name),
    check('courses_price_ok', sql`${t.priceMinor} >= 0 and ((${t.pricing} = 'paid') = (${t.priceMinor} > 0))`),
  ],
);

/** The membership products (items of kind membership) whose active members may take a course. */
export const courseMemberships = pgTable(
  'course_memberships',
  {
    tenantId: tenantIdColumn(),
    courseId: uuid('course_id').notNull(),
    membershipId: uuid('membership_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.courseId, t.membershipId] }),
    tenantForeignKey(t.tenantId, t.courseId, courses, 'course_memberships_course_fk').onDelete('cascade'),
    tenantForeignKey(t.tenantId, t.membershipId, items, 'course_memberships_item_fk').onDelete('cascade'),
    index('course_memberships_tenant_membership_idx').on(t.tenantId, t.membershipId),
  ],
);

export const courseSections = pgTable(
  'course_sections',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    courseId: uuid('course_id').notNull(),
    title: text('title').notNull(),
    sequence: integer('sequence').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    tenantForeignKey(t.tenantId, t.courseId, courses, 'course_sections_course_fk').onDelete('cascade'),
    index('course_sections_tenant_course_idx').on(t.tenantId, t.courseId, t.sequence),
  ],
);

export const courseChapters = pgTable(
  'course_chapters',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    courseId: uuid('course_id').notNull(),
    sectionId: uuid('section_id').notNull(),
    title: text('title').notNull(),
    type: text('type', { enum: ['video', 'text', 'file', 'live'] }).notNull(),
    sequence: integer('sequence').notNull(),
    /** Video: an asset of video_assets (checked on write; the video module owns its life). */
    videoAssetId: uuid('video_asset_id'),
    /** Text: sanitised rich text. */
    html: text('html').notNull().default(''),
    /** File: a document of the tenant's files (the /files library on the media storage). */
    fileId: uuid('file_id'),
    /** Live session: when, how long, and the Zoom meeting made for it. */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    durationMinutes: integer('duration_minutes'),
    meetingId: text('meeting_id'),
    joinUrl: text('join_url'),
    isDemo: boolean('is_demo').notNull().default(false),
    joinIntro: boolean('join_intro').notNull().default(false),
    joinOutro: boolean('join_outro').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    tenantForeignKey(t.tenantId, t.courseId, courses, 'course_chapters_course_fk').onDelete('cascade'),
    tenantForeignKey(t.tenantId, t.sectionId, courseSections, 'course_chapters_section_fk').onDelete('cascade'),
    index('course_chapters_tenant_course_idx').on(t.tenantId, t.courseId),
    index('course_chapters_tenant_section_idx').on(t.tenantId, t.sectionId, t.sequence),
    index('course_chapters_tenant_video_idx').on(t.tenantId, t.videoAssetId),
  ],
);

/** A contact's place in a course: one row per (course, contact), so a replayed purchase enrols once. */
export const courseEnrolments = pgTable(
  'course_enrolments',
  {
    tenantId: tenantIdColumn(),
    courseId: uuid('course_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    source: text('source', { enum: ['free', 'demo', 'purchase', 'membership', 'staff'] }).notNull(),
    /** The paid invoice of a purchase. */
    invoiceId: uuid('invoice_id'),
    /**
     * The best other right the contact holds besides a purchase (staff, free, membership, demo): what the
     * enrolment falls back to when the purchase is refunded in full. Null when they had none.
     */
    fallbackSource: text('fallback_source', { enum: ['free', 'demo', 'membership', 'staff'] }),
    /**
     * When the invoice of a purchase was refunded in full. A purchase with a refund opens nothing (the row
     * and the progress stay, like an ended membership's); kept as history when the source falls back.
     */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    enrolledAt: timestamp('enrolled_at', { withTimezone: true }).notNull().defaultNow(),
    /** The chapter last saved (where "continue" goes). */
    lastChapterId: uuid('last_chapter_id'),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.courseId, t.contactId] }),
    tenantForeignKey(t.tenantId, t.courseId, courses, 'course_enrolments_course_fk').onDelete('cascade'),
    tenantForeignKey(t.tenantId, t.contactId, contacts, 'course_enrolments_contact_fk').onDelete('cascade'),
    index('course_enrolments_tenant_contact_idx').on(t.tenantId, t.contactId),
  ],
);

/** Where a contact is in one chapter. */
export const courseProgress = pgTable(
  'course_progress',
  {
    tenantId: tenantIdColumn(),
    contactId: uuid('contact_id').notNull(),
    chapterId: uuid('chapter_id').notNull(),
    courseId: uuid('course_id').notNull(),
    positionSeconds: doublePrecision('position_seconds').notNull().default(0),
    durationSeconds: doublePrecision('duration_seconds'),
    furthestSeconds: doublePrecision('furthest_seconds').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the stored position was read on the device: an older reading changes nothing. */
    positionAt: timestamp('position_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.contactId, t.chapterId] }),
    tenantForeignKey(t.tenantId, t.chapterId, courseChapters, 'course_progress_chapter_fk').onDelete('cascade'),
    tenantForeignKey(t.tenantId, t.contactId, contacts, 'course_progress_contact_fk').onDelete('cascade'),
    index('course_progress_tenant_course_contact_idx').on(t.tenantId, t.courseId, t.contactId),
  ],
);
