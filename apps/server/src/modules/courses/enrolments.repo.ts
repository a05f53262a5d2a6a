import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  contacts,
  courseChapters,
  courseEnrolments,
  courseMemberships,
  courseProgress,
  subscriptions,
} from '../../db/schema/index.ts';

export type EnrolmentRow = typeof courseEnrolments.$inferSelect;
export type ProgressRow = typeof courseProgress.$inferSelect;
export type EnrolmentSource = EnrolmentRow['source'];

/** Which source wins when a contact is enrolled again: a purchase or staff enrolment beats a demo or a membership. */
const RANK: Record<EnrolmentSource, number> = { demo: 0, membership: 1, free: 2, staff: 3, purchase: 4 };

/** One contact's enrolment in one course (a row per course and contact). */
const enrolmentOf = (tenantId: string, courseId: string, contactId: string) =>
  and(
    eq(courseEnrolments.tenantId, tenantId),
    eq(courseEnrolments.courseId, courseId),
    eq(courseEnrolments.contactId, contactId),
  );

export async function findEnrolment(
  tx: Tx,
  tenantId: string,
  courseId: string,
  contactId: string,
): Promise<EnrolmentRow | undefined> {
  const [row] = await tx
    .select()
    .from(courseEnrolments)
    .where(enrolmentOf(tenantId, courseId, contactId));
  return row;
}

/** A purchase whose invoice was refunded in full: the row and progress stay, it opens nothing. */
export const isRefundedPurchase = (row: Pick<EnrolmentRow, 'source' | 'refundedAt'>) =>
  row.source === 'purchase' && row.refundedAt !== null;

type FallbackSource = NonNullable<EnrolmentRow['fallbackSource']>;

const better = (a: FallbackSource | null, b: FallbackSource | null): FallbackSource | null =>
  !a ? b : !b ? a : RANK[a] >= RANK[b] ? a : b;

/**
 * Enrols once: the row is keyed by (course, contact), so a replayed webhook, a second process or a
 * double click finds it there. An existing enrolment only moves up (a demo becomes a purchase); a
 * purchase remembers the best other right the contact holds (its fallback when refunded), and a
 * refunded purchase gives way to any new right (a new purchase, a free enrolment, staff's).
 * Answers the row and whether it was made now.
 */
export async function enrol(
  tx: Tx,
  tenantId: string,
  values: { courseId: string; contactId: string; source: EnrolmentSource; invoiceId?: string | null; at: Date },
): Promise<{ row: EnrolmentRow; created: boolean }> {
  const [inserted] = await tx
    .insert(courseEnrolments)
    .values({
      tenantId,
      courseId: values.courseId,
      contactId: values.contactId,
      source: values.source,
      invoiceId: values.invoiceId ?? null,
      enrolledAt: values.at,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { row: inserted, created: true };
  const current = await findEnrolment(tx, tenantId, values.courseId, values.contactId);
  if (!current) throw new Error('enrolment vanished');
  let change: Partial<EnrolmentRow> | null = null;
  if (isRefundedPurchase(current)) {
    // The refunded purchase is history (refundedAt stays unless bought again); the new right takes over.
    change = {
      source: values.source,
      invoiceId: values.invoiceId ?? current.invoiceId,
      ...(values.source === 'purchase' ? { refundedAt: null } : {}),
    };
  } else if (current.source === 'purchase' && values.source !== 'purchase') {
    const fallback = better(current.fallbackSource, values.source);
    if (fallback !== current.fallbackSource) change = { fallbackSource: fallback };
  } else if (RANK[values.source] > RANK[current.source]) {
    change = {
      source: values.source,
      invoiceId: values.invoiceId ?? current.invoiceId,
      // a purchase is valid again: an earlier refund (kept while the row fell back) no longer applies
      ...(values.source === 'purchase' ? { fallbackSource: current.source as FallbackSource, refundedAt: null } : {}),
    };
  }
  if (!change) return { row: current, created: false };
  const [updated] = await tx
    .update(courseEnrolments)
    .set(change)
    .where(enrolmentOf(tenantId, values.courseId, values.contactId))
    .returning();
  return { row: updated ?? current, created: false };
}

/**
 * The invoice that enrolled these purchases was refunded in full: each enrolment it made falls back
 * to the contact's other right (staff, free, membership, demo; `free` also when the course is free
 * now), or, with none, keeps its row and progress but opens nothing. Answers how many lost access.
 */
export async function refundPurchases(
  tx: Tx,
  tenantId: string,
  invoiceId: string,
  freeCourseIds: Set<string>,
  at: Date,
): Promise<number> {
  const rows = await tx
    .select()
    .from(courseEnrolments)
    .where(
      and(
        eq(courseEnrolments.tenantId, tenantId),
        eq(courseEnrolments.invoiceId, invoiceId),
        eq(courseEnrolments.source, 'purchase'),
        isNull(courseEnrolments.refundedAt),
      ),
    )
    .for('update');
  let revoked = 0;
  for (const row of rows) {
    const fallback = freeCourseIds.has(row.courseId) ? better(row.fallbackSource, 'free') : row.fallbackSource;
    if (!fallback) revoked += 1;
    await tx
      .update(courseEnrolments)
      .set(fallback ? { source: fallback, fallbackSource: null, refundedAt: at } : { refundedAt: at })
      .where(enrolmentOf(tenantId, row.courseId, row.contactId));
  }
  return revoked;
}

export async function unenrol(tx: Tx, tenantId: string, courseId: string, contactId: string): Promise<boolean> {
  const rows = await tx
    .delete(courseEnrolments)
    .where(enrolmentOf(tenantId, courseId, contactId))
    .returning({ id: courseEnrolments.contactId });
  return rows.length > 0;
}

export async function enrolmentsOfContact(tx: Tx, tenantId: string, contactId: string): Promise<EnrolmentRow[]> {
  return tx
    .select()
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.tenantId, tenantId), eq(courseEnrolments.contactId, contactId)))
    .orderBy(desc(sql`coalesce(${courseEnrolments.lastActivityAt}, ${courseEnrolments.enrolledAt})`));
}

