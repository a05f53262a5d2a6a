import { z } from 'zod';
import { CHAPTER_COMPLETE_RATIO, CHAPTER_TYPES, COURSE_PRICINGS, ENROLMENT_SOURCES } from './courses.ts';

/**
 * Courses as visitors and learners meet them (issue 25; spec 3 §2.3, §7.2): the public listing and a
 * course's page, the demo-course registration, the learner's courses, outline, chapters, progress.
 * The staff's side and the shared enumerations are in courses.ts.
 */

const id = (field: string) => z.uuid(`${field} must be an id`);
const flag = (field: string) => z.boolean({ error: `${field} must be true or false` });

// ------------------------------------------------------------------- public

/** A published course as a visitor sees it in a listing. */
export const PublicCourseSummary = z.object({
  guId: z.string(),
  name: z.string(),
  slug: z.string(),
  /** Sanitised rich text. */
  description: z.string(),
  teacherName: z.string().nullable(),
  imageUrl: z.string().nullable(),
  pricing: z.enum(COURSE_PRICINGS),
  priceMinor: z.number().int(),
  currency: z.string(),
  /** The catalogue item to put in the cart (paid courses). */
  itemId: z.string(),
  sectionCount: z.number().int(),
  chapterCount: z.number().int(),
  /** Seconds of video over its chapters, when known. */
  durationSeconds: z.number(),
  /** Whether it has demo chapters (the demo-course flow of spec 3 §2.3). */
  allowsDemo: z.boolean(),
  /** The course page: /courses/{slug}. */
  url: z.string(),
});
export type PublicCourseSummary = z.infer<typeof PublicCourseSummary>;

export const PublicCourseListQuery = z.object({
  search: z.string().trim().max(100, 'search must be at most 100 characters').optional(),
});
export const PublicCourseList = z.object({ currency: z.string(), data: z.array(PublicCourseSummary) });
export type PublicCourseList = z.infer<typeof PublicCourseList>;

/** What a learner (or a visitor, for the preview chapter) gets of one chapter to show it. */
export const ChapterContent = z.object({
  guId: z.string(),
  title: z.string(),
  type: z.enum(CHAPTER_TYPES),
  /** Video: ask the video module for a short-lived playback address with this id. */
  videoAssetId: z.string().nullable(),
  /** Text: sanitised HTML. */
  html: z.string(),
  file: z.object({ name: z.string(), url: z.string() }).nullable(),
  live: z
    .object({ startsAt: z.string(), durationMinutes: z.number().int(), joinUrl: z.string().nullable() })
    .nullable(),
  durationSeconds: z.number().nullable(),
});
export type ChapterContent = z.infer<typeof ChapterContent>;

export const OutlineChapter = z.object({
  guId: z.string(),
  title: z.string(),
  type: z.enum(CHAPTER_TYPES),
  durationSeconds: z.number().nullable(),
  isPreview: z.boolean(),
  isDemo: z.boolean(),
});
export const OutlineSection = z.object({ guId: z.string(), title: z.string(), chapters: z.array(OutlineChapter) });

/**
 * GET /stemplate/public/course/{id}, /stemplate/public/program/{name}, /snode/pcourse/{a}/{b}: one
 * published course's page: outline, teacher, price and its preview chapter.
 */
export const PublicCourse = PublicCourseSummary.extend({
  teacher: z.object({ name: z.string(), pictureUrl: z.string().nullable() }).nullable(),
  sections: z.array(OutlineSection),
  previewChapter: ChapterContent.nullable(),
});
export type PublicCourse = z.infer<typeof PublicCourse>;

/**
 * POST /public/course/register: the demo-course flow of a registration form (spec 3 §2.3, §7.9
 * "Free-course registration body: orgId, category guId, user fullName/email/phone, isFreeClass true").
 */
export const PublicCourseRegistration = z.object({
  orgId: z.string().trim().max(100).optional(),
  categoryGuId: id('categoryGuId'),
  user: z.object({
    fullName: z
      .string({ error: 'First name and Last name required!' })
      .trim()
      .min(1, 'First name and Last name required!')
      .max(200, 'fullName must be at most 200 characters'),
    email: z.email('Email is required!').max(254),
    phone: z.string().trim().max(40, 'phone must be at most 40 characters').default(''),
  }),
  isFreeClass: z.boolean().optional(),
  isDemo: z.boolean().default(false),
});
export type PublicCourseRegistration = z.input<typeof PublicCourseRegistration>;

/** enrolled: done (spec texts in message and toast); purchase: a paid course, go to its page to buy. */
export const PublicCourseRegistrationResult = z.object({
  status: z.enum(['enrolled', 'purchase']),
  message: z.string(),
  toast: z.string().nullable(),
  courseUrl: z.string(),
});
export type PublicCourseRegistrationResult = z.infer<typeof PublicCourseRegistrationResult>;

