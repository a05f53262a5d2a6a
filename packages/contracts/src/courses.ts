import { z } from 'zod';
import { listSearch, pageLength, pageStart } from './paging.ts';

/**
 * Courses and on-demand content (issue 25; spec 1 §2, §3, §9; spec 2 §3, §9; spec 3 §2.3, §7.2, §7.4,
 * §7.6). A course is a SERVICE category of the catalogue (its guId is the category's, so an offer's
 * courseGuId names it) with sections and chapters in order. Every amount on the wire is an integer
 * of the tenant currency's minor units (cents). docs/decisions/courses.md has the readings.
 */

export const COURSE_STATUSES = ['draft', 'published'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

/** free: anyone signed in enrols; paid: bought in the cart; membership: included in memberships only. */
export const COURSE_PRICINGS = ['free', 'paid', 'membership'] as const;
export type CoursePricing = (typeof COURSE_PRICINGS)[number];

/** A chapter is a video, a text (rich text), a file of the media library or a live session (Zoom). */
export const CHAPTER_TYPES = ['video', 'text', 'file', 'live'] as const;
export type ChapterType = (typeof CHAPTER_TYPES)[number];

/** How a contact came to be enrolled. */
export const ENROLMENT_SOURCES = ['free', 'demo', 'purchase', 'membership', 'staff'] as const;
export type EnrolmentSource = (typeof ENROLMENT_SOURCES)[number];

/** A chapter counts as complete once this share of it was watched (issue 25). */
export const CHAPTER_COMPLETE_RATIO = 0.9;
/** The player saves progress this often while playing (seconds). */
export const PROGRESS_SAVE_SECONDS = 5;

export const COURSE_NAME_MAX = 120;
export const COURSE_DESCRIPTION_MAX = 20_000;
export const CHAPTER_TEXT_MAX = 200_000;
export const COURSE_TITLE_MAX = 200;
export const COURSE_PRICE_MAX = 100_000_000;
export const COURSE_SECTIONS_MAX = 100;
export const COURSE_CHAPTERS_MAX = 500;
export const LIVE_MINUTES_MAX = 24 * 60;

/** Texts a person reads. The first three are the spec's (spec 3 §2.3, §8). */
export const COURSE_MESSAGES = {
  enrolledToast: 'Course enrolled successfully',
  enrolled: (course: string) => `${course} enrolled successfully`,
  proceed: 'Would you like to Proceed?',
  nameRequired: 'Course name is required!',
  titleRequired: 'Title is required!',
  priceRequired: 'A paid course needs a price greater than 0.',
  slugTaken: 'Another course already uses this address.',
  slugInvalid: 'The address may hold lower-case letters, digits and dashes only.',
  notFound: 'Course not found.',
  chapterNotFound: 'Chapter not found.',
  sectionNotFound: 'Section not found.',
  notEnrolled: 'Enrol in this course to open this chapter.',
  demoOnly: 'This chapter is not part of the demo. Buy the course to open it.',
  publishEmpty: 'Add at least one chapter before publishing the course.',
  hasStudents: 'This course has students. Unpublish it instead of deleting it.',
  notFree: 'This course is not free. Buy it to enrol.',
  notDraftable: 'Only a published course can be enrolled in.',
  certificateNotReady: 'Finish every chapter to get your certificate.',
  alreadyEnrolled: 'Already enrolled.',
  orderMismatch: 'The order must list every item exactly once.',
  videoNotFound: 'Video not found.',
  fileNotFound: 'File not found.',
  teacherNotFound: 'Teacher not found.',
  imageNotFound: 'Image not found.',
  membershipNotFound: 'Membership not found.',
  contactNotFound: 'Contact not found.',
  previewNotInCourse: 'The preview chapter must be a chapter of this course.',
  detailsByEmail: 'The course details have been sent to your email.',
} as const;

const id = (field: string) => z.uuid(`${field} must be an id`);
const flag = (field: string) => z.boolean({ error: `${field} must be true or false` });
const title = z
  .string({ error: COURSE_MESSAGES.titleRequired })
  .trim()
  .min(1, COURSE_MESSAGES.titleRequired)
  .max(COURSE_TITLE_MAX, `Title must be at most ${COURSE_TITLE_MAX} characters`);

/** A course's web address: lower-case letters, digits and single dashes. */
export const COURSE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The address made from a name: letters of any script kept (lower-cased), the rest dashes. */
export function courseSlugOf(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/g, '');
  return ascii || 'course';
}

