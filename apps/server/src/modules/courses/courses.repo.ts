import { and, asc, count, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  contacts,
  courseChapters,
  courseEnrolments,
  courseMemberships,
  courseSections,
  courses,
  itemCategories,
  items,
  mediaFiles,
} from '../../db/schema/index.ts';

// Courses and their catalogue twins (a SERVICE category with the course's id, and one item of kind
// 'course' that the cart sells). tenantId is always the first argument after the transaction.

export type CourseRow = typeof courses.$inferSelect;
export type SectionRow = typeof courseSections.$inferSelect;
export type ChapterRow = typeof courseChapters.$inferSelect;

export async function findCourse(tx: Tx, tenantId: string, id: string): Promise<CourseRow | undefined> {
  const [row] = await tx
    .select()
    .from(courses)
    .where(and(eq(courses.tenantId, tenantId), eq(courses.id, id)));
  return row;
}

/** Locks the course row (a write to its outline waits for another). */
export async function lockCourse(tx: Tx, tenantId: string, id: string): Promise<CourseRow | undefined> {
  const [row] = await tx
    .select()
    .from(courses)
    .where(and(eq(courses.tenantId, tenantId), eq(courses.id, id)))
    .for('update');
  return row;
}

export async function findCoursesByIds(tx: Tx, tenantId: string, ids: string[]): Promise<CourseRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(courses)
    .where(and(eq(courses.tenantId, tenantId), inArray(courses.id, ids)));
}

export async function findCourseBySlug(tx: Tx, tenantId: string, slug: string): Promise<CourseRow | undefined> {
  const [row] = await tx
    .select()
    .from(courses)
    .where(and(eq(courses.tenantId, tenantId), eq(courses.slug, slug)));
  return row;
}

export async function findCourseByItem(tx: Tx, tenantId: string, itemId: string): Promise<CourseRow | undefined> {
  const [row] = await tx
    .select()
    .from(courses)
    .where(and(eq(courses.tenantId, tenantId), eq(courses.itemId, itemId)));
  return row;
}

export async function slugTaken(tx: Tx, tenantId: string, slug: string, exceptId?: string): Promise<boolean> {
  const where = [eq(courses.tenantId, tenantId), eq(courses.slug, slug)];
  if (exceptId) where.push(ne(courses.id, exceptId));
  const [row] = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(and(...where));
  return !!row;
}

export interface CourseFilter {
  search?: string;
  status?: CourseRow['status'];
}

export async function listCourses(
  tx: Tx,
  tenantId: string,
  filter: CourseFilter,
  page: { start: number; length: number },
): Promise<{ rows: CourseRow[]; total: number }> {
  const where: SQL[] = [eq(courses.tenantId, tenantId)];
  if (filter.status) where.push(eq(courses.status, filter.status));
  if (filter.search) {
    const like = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(courses.name, like), ilike(courses.slug, like)) as SQL);
  }
  const condition = and(...where);
  const rows = await tx
    .select()
    .from(courses)
    .where(condition)
    .orderBy(asc(sql`lower(${courses.name})`), asc(courses.id))
    .offset(page.start)
    .limit(page.length);
  const [total] = await tx.select({ n: count() }).from(courses).where(condition);
  return { rows, total: total?.n ?? 0 };
}

export interface CourseCounts {
  sections: number;
  chapters: number;
  students: number;
  /** Seconds of video, when known (filled by the caller from the video assets). */
}

/** Sections, chapters and students of each course. */
export async function countsOf(tx: Tx, tenantId: string, ids: string[]): Promise<Map<string, CourseCounts>> {
  const counts = new Map<string, CourseCounts>(ids.map((id) => [id, { sections: 0, chapters: 0, students: 0 }]));
  if (ids.length === 0) return counts;
  const sections = await tx
    .select({ id: courseSections.courseId, n: count() })
    .from(courseSections)
    .where(and(eq(courseSections.tenantId, tenantId), inArray(courseSections.courseId, ids)))
    .groupBy(courseSections.courseId);
  const chapters = await tx
    .select({ id: courseChapters.courseId, n: count() })
    .from(courseChapters)
    .where(and(eq(courseChapters.tenantId, tenantId), inArray(courseChapters.courseId, ids)))
    .groupBy(courseChapters.courseId);
  const students = await tx
    .select({ id: courseEnrolments.courseId, n: count() })
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.tenantId, tenantId), inArray(courseEnrolments.courseId, ids)))
    .groupBy(courseEnrolments.courseId);
  for (const row of sections) counts.get(row.id)!.sections = row.n;
  for (const row of chapters) counts.get(row.id)!.chapters = row.n;
  for (const row of students) counts.get(row.id)!.students = row.n;
  return counts;
}

export interface CourseValues {
  name: string;
  slug: string;
  description: string;
  teacherId: string | null;
  imageId: string | null;
  pricing: CourseRow['pricing'];
  priceMinor: number;
}

