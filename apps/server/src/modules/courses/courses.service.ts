import {
  COURSE_MESSAGES,
  type Course,
  type CourseDetail,
  type CourseInput,
  type CourseList,
  type CourseListQuery,
  type CourseStatusInput,
  type CourseUpdate,
  courseSlugOf,
} from '@atrium/contracts';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type Db, readTenant, type Tx, withTenant } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { type Authenticated, requirePermission, requireTenant } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { sanitizePageHtml } from '../../site/sanitize.ts';
import { loadBundle, toCourse, toCourseDetail } from './course-views.ts';
import {
  type CourseRow,
  deleteCourse,
  findCourse,
  findStaff,
  insertCourse,
  knownMemberships,
  listCourses,
  lockCourse,
  mediaExists,
  setMemberships,
  slugTaken,
  updateCourse,
} from './courses.repo.ts';
import { chapterCount } from './enrolments.repo.ts';
import { findChapter } from './outline.repo.ts';

// Staff's courses (/services, /content): the course record, its catalogue twins, publishing.
// Every call needs the Roles screen's 'Manage Courses' (isShowCourse); the module is absent (404)
// when the tenant has courses off (isShowCourses).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A 404 when the tenant shows no courses (DESIGN.md: a module that is off answers 404). */
export function requireCourses(tenant: TenantContext): TenantContext {
  if (!tenant.settings.isShowCourses) throw notFound('Page');
  return tenant;
}

/** Staff with 'Manage Courses', on a tenant that shows courses. */
export function manageCourses(request: FastifyRequest): Authenticated {
  requireCourses(requireTenant(request));
  return requirePermission(request, 'isShowCourse');
}

/** The course, or a 404 (another tenant's id, an id that is not one, a deleted course). */
export async function courseOr404(tx: Tx, tenantId: string, id: string, lock = false): Promise<CourseRow> {
  if (!UUID.test(id)) throw notFound('Course');
  const row = lock ? await lockCourse(tx, tenantId, id) : await findCourse(tx, tenantId, id);
  if (!row) throw notFound('Course');
  return row;
}

export async function courseDetail(tx: Tx, tenant: TenantContext, row: CourseRow): Promise<CourseDetail> {
  return toCourseDetail(await loadBundle(tx, tenant, [row]), row);
}

type Input = z.output<typeof CourseInput>;
type Update = z.output<typeof CourseUpdate>;

/** The price a pricing allows: free and membership-only courses cost nothing on their own. */
function checkPrice(pricing: CourseRow['pricing'], priceMinor: number): number {
  if (pricing !== 'paid') return 0;
  if (priceMinor <= 0) throw badRequest('priceMinor', COURSE_MESSAGES.priceRequired);
  return priceMinor;
}

async function checkReferences(tx: Tx, tenantId: string, body: Partial<Input & Update>): Promise<void> {
  if (body.teacherId && !(await findStaff(tx, tenantId, [body.teacherId])).has(body.teacherId)) {
    throw new AppError(404, 'not_found', COURSE_MESSAGES.teacherNotFound, 'teacherId');
  }
  if (body.imageId && !(await mediaExists(tx, tenantId, body.imageId))) {
    throw new AppError(404, 'not_found', COURSE_MESSAGES.imageNotFound, 'imageId');
  }
  if (body.membershipIds?.length) {
    const known = await knownMemberships(tx, tenantId, body.membershipIds);
    const missing = body.membershipIds.findIndex((id) => !known.has(id));
    if (missing >= 0)
      throw new AppError(404, 'not_found', COURSE_MESSAGES.membershipNotFound, `membershipIds.${missing}`);
  }
}

async function freeSlug(tx: Tx, tenantId: string, wanted: string, exceptId?: string): Promise<string> {
  let slug = wanted;
  for (let n = 2; await slugTaken(tx, tenantId, slug, exceptId); n++) slug = `${wanted}-${n}`;
  return slug;
}

/** POST /stemplate/program: a draft course with its SERVICE category and sale item. */
export async function createCourse(db: Db, actor: Authenticated, body: Input): Promise<CourseDetail> {
  const { tenant } = actor;
  return withTenant(db, tenant.tenantId, async (tx) => {
    await checkReferences(tx, tenant.tenantId, body);
    if (body.slug && (await slugTaken(tx, tenant.tenantId, body.slug))) {
      throw new AppError(409, 'slug_taken', COURSE_MESSAGES.slugTaken, 'slug');
    }
    const slug = body.slug ?? (await freeSlug(tx, tenant.tenantId, courseSlugOf(body.name)));
    const row = await insertCourse(tx, tenant.tenantId, {
      name: body.name,
      slug,
      description: sanitizePageHtml(body.description),
      teacherId: body.teacherId,
      imageId: body.imageId,
      pricing: body.pricing,
      priceMinor: checkPrice(body.pricing, body.priceMinor),
    });
    await setMemberships(tx, tenant.tenantId, row.id, [...new Set(body.membershipIds)]);
    return courseDetail(tx, tenant, row);
  });
}

