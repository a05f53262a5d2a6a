import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  assessmentTests,
  classRules,
  contacts,
  courseChapters,
  courseEnrolments,
  courseProgress,
  courses,
  items,
} from '../../db/schema/index.ts';
import { escapeLike } from '../contacts/contact-list.repo.ts';

// Who and what a test is assigned to (contacts, classes, courses, memberships), the course chapter it
// closes, and the tests assigned to a member.

export interface Named {
  kind: 'contact' | 'class' | 'course' | 'membership';
  id: string;
  name: string;
}

/** The names of what tests may be assigned to, of these ids (only the studio's own are found). */
export async function findAssignables(
  tx: Tx,
  tenantId: string,
  want: { kind: string; id: string }[] | 'all',
  search = '',
): Promise<Named[]> {
  const idsOf = (kind: string) => (want === 'all' ? null : want.filter((w) => w.kind === kind).map((w) => w.id));
  const out: Named[] = [];
  const contactIds = idsOf('contact');
  if (contactIds === null || contactIds.length > 0) {
    const rows = await tx
      .select({ id: contacts.id, name: contacts.name, lastName: contacts.lastName, email: contacts.email })
      .from(contacts)
      .where(
        and(
          eq(contacts.tenantId, tenantId),
          eq(contacts.role, 'student'),
          eq(contacts.isWalkin, false),
          contactIds ? inArray(contacts.id, contactIds) : undefined,
          search
            ? sql`(${contacts.name} || ' ' || ${contacts.lastName} || ' ' || ${contacts.email}) ilike ${`%${escapeLike(search)}%`}`
            : undefined,
        ),
      )
      .orderBy(asc(contacts.name), asc(contacts.lastName))
      .limit(contactIds ? 500 : 50);
    for (const row of rows)
      out.push({ kind: 'contact', id: row.id, name: `${row.name} ${row.lastName}`.trim() || row.email });
  }
  const classIds = idsOf('class');
  if (classIds === null || classIds.length > 0) {
    const rows = await tx
      .select({ id: classRules.id, name: classRules.name })
      .from(classRules)
      .where(and(eq(classRules.tenantId, tenantId), classIds ? inArray(classRules.id, classIds) : undefined))
      .orderBy(asc(classRules.name))
      .limit(500);
    for (const row of rows) out.push({ kind: 'class', id: row.id, name: row.name });
  }
  const courseIds = idsOf('course');
  if (courseIds === null || courseIds.length > 0) {
    const rows = await tx
      .select({ id: courses.id, name: courses.name })
      .from(courses)
      .where(and(eq(courses.tenantId, tenantId), courseIds ? inArray(courses.id, courseIds) : undefined))
      .orderBy(asc(courses.name))
      .limit(500);
    for (const row of rows) out.push({ kind: 'course', id: row.id, name: row.name });
  }
  const membershipIds = idsOf('membership');
  if (membershipIds === null || membershipIds.length > 0) {
    const rows = await tx
      .select({ id: items.id, name: items.name })
      .from(items)
      .where(
        and(
          eq(items.tenantId, tenantId),
          eq(items.kind, 'membership'),
          membershipIds ? inArray(items.id, membershipIds) : undefined,
        ),
      )
      .orderBy(asc(items.name))
      .limit(500);
    for (const row of rows) out.push({ kind: 'membership', id: row.id, name: row.name });
  }
  return out;
}

export async function findChapters(
  tx: Tx,
  tenantId: string,
  chapterId?: string,
): Promise<{ id: string; name: string; courseId: string }[]> {
  const rows = await tx
    .select({
      id: courseChapters.id,
      title: courseChapters.title,
      courseId: courseChapters.courseId,
      course: courses.name,
    })
    .from(courseChapters)
    .innerJoin(courses, and(eq(courses.tenantId, courseChapters.tenantId), eq(courses.id, courseChapters.courseId)))
    .where(and(eq(courseChapters.tenantId, tenantId), chapterId ? eq(courseChapters.id, chapterId) : undefined))
    .orderBy(asc(courses.name), asc(courseChapters.sequence))
    .limit(1000);
  return rows.map((row) => ({ id: row.id, name: `${row.course}: ${row.title}`, courseId: row.courseId }));
}

/**
 * The condition that the test is assigned to the contact: by name, through a booked place in one of
 * the class's sessions, an enrolment in the course (not refunded), or a live membership.
 */
export function assignedTo(contactId: string): SQL {
  return sql`exists (
    select 1 from jsonb_array_elements(${assessmentTests.assignments}) as a(v)
    where (a.v->>'kind' = 'contact' and a.v->>'id' = ${contactId})
       or (a.v->>'kind' = 'class' and exists (
            select 1 from class_bookings b
            join class_sessions s on s.tenant_id = b.tenant_id and s.id = b.session_id
            where b.tenant_id = ${assessmentTests.tenantId} and b.contact_id = ${contactId}
              and b.status = 'booked' and s.rule_id::text = a.v->>'id'))
       or (a.v->>'kind' = 'course' and exists (
            select 1 from course_enrolments e
            where e.tenant_id = ${assessmentTests.tenantId} and e.contact_id = ${contactId}
              and e.course_id::text = a.v->>'id' and e.refunded_at is null))
       or (a.v->>'kind' = 'membership' and exists (
            select 1 from subscriptions m
            where m.tenant_id = ${assessmentTests.tenantId} and m.contact_id = ${contactId}
              and m.item_id::text = a.v->>'id' and m.status in ('trialing', 'active', 'past_due')))
  )`;
}

/** The published tests assigned to the contact (one, when testId is given). */
export async function findAssignedTests(tx: Tx, tenantId: string, contactId: string, testId?: string) {
  return tx
    .select()
    .from(assessmentTests)
    .where(
      and(
        eq(assessmentTests.tenantId, tenantId),
        eq(assessmentTests.isPublished, true),
        testId ? eq(assessmentTests.id, testId) : undefined,
        assignedTo(contactId),
      ),
    )
    .orderBy(desc(assessmentTests.createdAt));
}

/** Marks the chapter done for the contact when they are enrolled in its course (a passed test closes it). */
export async function completeChapter(
  tx: Tx,
  tenantId: string,
  contactId: string,
  chapter: { id: string; courseId: string },
  now: Date,
): Promise<void> {
  const [enrolment] = await tx
    .select({ courseId: courseEnrolments.courseId })
    .from(courseEnrolments)
    .where(
      and(
        eq(courseEnrolments.tenantId, tenantId),
        eq(courseEnrolments.courseId, chapter.courseId),
        eq(courseEnrolments.contactId, contactId),
      ),
    );
  if (!enrolment) return;
  await tx
    .insert(courseProgress)
    .values({
      tenantId,
      contactId,
      chapterId: chapter.id,
      courseId: chapter.courseId,
      positionAt: now,
      completedAt: now,
    })
    .onConflictDoUpdate({
      target: [courseProgress.tenantId, courseProgress.contactId, courseProgress.chapterId],
      set: { completedAt: sql`coalesce(${courseProgress.completedAt}, excluded.completed_at)`, updatedAt: sql`now()` },
    });
}