// ------------------------------------------------------------------- staff: courses

const courseFields = {
  name: z
    .string({ error: COURSE_MESSAGES.nameRequired })
    .trim()
    .min(1, COURSE_MESSAGES.nameRequired)
    .max(COURSE_NAME_MAX, `Course name must be at most ${COURSE_NAME_MAX} characters`),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(80, 'slug must be at most 80 characters')
    .regex(COURSE_SLUG, COURSE_MESSAGES.slugInvalid),
  /** Rich text (HTML), sanitised by the server. */
  description: z
    .string({ error: 'description must be text' })
    .max(COURSE_DESCRIPTION_MAX, `description must be at most ${COURSE_DESCRIPTION_MAX} characters`),
  /** A staff user (Settings > Users) who teaches it. */
  teacherId: id('teacherId').nullable(),
  /** A media library image. */
  imageId: id('imageId').nullable(),
  pricing: z.enum(COURSE_PRICINGS, { error: `pricing must be one of ${COURSE_PRICINGS.join(', ')}` }),
  /** Minor units; only a paid course has one above 0. */
  priceMinor: z
    .number({ error: 'priceMinor must be an amount in cents' })
    .int('priceMinor must be an amount in cents')
    .min(0, 'priceMinor must be 0 or more')
    .max(COURSE_PRICE_MAX, 'priceMinor is too large'),
  /** Membership products (catalogue items of kind membership) whose active members may take it. */
  membershipIds: z.array(id('membershipIds')).max(50, 'At most 50 memberships'),
  /** The chapter anyone may open from the course page; a chapter of this course. */
  previewChapterId: id('previewChapterId').nullable(),
};

/** POST /stemplate/program. */
export const CourseInput = z
  .object({
    name: courseFields.name,
    slug: courseFields.slug.optional(),
    description: courseFields.description.default(''),
    teacherId: courseFields.teacherId.default(null),
    imageId: courseFields.imageId.default(null),
    pricing: courseFields.pricing.default('free'),
    priceMinor: courseFields.priceMinor.default(0),
    membershipIds: courseFields.membershipIds.default([]),
  })
  .strict();
export type CourseInput = z.input<typeof CourseInput>;

/** PUT /stemplate/program/{id}: only the fields sent change. */
export const CourseUpdate = z
  .object({
    name: courseFields.name,
    slug: courseFields.slug,
    description: courseFields.description,
    teacherId: courseFields.teacherId,
    imageId: courseFields.imageId,
    pricing: courseFields.pricing,
    priceMinor: courseFields.priceMinor,
    membershipIds: courseFields.membershipIds,
    previewChapterId: courseFields.previewChapterId,
  })
  .partial()
  .strict();
export type CourseUpdate = z.input<typeof CourseUpdate>;

/** PUT /stemplate/program/{id}/status: publish or unpublish. */
export const CourseStatusInput = z
  .object({ status: z.enum(COURSE_STATUSES, { error: 'status must be draft or published' }) })
  .strict();
export type CourseStatusInput = z.input<typeof CourseStatusInput>;

export const CourseListQuery = z.object({
  search: listSearch,
  status: z.enum(COURSE_STATUSES, { error: 'status must be draft or published' }).optional(),
  start: pageStart,
  length: pageLength(25, 1000),
});
export type CourseListQuery = z.input<typeof CourseListQuery>;