/** PUT /stemplate/program/{id}: only the fields sent change. */
export async function changeCourse(db: Db, actor: Authenticated, id: string, body: Update): Promise<CourseDetail> {
  const { tenant } = actor;
  return withTenant(db, tenant.tenantId, async (tx) => {
    const current = await courseOr404(tx, tenant.tenantId, id, true);
    await checkReferences(tx, tenant.tenantId, body);
    if (body.slug && (await slugTaken(tx, tenant.tenantId, body.slug, id))) {
      throw new AppError(409, 'slug_taken', COURSE_MESSAGES.slugTaken, 'slug');
    }
    if (body.previewChapterId && !(await findChapter(tx, tenant.tenantId, id, body.previewChapterId))) {
      throw badRequest('previewChapterId', COURSE_MESSAGES.previewNotInCourse);
    }
    const pricing = body.pricing ?? current.pricing;
    const sentPrice =
      body.priceMinor ?? (body.pricing === 'paid' && current.pricing !== 'paid' ? 0 : current.priceMinor);
    const row = await updateCourse(tx, tenant.tenantId, current, {
      ...(body.name !== undefined && { name: body.name }),
      ...(body.slug !== undefined && { slug: body.slug }),
      ...(body.description !== undefined && { description: sanitizePageHtml(body.description) }),
      ...(body.teacherId !== undefined && { teacherId: body.teacherId }),
      ...(body.imageId !== undefined && { imageId: body.imageId }),
      ...(body.previewChapterId !== undefined && { previewChapterId: body.previewChapterId }),
      pricing,
      priceMinor: checkPrice(pricing, sentPrice),
    });
    if (body.membershipIds) await setMemberships(tx, tenant.tenantId, id, [...new Set(body.membershipIds)]);
    return courseDetail(tx, tenant, row);
  });
}

/** PUT /stemplate/program/{id}/status: publish (needs a chapter) or unpublish. */
export async function setCourseStatus(
  db: Db,
  actor: Authenticated,
  id: string,
  body: z.output<typeof CourseStatusInput>,
): Promise<CourseDetail> {
  const { tenant } = actor;
  return withTenant(db, tenant.tenantId, async (tx) => {
    const current = await courseOr404(tx, tenant.tenantId, id, true);
    if (body.status === 'published' && (await chapterCount(tx, tenant.tenantId, id)) === 0) {
      throw badRequest('status', COURSE_MESSAGES.publishEmpty);
    }
    const row = await updateCourse(tx, tenant.tenantId, current, {
      status: body.status,
      publishedAt: body.status === 'published' ? (current.publishedAt ?? new Date()) : current.publishedAt,
    });
    return courseDetail(tx, tenant, row);
  });
}

/** DELETE /stemplate/program/{id}: a course nobody is enrolled in; otherwise unpublish it. */
export async function removeCourse(db: Db, actor: Authenticated, id: string): Promise<void> {
  const { tenant } = actor;
  await withTenant(db, tenant.tenantId, async (tx) => {
    const current = await courseOr404(tx, tenant.tenantId, id, true);
    const detail = await loadBundle(tx, tenant, [current]);
    if ((detail.students.get(id) ?? 0) > 0) throw new AppError(409, 'has_students', COURSE_MESSAGES.hasStudents);
    await deleteCourse(tx, tenant.tenantId, current);
  });
}

export function getCourse(db: Db, actor: Authenticated, id: string): Promise<CourseDetail> {
  const { tenant } = actor;
  return readTenant(db, tenant.tenantId, async (tx) =>
    courseDetail(tx, tenant, await courseOr404(tx, tenant.tenantId, id)),
  );
}

/** GET /stemplate/program: the courses by name, with counts. */
export function findCourses(
  db: Db,
  actor: Authenticated,
  query: z.output<typeof CourseListQuery>,
): Promise<CourseList> {
  const { tenant } = actor;
  return readTenant(db, tenant.tenantId, async (tx) => {
    const { rows, total } = await listCourses(
      tx,
      tenant.tenantId,
      { search: query.search || undefined, status: query.status },
      { start: query.start, length: query.length },
    );
    const bundle = await loadBundle(tx, tenant, rows);
    return { recordsTotal: total, data: rows.map((row): Course => toCourse(bundle, row)) };
  });
}
