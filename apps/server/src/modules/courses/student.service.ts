import type { Readable } from 'node:stream';
import {
  type ChapterContent,
  COURSE_MESSAGES,
  type CourseCatalogue,
  type EnrolResult,
  type LearnCourse,
  type MyCourse,
  type MyCourseList,
  progressPercent,
} from '@atrium/contracts';
import { type Db, readTenant, type Tx, withTenant } from '../../db/client.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { assertMayOpen, isStaffClaims, learnerAccess, mayOpen } from './course-access.ts';
import { type CourseBundle, courseOutline, loadBundle, toChapterContent, toPublicSummary } from './course-views.ts';
import { type CourseRow, findCoursesByIds, listCourses } from './courses.repo.ts';
import { courseOr404 } from './courses.service.ts';
import {
  type EnrolmentRow,
  enrol,
  enrolmentsOfContact,
  isRefundedPurchase,
  membershipCourseIds,
  type ProgressRow,
  progressOf,
} from './enrolments.repo.ts';
import { findChapter, findFiles } from './outline.repo.ts';
import { resumePoint } from './progress.service.ts';

// The student's side (/mycourses, /services): my courses with progress and where to continue, the
// catalogue, enrolling in a free (or membership) course, the outline and each chapter's content.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const progressMap = (rows: ProgressRow[]) => new Map(rows.map((row) => [row.chapterId, row]));

function myCourse(
  bundle: CourseBundle,
  course: CourseRow,
  enrolment: EnrolmentRow,
  progress: Map<string, ProgressRow>,
  hasAccess: boolean,
): MyCourse {
  const chapters = bundle.chapters.get(course.id) ?? [];
  const level = enrolment.source === 'demo' ? 'demo' : 'full';
  const completed = chapters.filter((c) => progress.get(c.id)?.completedAt).length;
  return {
    course: toPublicSummary(bundle, course),
    source: enrolment.source,
    enrolledAt: enrolment.enrolledAt.toISOString(),
    completedChapters: completed,
    totalChapters: chapters.length,
    progressPercent: progressPercent(completed, chapters.length),
    completedAt: enrolment.completedAt?.toISOString() ?? null,
    lastActivityAt: enrolment.lastActivityAt?.toISOString() ?? null,
    resume: hasAccess
      ? resumePoint(chapters, progress, enrolment.lastChapterId, (c) => mayOpen(level, course, c))
      : null,
    hasAccess,
    refundedAt: enrolment.refundedAt?.toISOString() ?? null,
  };
}

async function myCoursesIn(tx: Tx, actor: Authenticated, onlyCourse?: string): Promise<MyCourse[]> {
  const { tenant, auth } = actor;
  const enrolments = (await enrolmentsOfContact(tx, tenant.tenantId, auth.sub)).filter(
    (e) => !onlyCourse || e.courseId === onlyCourse,
  );
  const ids = enrolments.map((e) => e.courseId);
  const byId = new Map((await findCoursesByIds(tx, tenant.tenantId, ids)).map((row) => [row.id, row]));
  const published = enrolments.filter((e) => byId.get(e.courseId)?.status === 'published');
  const bundle = await loadBundle(
    tx,
    tenant,
    published.map((e) => byId.get(e.courseId) as CourseRow),
  );
  const progress = await progressOf(tx, tenant.tenantId, auth.sub, ids);
  const members = await membershipCourseIds(tx, tenant.tenantId, auth.sub);
  return published.map((e) => {
    const course = byId.get(e.courseId) as CourseRow;
    const hasAccess = members.has(e.courseId) || (e.source !== 'membership' && !isRefundedPurchase(e));
    return myCourse(bundle, course, e, progressMap(progress.filter((p) => p.courseId === course.id)), hasAccess);
  });
}

/** GET /snode/course/my: the courses I am enrolled in (published ones), the latest activity first. */
export function myCourses(db: Db, actor: Authenticated): Promise<MyCourseList> {
  return readTenant(db, actor.tenant.tenantId, async (tx) => ({ data: await myCoursesIn(tx, actor) }));
}

/** GET /snode/course/catalogue: the published courses and what I may do with each. */
export function courseCatalogue(db: Db, actor: Authenticated): Promise<CourseCatalogue> {
  const { tenant, auth } = actor;
  return readTenant(db, tenant.tenantId, async (tx) => {
    const { rows } = await listCourses(tx, tenant.tenantId, { status: 'published' }, { start: 0, length: 1000 });
    const bundle = await loadBundle(tx, tenant, rows);
    const enrolled = new Map((await enrolmentsOfContact(tx, tenant.tenantId, auth.sub)).map((e) => [e.courseId, e]));
    const members = await membershipCourseIds(tx, tenant.tenantId, auth.sub);
    return {
      currency: bundle.currency,
      data: rows.map((row) => {
        const enrolment = enrolled.get(row.id);
        const isEnrolled = !!enrolment && enrolment.source !== 'demo' && !isRefundedPurchase(enrolment);
        return {
          ...toPublicSummary(bundle, row),
          isEnrolled,
          isIncludedInMembership: members.has(row.id),
          canEnrol: !isEnrolled && (row.pricing === 'free' || members.has(row.id)),
        };
      }),
    };
  });
}

