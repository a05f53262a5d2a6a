import {
  COURSE_MESSAGES,
  type CourseStudent,
  type CourseStudentList,
  type EnrolContactInput,
  progressPercent,
  type StudentProgress,
} from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, readTenant, withTenant } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import { isStaffClaims } from './course-access.ts';
import { loadBundle, secondsOf } from './course-views.ts';
import { findCoursesByIds } from './courses.repo.ts';
import { courseOr404 } from './courses.service.ts';
import {
  completedCounts,
  type EnrolmentRow,
  enrol,
  enrolmentsOfContact,
  progressOf,
  studentsOf,
  unenrol,
} from './enrolments.repo.ts';

// Staff's side of enrolments: enrol a contact, take them out, the course's students with their
// progress, and one contact's progress in every course (spec 3 §7.4 studentProgress).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const iso = (date: Date | null) => date?.toISOString() ?? null;

function studentOf(
  enrolment: EnrolmentRow,
  person: { name: string; lastName: string; email: string },
  done: number,
  total: number,
): CourseStudent {
  return {
    contactId: enrolment.contactId,
    name: `${person.name} ${person.lastName}`.trim(),
    email: person.email,
    source: enrolment.source,
    enrolledAt: enrolment.enrolledAt.toISOString(),
    completedChapters: Math.min(done, total),
    totalChapters: total,
    progressPercent: progressPercent(done, total),
    lastActivityAt: iso(enrolment.lastActivityAt),
    completedAt: iso(enrolment.completedAt),
    refundedAt: iso(enrolment.refundedAt),
  };
}

/** POST /stemplate/program/{id}/attendee: staff enrol a contact (a draft course too: to try it out). */
export function enrolContact(
  db: Db,
  actor: Authenticated,
  courseId: string,
  body: z.output<typeof EnrolContactInput>,
  now = new Date(),
): Promise<{ student: CourseStudent; created: boolean }> {
  const { tenantId } = actor.tenant;
  return withTenant(db, tenantId, async (tx) => {
    await courseOr404(tx, tenantId, courseId);
    const [person] = await tx
      .select({ name: contacts.name, lastName: contacts.lastName, email: contacts.email, isWalkin: contacts.isWalkin })
      .from(contacts)
      .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, body.contactId)));
    if (!person || person.isWalkin) throw new AppError(404, 'not_found', COURSE_MESSAGES.contactNotFound, 'contactId');
    const { row, created } = await enrol(tx, tenantId, {
      courseId,
      contactId: body.contactId,
      source: 'staff',
      at: now,
    });
    const done = (await completedCounts(tx, tenantId, [courseId], [body.contactId])).get(
      `${courseId}:${body.contactId}`,
    );
    const bundle = await loadBundle(tx, actor.tenant, [await courseOr404(tx, tenantId, courseId)]);
    return { student: studentOf(row, person, done ?? 0, bundle.chapters.get(courseId)?.length ?? 0), created };
  });
}

/** DELETE /stemplate/program/{id}/attendee/{contactId}: takes the contact out (their progress stays for a return). */
export function unenrolContact(db: Db, actor: Authenticated, courseId: string, contactId: string): Promise<void> {
  const { tenantId } = actor.tenant;
  return withTenant(db, tenantId, async (tx) => {
    await courseOr404(tx, tenantId, courseId);
    if (!UUID.test(contactId) || !(await unenrol(tx, tenantId, courseId, contactId))) throw notFound('Student');
  });
}

/** GET /stemplate/program/{id}/attendee: the course's students by name, with their progress. */
export function listStudents(
  db: Db,
  actor: Authenticated,
  courseId: string,
  page: { start: number; length: number },
): Promise<CourseStudentList> {
  const { tenantId } = actor.tenant;
  return readTenant(db, tenantId, async (tx) => {
    const course = await courseOr404(tx, tenantId, courseId);
    const { rows, total } = await studentsOf(tx, tenantId, courseId, page);
    const done = await completedCounts(
      tx,
      tenantId,
      [courseId],
      rows.map((row) => row.enrolment.contactId),
    );
    const chapters = (await loadBundle(tx, actor.tenant, [course])).chapters.get(courseId)?.length ?? 0;
    return {
      recordsTotal: total,
      data: rows.map((row) =>
        studentOf(row.enrolment, row, done.get(`${courseId}:${row.enrolment.contactId}`) ?? 0, chapters),
      ),
    };
  });
}

/**
 * GET /rest/courseAttendee/{contactId}/studentProgress: every course of the contact, each chapter's
 * progress. Staff see any contact of theirs; a student only themselves (another's id is a 403).
 */
export function studentProgress(db: Db, actor: Authenticated, contactId: string): Promise<StudentProgress> {
  const { tenant, auth } = actor;
  if (!isStaffClaims(auth) && auth.sub !== contactId) return Promise.reject(forbidden());
  return readTenant(db, tenant.tenantId, async (tx) => {
    const [person] = UUID.test(contactId)
      ? await tx
          .select({ id: contacts.id })
          .from(contacts)
          .where(and(eq(contacts.tenantId, tenant.tenantId), eq(contacts.id, contactId)))
      : [];
    if (!person) throw notFound('Contact');
    const enrolments = await enrolmentsOfContact(tx, tenant.tenantId, contactId);
    const ids = enrolments.map((e) => e.courseId);
    const courseRows = await findCoursesByIds(tx, tenant.tenantId, ids);
    const bundle = await loadBundle(tx, tenant, courseRows);
    const progress = new Map((await progressOf(tx, tenant.tenantId, contactId, ids)).map((p) => [p.chapterId, p]));
    const byId = new Map(courseRows.map((row) => [row.id, row]));
    return {
      contactId,
      courses: enrolments
        .filter((e) => byId.has(e.courseId))
        .map((e) => {
          const course = byId.get(e.courseId);
          const chapters = bundle.chapters.get(e.courseId) ?? [];
          const done = chapters.filter((c) => progress.get(c.id)?.completedAt).length;
          return {
            courseId: e.courseId,
            name: course?.name ?? '',
            source: e.source,
            enrolledAt: e.enrolledAt.toISOString(),
            completedChapters: done,
            totalChapters: chapters.length,
            progressPercent: progressPercent(done, chapters.length),
            lastActivityAt: iso(e.lastActivityAt),
            completedAt: iso(e.completedAt),
            chapters: chapters.map((c) => {
              const p = progress.get(c.id);
              return {
                chapterId: c.id,
                title: c.title,
                type: c.type,
                positionSeconds: p?.positionSeconds ?? 0,
                durationSeconds: p?.durationSeconds ?? secondsOf(bundle, c),
                completedAt: iso(p?.completedAt ?? null),
                updatedAt: iso(p?.updatedAt ?? null),
              };
            }),
          };
        }),
    };
  });
}
