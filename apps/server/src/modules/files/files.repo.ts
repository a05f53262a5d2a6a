import type { FileSort } from '@atrium/contracts';
import { and, asc, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contacts, courseChapters, courseEnrolments, courses, fileShares, files } from '../../db/schema/index.ts';
import { escapeLike } from '../contacts/contact-list.repo.ts';

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;
export type ShareRow = typeof fileShares.$inferSelect;
export interface ShareWithName extends ShareRow {
  contactName: string | null;
  courseName: string | null;
}

export interface FileFilter {
  search?: string;
  source?: 'staff' | 'member';
  sort: FileSort;
}

const ORDER: Record<FileSort, SQL[]> = {
  name: [asc(sql`lower(${files.fileName})`), asc(files.id)],
  '-name': [desc(sql`lower(${files.fileName})`), desc(files.id)],
  date: [asc(files.createdAt), asc(files.id)],
  '-date': [desc(files.createdAt), desc(files.id)],
  size: [asc(files.size), asc(files.id)],
  '-size': [desc(files.size), desc(files.id)],
};

const fileWhere = (tenantId: string, filter: FileFilter) => {
  const pattern = filter.search ? `%${escapeLike(filter.search)}%` : null;
  return and(
    eq(files.tenantId, tenantId),
    pattern ? or(sql`${files.fileName} ilike ${pattern}`, sql`${files.uploadedByName} ilike ${pattern}`) : undefined,
    filter.source ? eq(files.source, filter.source) : undefined,
  );
};

/** A page of the studio's files in the asked order, and how many match in all. */
export async function findFiles(
  tx: Tx,
  tenantId: string,
  filter: FileFilter,
  page: { start: number; length: number },
): Promise<{ rows: FileRow[]; total: number }> {
  const rows = await tx
    .select({ file: files, total: sql<number>`count(*) over ()::int` })
    .from(files)
    .where(fileWhere(tenantId, filter))
    .orderBy(...ORDER[filter.sort])
    .limit(page.length)
    .offset(page.start);
  if (rows.length === 0 && page.start > 0) {
    const [counted] = await tx
      .select({ total: sql<number>`count(*)::int` })
      .from(files)
      .where(fileWhere(tenantId, filter));
    return { rows: [], total: counted?.total ?? 0 };
  }
  return { rows: rows.map((row) => row.file), total: rows[0]?.total ?? 0 };
}

export async function findFile(tx: Tx, tenantId: string, id: string): Promise<FileRow | undefined> {
  const [row] = await tx
    .select()
    .from(files)
    .where(and(eq(files.tenantId, tenantId), eq(files.id, id)));
  return row;
}

export async function insertFile(tx: Tx, row: NewFileRow): Promise<FileRow> {
  const [inserted] = await tx.insert(files).values(row).returning();
  if (!inserted) throw new Error('file insert returned nothing');
  return inserted;
}

export async function renameFile(tx: Tx, tenantId: string, id: string, fileName: string): Promise<FileRow | undefined> {
  const [row] = await tx
    .update(files)
    .set({ fileName, updatedAt: new Date() })
    .where(and(eq(files.tenantId, tenantId), eq(files.id, id)))
    .returning();
  return row;
}

/** Deletes the file's row (its shares go with it); the stored bytes are the caller's to remove. */
export async function deleteFile(tx: Tx, tenantId: string, id: string): Promise<FileRow | undefined> {
  const [row] = await tx
    .delete(files)
    .where(and(eq(files.tenantId, tenantId), eq(files.id, id)))
    .returning();
  return row;
}

/** The shares of these files, oldest first, with the contact's name where a share names one. */
export async function sharesOf(tx: Tx, tenantId: string, fileIds: string[]): Promise<ShareWithName[]> {
  if (fileIds.length === 0) return [];
  const rows = await tx
    .select({
      share: fileShares,
      contactName: sql<
        string | null
      >`case when ${contacts.id} is null then null else coalesce(nullif(trim(${contacts.name} || ' ' || ${contacts.lastName}), ''), ${contacts.email}) end`,
      courseName: courses.name,
    })
    .from(fileShares)
    .leftJoin(contacts, and(eq(contacts.tenantId, tenantId), eq(contacts.id, fileShares.contactId)))
    .leftJoin(courses, and(eq(courses.tenantId, tenantId), eq(courses.id, fileShares.courseId)))
    .where(and(eq(fileShares.tenantId, tenantId), inArray(fileShares.fileId, fileIds)))
    .orderBy(asc(fileShares.createdAt), asc(fileShares.id));
  return rows.map((row) => ({ ...row.share, contactName: row.contactName, courseName: row.courseName }));
}