export const PersonRef = z.object({ guId: z.string(), name: z.string() });

/** A course as staff see it in the list. */
export const Course = z.object({
  guId: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  teacher: PersonRef.nullable(),
  imageId: z.string().nullable(),
  imageUrl: z.string().nullable(),
  pricing: z.enum(COURSE_PRICINGS),
  priceMinor: z.number().int(),
  currency: z.string(),
  status: z.enum(COURSE_STATUSES),
  previewChapterId: z.string().nullable(),
  membershipIds: z.array(z.string()),
  /** The catalogue item a cart sells (paid courses): add it to the cart by this guId. */
  itemId: z.string(),
  sectionCount: z.number().int(),
  chapterCount: z.number().int(),
  studentCount: z.number().int(),
  publishedAt: z.string().nullable(),
  dateCreated: z.string(),
  dateUpdated: z.string(),
});
export type Course = z.infer<typeof Course>;

export const CourseList = z.object({ recordsTotal: z.number().int(), data: z.array(Course) });
export type CourseList = z.infer<typeof CourseList>;

// ------------------------------------------------------------------- staff: sections and chapters

/** POST /stemplate/program/{id}/section and PUT .../section/{sectionId}. */
export const SectionInput = z.object({ title }).strict();
export type SectionInput = z.input<typeof SectionInput>;

/** PUT /stemplate/program/{id}/section/sequence: every section id of the course, in the new order. */
export const SectionOrder = z
  .object({ sections: z.array(id('sections')).max(COURSE_SECTIONS_MAX, 'Too many sections') })
  .strict();
/** PUT /stemplate/program/{id}/section/{sectionId}/chapter/sequence: every chapter id of the section. */
export const ChapterOrder = z
  .object({ chapters: z.array(id('chapters')).max(COURSE_CHAPTERS_MAX, 'Too many chapters') })
  .strict();

const chapterFields = {
  title,
  type: z.enum(CHAPTER_TYPES, { error: `type must be one of ${CHAPTER_TYPES.join(', ')}` }),
  /** Video chapters: an asset of the tenant's video library. */
  videoAssetId: id('videoAssetId').nullable(),
  /** Text chapters: rich text (HTML), sanitised by the server. */
  html: z
    .string({ error: 'html must be text' })
    .max(CHAPTER_TEXT_MAX, `html must be at most ${CHAPTER_TEXT_MAX} characters`),
  /** File chapters: a document of the tenant's files (/files: a worksheet, a PDF) on the media storage. */
  fileId: id('fileId').nullable(),
  /** Live sessions: when it starts (an instant) and how long it runs. */
  startsAt: z.iso.datetime({ offset: true, error: 'startsAt must be a date and time' }).nullable(),
  durationMinutes: z
    .number({ error: 'durationMinutes must be a number of minutes' })
    .int('durationMinutes must be a whole number of minutes')
    .min(1, 'durationMinutes must be at least 1')
    .max(LIVE_MINUTES_MAX, `durationMinutes must be at most ${LIVE_MINUTES_MAX}`)
    .nullable(),
  /** Part of the course's demo (spec 3 §2.3, §9: "courses allowing demo chapters"). */
  isDemo: flag('isDemo'),
  /** Video chapters: join the tenant's intro (introTenant) before and outro (outroTenant) after it. */
  joinIntro: flag('joinIntro'),
  joinOutro: flag('joinOutro'),
};

/** POST /stemplate/program/{id}/section/{sectionId}/chapter. */
export const ChapterInput = z
  .object({
    title: chapterFields.title,
    type: chapterFields.type,
    videoAssetId: chapterFields.videoAssetId.default(null),
    html: chapterFields.html.default(''),
    fileId: chapterFields.fileId.default(null),
    startsAt: chapterFields.startsAt.default(null),
    durationMinutes: chapterFields.durationMinutes.default(null),
    isDemo: chapterFields.isDemo.default(false),
    joinIntro: chapterFields.joinIntro.default(false),
    joinOutro: chapterFields.joinOutro.default(false),
  })
  .strict();
