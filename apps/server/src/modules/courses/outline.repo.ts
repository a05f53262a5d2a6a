import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { courseChapters, courseSections, courses, files } from '../../db/schema/index.ts';
import type { ChapterRow, SectionRow } from './courses.repo.ts';

// Sections and chapters of a course, in order. Sequences are 1..n within their parent; a reorder
// writes them all again.

export async function sectionsOf(tx: Tx, tenantId: string, courseIds: string[]): Promise<SectionRow[]> {
  if (courseIds.length === 0) return [];
  return tx
    .select()
    .from(courseSections)
    .where(and(eq(courseSections.tenantId, tenantId), inArray(courseSections.courseId, courseIds)))
    .orderBy(asc(courseSections.courseId), asc(courseSections.sequence), asc(courseSections.createdAt));
}

/** Chapters of the courses, in outline order (the section's place, then the chapter's). */
export async function chaptersOf(tx: Tx, tenantId: string, courseIds: string[]): Promise<ChapterRow[]> {
  if (courseIds.length === 0) return [];
  const rows = await tx
    .select({ chapter: courseChapters })
    .from(courseChapters)
    .innerJoin(
      courseSections,
      and(eq(courseSections.tenantId, courseChapters.tenantId), eq(courseSections.id, courseChapters.sectionId)),
    )
    .where(and(eq(courseChapters.tenantId, tenantId), inArray(courseChapters.courseId, courseIds)))
    .orderBy(
      asc(courseChapters.courseId),
      asc(courseSections.sequence),
      asc(courseChapters.sequence),
      asc(courseChapters.createdAt),
    );
  return rows.map((row) => row.chapter);
}

export async function findSection(
  tx: Tx,
  tenantId: string,
  courseId: string,
  id: string,
): Promise<SectionRow | undefined> {
  const [row] = await tx
    .select()
    .from(courseSections)
    .where(
      and(eq(courseSections.tenantId, tenantId), eq(courseSections.courseId, courseId), eq(courseSections.id, id)),
    );
  return row;
}

export async function findChapter(
  tx: Tx,
  tenantId: string,
  courseId: string,
  id: string,
): Promise<ChapterRow | undefined> {
  const [row] = await tx
    .select()
    .from(courseChapters)
    .where(
      and(eq(courseChapters.tenantId, tenantId), eq(courseChapters.courseId, courseId), eq(courseChapters.id, id)),
    );
  return row;
}

/** The chapters that show a video asset, with their course (the video access policy's question). */
export async function chaptersShowing(tx: Tx, tenantId: string, videoAssetId: string) {
  return tx
    .select({ chapter: courseChapters, course: courses })
    .from(courseChapters)
    .innerJoin(courses, and(eq(courses.tenantId, courseChapters.tenantId), eq(courses.id, courseChapters.courseId)))
    .where(and(eq(courseChapters.tenantId, tenantId), eq(courseChapters.videoAssetId, videoAssetId)));
}

async function nextSequence(
  tx: Tx,
  column: typeof courseSections.sequence | typeof courseChapters.sequence,
  where: ReturnType<typeof and>,
) {
  const table = column === courseSections.sequence ? courseSections : courseChapters;
  const [row] = await tx
    .select({ n: sql<number>`coalesce(max(${column}), 0)::int` })
    .from(table)
    .where(where);
  return (row?.n ?? 0) + 1;
}

export async function insertSection(tx: Tx, tenantId: string, courseId: string, title: string): Promise<SectionRow> {
  const sequence = await nextSequence(
    tx,
    courseSections.sequence,
    and(eq(courseSections.tenantId, tenantId), eq(courseSections.courseId, courseId)),
  );
  const [row] = await tx.insert(courseSections).values({ tenantId, courseId, title, sequence }).returning();
  if (!row) throw new Error('section insert returned nothing');
  return row;
}

export async function updateSection(tx: Tx, tenantId: string, id: string, title: string): Promise<void> {
  await tx
    .update(courseSections)
    .set({ title })
    .where(and(eq(courseSections.tenantId, tenantId), eq(courseSections.id, id)));
}

export async function deleteSection(tx: Tx, tenantId: string, id: string): Promise<void> {
  await tx.delete(courseSections).where(and(eq(courseSections.tenantId, tenantId), eq(courseSections.id, id)));
}

export type ChapterValues = Omit<typeof courseChapters.$inferInsert, 'tenantId' | 'id' | 'sequence' | 'createdAt'>;

export async function insertChapter(tx: Tx, tenantId: string, values: ChapterValues): Promise<ChapterRow> {
  const sequence = await chapterSequenceAfter(tx, tenantId, values.sectionId);
  const [row] = await tx
    .insert(courseChapters)
    .values({ ...values, tenantId, sequence })
    .returning();
  if (!row) throw new Error('chapter insert returned nothing');
  return row;
}

/** The place after the last chapter of a section. */
export function chapterSequenceAfter(tx: Tx, tenantId: string, sectionId: string): Promise<number> {
  return nextSequence(
    tx,
    courseChapters.sequence,
    and(eq(courseChapters.tenantId, tenantId), eq(courseChapters.sectionId, sectionId)),
  );
}

export async function updateChapter(
  tx: Tx,
  tenantId: string,
  id: string,
  values: Partial<ChapterValues> & { sequence?: number },
): Promise<ChapterRow> {
  const [row] = await tx
    .update(courseChapters)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(courseChapters.tenantId, tenantId), eq(courseChapters.id, id)))
    .returning();
  if (!row) throw new Error('chapter update returned nothing');
  return row;
}

export async function deleteChapter(tx: Tx, tenantId: string, id: string): Promise<void> {
  await tx.delete(courseChapters).where(and(eq(courseChapters.tenantId, tenantId), eq(courseChapters.id, id)));
}

/** Writes sequences 1..n in the order given (ids already checked to be exactly the parent's). */
export async function writeSectionOrder(tx: Tx, tenantId: string, ids: string[]): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await tx
      .update(courseSections)
      .set({ sequence: index + 1 })
      .where(and(eq(courseSections.tenantId, tenantId), eq(courseSections.id, id)));
  }
}

export async function writeChapterOrder(tx: Tx, tenantId: string, ids: string[]): Promise<void> {
  for (const [index, id] of ids.entries()) {
    await tx
      .update(courseChapters)
      .set({ sequence: index + 1 })
      .where(and(eq(courseChapters.tenantId, tenantId), eq(courseChapters.id, id)));
  }
}

export type FileRow = Pick<typeof files.$inferSelect, 'id' | 'fileName' | 'contentType' | 'storageKey' | 'size'>;

/** Staff documents of the tenant's files library by id. */
export async function findFiles(tx: Tx, tenantId: string, ids: string[]): Promise<Map<string, FileRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: files.id,
      fileName: files.fileName,
      contentType: files.contentType,
      storageKey: files.storageKey,
      size: files.size,
    })
    .from(files)
    .where(and(eq(files.tenantId, tenantId), inArray(files.id, ids), eq(files.source, 'staff')));
  return new Map(rows.map((row) => [row.id, row]));
}