/**
 * A course with its catalogue twins: the SERVICE category (the course's id) and the item of kind
 * 'course' the cart sells. Both are hidden until the course is published.
 */
export async function insertCourse(tx: Tx, tenantId: string, values: CourseValues): Promise<CourseRow> {
  const [category] = await tx
    .insert(itemCategories)
    .values({
      tenantId,
      name: values.name,
      categoryType: 'SERVICE',
      isVisible: false,
      imageId: values.imageId,
    })
    .returning({ id: itemCategories.id });
  if (!category) throw new Error('category insert returned nothing');
  const [item] = await tx
    .insert(items)
    .values({
      tenantId,
      categoryId: category.id,
      kind: 'course',
      name: values.name,
      priceMinor: values.priceMinor,
      imageId: values.imageId,
      isVisible: false,
    })
    .returning({ id: items.id });
  if (!item) throw new Error('item insert returned nothing');
  const [row] = await tx
    .insert(courses)
    .values({ tenantId, id: category.id, itemId: item.id, ...values })
    .returning();
  if (!row) throw new Error('course insert returned nothing');
  return row;
}

/** Writes the course and keeps its category and item in step (name, image, price, visibility). */
export async function updateCourse(
  tx: Tx,
  tenantId: string,
  course: CourseRow,
  values: Partial<Omit<CourseRow, 'tenantId' | 'id' | 'itemId' | 'createdAt'>>,
): Promise<CourseRow> {
  const [row] = await tx
    .update(courses)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(courses.tenantId, tenantId), eq(courses.id, course.id)))
    .returning();
  if (!row) throw new Error('course update returned nothing');
  const visible = row.status === 'published';
  await tx
    .update(itemCategories)
    .set({ name: row.name, imageId: row.imageId, isVisible: visible, updatedAt: sql`now()` })
    .where(and(eq(itemCategories.tenantId, tenantId), eq(itemCategories.id, row.id)));
  await tx
    .update(items)
    .set({
      name: row.name,
      imageId: row.imageId,
      priceMinor: row.priceMinor,
      isVisible: visible && row.pricing === 'paid',
      updatedAt: sql`now()`,
    })
    .where(and(eq(items.tenantId, tenantId), eq(items.id, row.itemId)));
  return row;
}

/** Deletes the course (its outline, memberships and enrolments go with it), then its item and category. */
export async function deleteCourse(tx: Tx, tenantId: string, course: CourseRow): Promise<void> {
  await tx.delete(courses).where(and(eq(courses.tenantId, tenantId), eq(courses.id, course.id)));
  await tx.delete(items).where(and(eq(items.tenantId, tenantId), eq(items.id, course.itemId)));
  await tx.delete(itemCategories).where(and(eq(itemCategories.tenantId, tenantId), eq(itemCategories.id, course.id)));
}

export async function membershipIdsOf(tx: Tx, tenantId: string, courseIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>(courseIds.map((id) => [id, []]));
  if (courseIds.length === 0) return map;
  const rows = await tx
    .select()
    .from(courseMemberships)
    .where(and(eq(courseMemberships.tenantId, tenantId), inArray(courseMemberships.courseId, courseIds)));
  for (const row of rows) map.get(row.courseId)?.push(row.membershipId);
  return map;
}

export async function setMemberships(tx: Tx, tenantId: string, courseId: string, ids: string[]): Promise<void> {
  await tx
    .delete(courseMemberships)
    .where(and(eq(courseMemberships.tenantId, tenantId), eq(courseMemberships.courseId, courseId)));
  if (ids.length === 0) return;
  await tx.insert(courseMemberships).values(ids.map((membershipId) => ({ tenantId, courseId, membershipId })));
}

/** Which of these ids are the tenant's membership products (not archived). */
export async function knownMemberships(tx: Tx, tenantId: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: items.id })
    .from(items)
    .where(
      and(
        eq(items.tenantId, tenantId),
        inArray(items.id, ids),
        eq(items.kind, 'membership'),
        eq(items.isArchived, false),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

export interface PersonRow {
  id: string;
  name: string;
  picture: string | null;
}

/** Staff users (admin, staff, front desk) by id: the teachers a course may name. */
export async function findStaff(tx: Tx, tenantId: string, ids: string[]): Promise<Map<string, PersonRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: contacts.id, name: contacts.name, lastName: contacts.lastName, picture: contacts.picture })
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        inArray(contacts.id, ids),
        inArray(contacts.role, ['admin', 'staff', 'frontdesk']),
      ),
    );
  return new Map(
    rows.map((row) => [row.id, { id: row.id, name: `${row.name} ${row.lastName}`.trim(), picture: row.picture }]),
  );
}

export async function mediaExists(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: mediaFiles.id })
    .from(mediaFiles)
    .where(and(eq(mediaFiles.tenantId, tenantId), eq(mediaFiles.id, id)));
  return !!row;
}