export type ChapterInput = z.input<typeof ChapterInput>;

/** PUT /stemplate/program/{id}/chapter/{chapterId}: the fields sent change; sectionId moves it (to the end). */
export const ChapterUpdate = z
  .object({ ...chapterFields, sectionId: id('sectionId') })
  .omit({ type: true })
  .partial()
  .strict();
export type ChapterUpdate = z.input<typeof ChapterUpdate>;

/** A chapter as staff edit it. */
export const Chapter = z.object({
  guId: z.string(),
  sectionId: z.string(),
  title: z.string(),
  type: z.enum(CHAPTER_TYPES),
  sequence: z.number().int(),
  videoAssetId: z.string().nullable(),
  html: z.string(),
  fileId: z.string().nullable(),
  fileName: z.string().nullable(),
  fileUrl: z.string().nullable(),
  startsAt: z.string().nullable(),
  durationMinutes: z.number().int().nullable(),
  joinUrl: z.string().nullable(),
  /** Seconds of video, when known. */
  durationSeconds: z.number().nullable(),
  isDemo: z.boolean(),
  isPreview: z.boolean(),
  joinIntro: z.boolean(),
  joinOutro: z.boolean(),
});
export type Chapter = z.infer<typeof Chapter>;

export const Section = z.object({
  guId: z.string(),
  title: z.string(),
  sequence: z.number().int(),
  chapters: z.array(Chapter),
});
export type Section = z.infer<typeof Section>;

/** GET /stemplate/program/{id}: the course with its outline in order. */
export const CourseDetail = Course.extend({ sections: z.array(Section) });
export type CourseDetail = z.infer<typeof CourseDetail>;

// ------------------------------------------------------------------- staff: students

/** POST /stemplate/program/{id}/attendee: staff enrol a contact (source staff). */
export const EnrolContactInput = z.object({ contactId: id('contactId') }).strict();
export type EnrolContactInput = z.input<typeof EnrolContactInput>;

/** An enrolment and how far it has come: the course's student list and a contact's courses show it alike. */
const enrolmentProgress = {
  source: z.enum(ENROLMENT_SOURCES),
  enrolledAt: z.string(),
  completedChapters: z.number().int(),
  totalChapters: z.number().int(),
  /** 0 to 100, whole. */
  progressPercent: z.number().int(),
  lastActivityAt: z.string().nullable(),
  completedAt: z.string().nullable(),
};

export const CourseStudent = z.object({
  contactId: z.string(),
  name: z.string(),
  email: z.string(),
  ...enrolmentProgress,
  /** When their purchase was refunded in full (ISO): with source purchase, they open nothing any more. */
  refundedAt: z.string().nullable(),
});
export type CourseStudent = z.infer<typeof CourseStudent>;

export const CourseStudentList = z.object({ recordsTotal: z.number().int(), data: z.array(CourseStudent) });
export type CourseStudentList = z.infer<typeof CourseStudentList>;

export const ChapterProgressRow = z.object({
  chapterId: z.string(),
  title: z.string(),
  type: z.enum(CHAPTER_TYPES),
  positionSeconds: z.number(),
  durationSeconds: z.number().nullable(),
  completedAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type ChapterProgressRow = z.infer<typeof ChapterProgressRow>;

/** GET /rest/courseAttendee/{contactId}/studentProgress: a contact's courses and each chapter's progress. */
export const StudentProgress = z.object({
  contactId: z.string(),
  courses: z.array(
    z.object({
      courseId: z.string(),
      name: z.string(),
      ...enrolmentProgress,
      chapters: z.array(ChapterProgressRow),
    }),
  ),
});
export type StudentProgress = z.infer<typeof StudentProgress>;