/** Adds a share; sharing again what is already shared changes nothing (the unique indexes). */
export async function insertShare(tx: Tx, row: typeof fileShares.$inferInsert): Promise<void> {
  await tx.insert(fileShares).values(row).onConflictDoNothing();
}

export async function deleteShare(tx: Tx, tenantId: string, fileId: string, shareId: string): Promise<boolean> {
  const removed = await tx
    .delete(fileShares)
    .where(and(eq(fileShares.tenantId, tenantId), eq(fileShares.fileId, fileId), eq(fileShares.id, shareId)))
    .returning({ id: fileShares.id });
  return removed.length > 0;
}

export async function findContact(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select({ id: contacts.id, role: contacts.role, name: contacts.name, lastName: contacts.lastName })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, id)));
  return row;
}

export async function findCourse(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(and(eq(courses.tenantId, tenantId), eq(courses.id, id)));
  return row;
}

/** A course with a chapter that is this file, if any (the file cannot go while it is one). */
export async function courseUsingFile(tx: Tx, tenantId: string, fileId: string) {
  const [row] = await tx
    .select({ name: courses.name })
    .from(courseChapters)
    .innerJoin(courses, and(eq(courses.tenantId, tenantId), eq(courses.id, courseChapters.courseId)))
    .where(and(eq(courseChapters.tenantId, tenantId), eq(courseChapters.fileId, fileId)))
    .limit(1);
  return row;
}

/**
 * Whether a share reaches this member: shared with them by name, with every student while they are
 * one, or with the students of a course they are enrolled in.
 */
function shareReaches(tenantId: string, member: { contactId: string; isStudent: boolean }): SQL {
  const enrolled = sql`${fileShares.courseId} in (select ${courseEnrolments.courseId} from ${courseEnrolments}
    where ${courseEnrolments.tenantId} = ${tenantId} and ${courseEnrolments.contactId} = ${member.contactId})`;
  const reaches = [eq(fileShares.contactId, member.contactId), and(eq(fileShares.kind, 'course'), enrolled) as SQL];
  if (member.isStudent) reaches.push(eq(fileShares.kind, 'students'));
  return and(eq(fileShares.tenantId, tenantId), or(...reaches)) as SQL;
}

/** The files shared with a member, newest share first, each with when it first reached them. */
export async function filesSharedWith(
  tx: Tx,
  tenantId: string,
  member: { contactId: string; isStudent: boolean },
): Promise<Array<{ file: FileRow; sharedAt: Date }>> {
  const rows = await tx
    .select({ file: files, sharedAt: sql<string>`min(${fileShares.createdAt})` })
    .from(fileShares)
    .innerJoin(files, and(eq(files.tenantId, tenantId), eq(files.id, fileShares.fileId)))
    .where(shareReaches(tenantId, member))
    .groupBy(files.tenantId, files.id)
    .orderBy(desc(sql`min(${fileShares.createdAt})`), desc(files.id));
  return rows.map((row) => ({ file: row.file, sharedAt: new Date(row.sharedAt) }));
}

/** A member's own uploads, newest first. */
export async function uploadsOf(tx: Tx, tenantId: string, contactId: string): Promise<FileRow[]> {
  return tx
    .select()
    .from(files)
    .where(and(eq(files.tenantId, tenantId), eq(files.source, 'member'), eq(files.uploadedBy, contactId)))
    .orderBy(desc(files.createdAt), desc(files.id));
}

/** Whether any share of this file reaches the member. */
export async function isSharedWith(
  tx: Tx,
  tenantId: string,
  fileId: string,
  member: { contactId: string; isStudent: boolean },
): Promise<boolean> {
  const [row] = await tx
    .select({ id: fileShares.id })
    .from(fileShares)
    .where(and(eq(fileShares.fileId, fileId), shareReaches(tenantId, member)))
    .limit(1);
  return row !== undefined;
}