// ------------------------------------------------------------------- student

export const ResumePoint = z.object({
  chapterId: z.string(),
  chapterTitle: z.string(),
  positionSeconds: z.number(),
});

/** GET /snode/course/my: one of my courses. */
export const MyCourse = z.object({
  course: PublicCourseSummary,
  source: z.enum(ENROLMENT_SOURCES),
  enrolledAt: z.string(),
  completedChapters: z.number().int(),
  totalChapters: z.number().int(),
  progressPercent: z.number().int(),
  completedAt: z.string().nullable(),
  lastActivityAt: z.string().nullable(),
  /** Where to continue: the last chapter opened and its position, or the first unfinished chapter. */
  resume: ResumePoint.nullable(),
  /** False when the membership that gave it is no longer active, or its purchase was refunded. */
  hasAccess: z.boolean(),
  /** When the purchase that gave it was refunded in full (ISO), else null. */
  refundedAt: z.string().nullable(),
});
export type MyCourse = z.infer<typeof MyCourse>;

export const MyCourseList = z.object({ data: z.array(MyCourse) });
export type MyCourseList = z.infer<typeof MyCourseList>;

/** GET /snode/course/catalogue: the published courses with what the signed-in person may do. */
export const CatalogueCourse = PublicCourseSummary.extend({
  isEnrolled: z.boolean(),
  /** An active membership of theirs includes it. */
  isIncludedInMembership: z.boolean(),
  /** Enrol directly (free, or included in a membership). */
  canEnrol: z.boolean(),
});
export const CourseCatalogue = z.object({ currency: z.string(), data: z.array(CatalogueCourse) });
export type CourseCatalogue = z.infer<typeof CourseCatalogue>;

/** POST /snode/course/{id}/enrol. */
export const EnrolResult = z.object({ message: z.string(), toast: z.string(), course: MyCourse });
export type EnrolResult = z.infer<typeof EnrolResult>;

export const LearnChapter = OutlineChapter.extend({
  /** Not open to this learner (a demo enrolment's other chapters). */
  isLocked: z.boolean(),
  positionSeconds: z.number(),
  completedAt: z.string().nullable(),
});
/** GET /snode/course/{id}/learn: the outline for a learner with their progress. */
export const LearnCourse = z.object({
  course: PublicCourseSummary,
  source: z.enum(ENROLMENT_SOURCES).nullable(),
  progressPercent: z.number().int(),
  resume: ResumePoint.nullable(),
  sections: z.array(z.object({ guId: z.string(), title: z.string(), chapters: z.array(LearnChapter) })),
});
export type LearnCourse = z.infer<typeof LearnCourse>;

/**
 * PUT /snode/course/{id}/chapter/{chapterId}/progress, every few seconds while playing. sentAt
 * (the device's time of the reading) orders writes: an older one than stored changes nothing.
 */
export const ProgressInput = z
  .object({
    positionSeconds: z
      .number({ error: 'positionSeconds must be a number' })
      .min(0, 'positionSeconds must be 0 or more')
      .max(86_400, 'positionSeconds must be at most 86400'),
    durationSeconds: z
      .number({ error: 'durationSeconds must be a number' })
      .min(0, 'durationSeconds must be 0 or more')
      .max(86_400, 'durationSeconds must be at most 86400')
      .nullable()
      .default(null),
    /** Text, file and live chapters: the learner marks them done. */
    completed: flag('completed').default(false),
    sentAt: z.iso.datetime({ offset: true, error: 'sentAt must be a date and time' }).optional(),
  })
  .strict();
export type ProgressInput = z.input<typeof ProgressInput>;

export const ChapterProgress = z.object({
  chapterId: z.string(),
  positionSeconds: z.number(),
  durationSeconds: z.number().nullable(),
  furthestSeconds: z.number(),
  completedAt: z.string().nullable(),
  updatedAt: z.string(),
  courseProgressPercent: z.number().int(),
  courseCompletedAt: z.string().nullable(),
});
export type ChapterProgress = z.infer<typeof ChapterProgress>;

/** Whole percent of chapters complete (0 with no chapters). */
export function progressPercent(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.floor((Math.min(completed, total) * 100) / total);
}

/** Whether a reading completes a chapter: 90 % of a known duration. */
export function completesChapter(furthestSeconds: number, durationSeconds: number | null): boolean {
  return durationSeconds !== null && durationSeconds > 0 && furthestSeconds >= durationSeconds * CHAPTER_COMPLETE_RATIO;
}