/**
 * POST /snode/course/{id}/enrol: a free course, or one an active membership of mine includes.
 * Enrolling again answers the same (nothing is added twice). A paid course is bought in the cart.
 */
export function enrolSelf(db: Db, actor: Authenticated, courseId: string, now = new Date()): Promise<EnrolResult> {
  const { tenant, auth } = actor;
  return withTenant(db, tenant.tenantId, async (tx) => {
    const course = await courseOr404(tx, tenant.tenantId, courseId);
    if (course.status !== 'published') throw notFound('Course');
    const members = await membershipCourseIds(tx, tenant.tenantId, auth.sub);
    const source = members.has(courseId) ? 'membership' : course.pricing === 'free' ? 'free' : null;
    if (!source) throw new AppError(403, 'purchase_required', COURSE_MESSAGES.notFree);
    await enrol(tx, tenant.tenantId, { courseId, contactId: auth.sub, source, at: now });
    const [mine] = await myCoursesIn(tx, actor, courseId);
    if (!mine) throw new Error('enrolment not readable');
    return { message: COURSE_MESSAGES.enrolled(course.name), toast: COURSE_MESSAGES.enrolledToast, course: mine };
  });
}

/** GET /snode/course/{id}/learn: the outline with my progress; chapters I may not open are locked. */
export function learnCourse(db: Db, actor: Authenticated, courseId: string): Promise<LearnCourse> {
  const { tenant, auth } = actor;
  return readTenant(db, tenant.tenantId, async (tx) => {
    const course = await courseOr404(tx, tenant.tenantId, courseId);
    const access = await learnerAccess(tx, tenant.tenantId, auth, course);
    const bundle = await loadBundle(tx, tenant, [course]);
    const chapters = bundle.chapters.get(course.id) ?? [];
    const progress = progressMap(await progressOf(tx, tenant.tenantId, auth.sub, [course.id]));
    const canOpen = (c: (typeof chapters)[number]) => mayOpen(access.level, course, c);
    const completed = chapters.filter((c) => progress.get(c.id)?.completedAt).length;
    return {
      course: toPublicSummary(bundle, course),
      source: access.enrolment?.source ?? null,
      progressPercent: progressPercent(completed, chapters.length),
      resume: resumePoint(chapters, progress, access.enrolment?.lastChapterId ?? null, canOpen),
      sections: courseOutline(bundle, course, (c) => ({
        isLocked: !canOpen(c),
        positionSeconds: progress.get(c.id)?.positionSeconds ?? 0,
        completedAt: progress.get(c.id)?.completedAt?.toISOString() ?? null,
      })),
    };
  });
}

async function openChapter(tx: Tx, claims: AccessClaims | null, tenantId: string, courseId: string, chapterId: string) {
  const course = await courseOr404(tx, tenantId, courseId);
  const chapter = UUID.test(chapterId) ? await findChapter(tx, tenantId, courseId, chapterId) : undefined;
  if (!chapter) {
    if (course.status !== 'published' && !isStaffClaims(claims)) throw notFound('Course');
    throw notFound('Chapter');
  }
  const access = await learnerAccess(tx, tenantId, claims, course);
  assertMayOpen(access.level, course, chapter);
  return { course, chapter, access };
}

/** GET /snode/course/{id}/chapter/{chapterId}: one chapter's content, for those who may open it. */
export function chapterContent(
  db: Db,
  actor: Authenticated,
  courseId: string,
  chapterId: string,
): Promise<ChapterContent> {
  const { tenantId } = actor.tenant;
  return readTenant(db, tenantId, async (tx) => {
    const { course, chapter, access } = await openChapter(tx, actor.auth, tenantId, courseId, chapterId);
    const bundle = await loadBundle(tx, actor.tenant, [course]);
    const learner = access.level !== 'none' && !(access.level === 'demo' && !chapter.isDemo);
    return toChapterContent(bundle, course, chapter, learner);
  });
}

/** GET /snode/course/{id}/chapter/{chapterId}/file: a file chapter's document, for those who may open it. */
export async function chapterFile(
  platform: Platform,
  tenant: TenantContext,
  claims: AccessClaims | null,
  courseId: string,
  chapterId: string,
): Promise<{ stream: Readable; name: string; type: string; size: number }> {
  const { tenantId } = tenant;
  const found = await readTenant(platform.db, tenantId, async (tx) => {
    const { chapter } = await openChapter(tx, claims, tenantId, courseId, chapterId);
    if (!chapter.fileId) throw notFound('File');
    return (await findFiles(tx, tenantId, [chapter.fileId])).get(chapter.fileId);
  });
  if (!found) throw notFound('File');
  const stream = await platform.media.stream(tenantId, found.storageKey);
  if (!stream) throw notFound('File');
  return { stream, name: found.fileName, type: found.contentType, size: found.size };
}