export interface StudentRow {
  enrolment: EnrolmentRow;
  name: string;
  lastName: string;
  email: string;
}

export async function studentsOf(
  tx: Tx,
  tenantId: string,
  courseId: string,
  page: { start: number; length: number },
): Promise<{ rows: StudentRow[]; total: number }> {
  const where = and(eq(courseEnrolments.tenantId, tenantId), eq(courseEnrolments.courseId, courseId));
  const rows = await tx
    .select({ enrolment: courseEnrolments, name: contacts.name, lastName: contacts.lastName, email: contacts.email })
    .from(courseEnrolments)
    .innerJoin(
      contacts,
      and(eq(contacts.tenantId, courseEnrolments.tenantId), eq(contacts.id, courseEnrolments.contactId)),
    )
    .where(where)
    .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.id))
    .offset(page.start)
    .limit(page.length);
  const [total] = await tx.select({ n: count() }).from(courseEnrolments).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Completed chapters per (course, contact) for the given contacts. */
export async function completedCounts(
  tx: Tx,
  tenantId: string,
  courseIds: string[],
  contactIds: string[],
): Promise<Map<string, number>> {
  if (courseIds.length === 0 || contactIds.length === 0) return new Map();
  const rows = await tx
    .select({ courseId: courseProgress.courseId, contactId: courseProgress.contactId, n: count() })
    .from(courseProgress)
    .where(
      and(
        eq(courseProgress.tenantId, tenantId),
        inArray(courseProgress.courseId, courseIds),
        inArray(courseProgress.contactId, contactIds),
        isNotNull(courseProgress.completedAt),
      ),
    )
    .groupBy(courseProgress.courseId, courseProgress.contactId);
  return new Map(rows.map((row) => [`${row.courseId}:${row.contactId}`, row.n]));
}

export async function progressOf(
  tx: Tx,
  tenantId: string,
  contactId: string,
  courseIds: string[],
): Promise<ProgressRow[]> {
  if (courseIds.length === 0) return [];
  return tx
    .select()
    .from(courseProgress)
    .where(
      and(
        eq(courseProgress.tenantId, tenantId),
        eq(courseProgress.contactId, contactId),
        inArray(courseProgress.courseId, courseIds),
      ),
    );
}

/** Courses that an active membership of the contact includes. */
export async function membershipCourseIds(tx: Tx, tenantId: string, contactId: string): Promise<Set<string>> {
  const rows = await tx
    .selectDistinct({ courseId: courseMemberships.courseId })
    .from(courseMemberships)
    .innerJoin(
      subscriptions,
      and(
        eq(subscriptions.tenantId, courseMemberships.tenantId),
        eq(subscriptions.itemId, courseMemberships.membershipId),
      ),
    )
    .where(
      and(
        eq(courseMemberships.tenantId, tenantId),
        eq(subscriptions.contactId, contactId),
        inArray(subscriptions.status, ['trialing', 'active']),
      ),
    );
  return new Set(rows.map((row) => row.courseId));
}

export async function touchEnrolment(
  tx: Tx,
  tenantId: string,
  courseId: string,
  contactId: string,
  values: { lastChapterId?: string; lastActivityAt?: Date; completedAt?: Date | null },
): Promise<void> {
  await tx
    .update(courseEnrolments)
    .set(values)
    .where(enrolmentOf(tenantId, courseId, contactId));
}

export async function chapterCount(tx: Tx, tenantId: string, courseId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(courseChapters)
    .where(and(eq(courseChapters.tenantId, tenantId), eq(courseChapters.courseId, courseId)));
  return row?.n ?? 0;
}
