import {
  COURSE_MESSAGES,
  type PublicCourseRegistration,
  type PublicCourseRegistrationResult,
  type PublicCourseSummary,
} from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { enqueueEmail } from '../mail/outbox.ts';
import { notifyStaff } from '../mail/staff-notifications.ts';
import { courseUrl, loadBundle, toPublicSummary } from './course-views.ts';
import { type CourseRow, findCourse, findCourseBySlug, findCoursesByIds, listCourses } from './courses.repo.ts';
import { requireCourses } from './courses.service.ts';
import { enrol } from './enrolments.repo.ts';

// The demo-course flow (spec 3 §2.3, §4, §7.9, §9) in the caller's transaction: the demo-course list,
// whether a registration form may name a course, and the registration itself. Used by the course
// page's POST /public/course/register (public.service.ts) and by a registration form tied to a
// course (the forms module), so nothing here reaches the platform (no import cycle through it).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A published course by its id or its address (slug); anything else is a 404. */
export async function publishedCourse(tx: Tx, tenantId: string, key: string): Promise<CourseRow> {
  const row = UUID.test(key)
    ? await findCourse(tx, tenantId, key)
    : await findCourseBySlug(tx, tenantId, key.toLowerCase());
  if (row?.status === 'published') return row;
  throw notFound('Course');
}

/**
 * The demo-course list (spec 3 §9 "only courses allowing demo chapters and not of type product or
 * donation"; spec 3 §4 "if the demo flag is set or the course is free"): the published courses that
 * have a demo chapter or are free, by name. What a registration form may be tied to.
 */
export async function demoCourses(tx: Tx, tenant: TenantContext): Promise<PublicCourseSummary[]> {
  requireCourses(tenant);
  const { rows } = await listCourses(tx, tenant.tenantId, { status: 'published' }, { start: 0, length: 1000 });
  const bundle = await loadBundle(tx, tenant, rows);
  return rows.map((row) => toPublicSummary(bundle, row)).filter(offersRegistration);
}

/** A course a registration form can enrol in: free, or with a demo chapter. */
const offersRegistration = (course: PublicCourseSummary) => course.pricing === 'free' || course.allowsDemo;

/** How a form tied to the course stands: missing (no such course of the tenant), draft, not offered, or offered. */
export type FormCourseState =
  | { state: 'missing' }
  | { state: 'draft' | 'not-offered' | 'offered'; course: PublicCourseSummary };

/** The courses with these ids (any status), as their summaries; ids of no course of the tenant are left out. */
export async function courseSummaries(
  tx: Tx,
  tenant: TenantContext,
  ids: string[],
): Promise<Map<string, PublicCourseSummary & { published: boolean }>> {
  const wanted = [...new Set(ids.filter((id) => UUID.test(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await findCoursesByIds(tx, tenant.tenantId, wanted);
  const bundle = await loadBundle(tx, tenant, rows);
  return new Map(
    rows.map((row) => [row.id, { ...toPublicSummary(bundle, row), published: row.status === 'published' }]),
  );
}

/** Whether a registration form may be tied to (or, for the public form, enrol in) the course. */
export async function formCourseState(tx: Tx, tenant: TenantContext, id: string): Promise<FormCourseState> {
  if (!tenant.settings.isShowCourses) return { state: 'missing' };
  const course = (await courseSummaries(tx, tenant, [id])).get(id);
  if (!course) return { state: 'missing' };
  const { published, ...summary } = course;
  if (!published) return { state: 'draft', course: summary };
  return { state: offersRegistration(summary) ? 'offered' : 'not-offered', course: summary };
}

function splitName(fullName: string): { first: string; last: string } {
  const parts = fullName.trim().split(/\s+/);
  return { first: parts[0] ?? '', last: parts.slice(1).join(' ') };
}

/**
 * The registration itself, in the caller's transaction (the course page's form above, or a
 * registration form tied to the course, whose submission commits with it): enrols the contact with
 * the email (made as a lead when new) in a demo or a free course and queues the course's welcome
 * (the caller kicks the outbox after commit); a paid course without a demo answers `purchase`.
 * `origin` is the studio's address, for the email's link.
 */
export async function enrolRegistrant(
  tx: Tx,
  tenant: TenantContext,
  origin: string,
  body: z.output<typeof PublicCourseRegistration>,
  now: Date,
): Promise<PublicCourseRegistrationResult> {
  const { tenantId } = tenant;
  const email = body.user.email.trim().toLowerCase();
  const course = await publishedCourse(tx, tenantId, body.categoryGuId);
  const bundle = await loadBundle(tx, tenant, [course]);
  const summary = toPublicSummary(bundle, course);
  const demo = body.isDemo && summary.allowsDemo;
  if (body.isDemo && !summary.allowsDemo) throw badRequest('isDemo', 'This course has no demo chapters.');
  if (!demo && course.pricing !== 'free') {
    return {
      status: 'purchase' as const,
      message: COURSE_MESSAGES.notFree,
      toast: null,
      courseUrl: courseUrl(course.slug),
    };
  }
  const { first, last } = splitName(body.user.fullName);
  await tx
    .insert(contacts)
    .values({
      tenantId,
      email,
      passwordHash: null,
      name: first,
      lastName: last,
      phone: body.user.phone,
      role: 'student',
      statuses: ['lead'],
      isUnread: true,
      leadSource: 'Course registration',
      source: 'form',
      subscribeToMailingList: false,
    })
    .onConflictDoNothing({ target: [contacts.tenantId, contacts.email] });
  const [contact] = await tx
    .select({ id: contacts.id, name: contacts.name })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.email, email)));
  if (!contact) throw new Error('registrant could not be found or made');
  const { created } = await enrol(tx, tenantId, {
    courseId: course.id,
    contactId: contact.id,
    source: demo ? 'demo' : 'free',
    at: now,
  });
  if (created) {
    // Program notifications: the sales email list and the staff who opted in.
    await notifyStaff(tx, tenant, 'programs', {
      subject: `New enrolment: ${course.name}`,
      lines: [
        `${`${first} ${last}`.trim() || email} (${email}) enrolled in ${course.name}${demo ? ' (demo)' : ' (free)'}.`,
      ],
    });
    await enqueueEmail(tx, tenantId, {
      to: email,
      subject: COURSE_MESSAGES.enrolled(course.name),
      text: [
        `Hello ${contact.name || first},`,
        '',
        `${COURSE_MESSAGES.enrolled(course.name)}.`,
        demo ? 'Your demo gives you the demo chapters of the course.' : '',
        `Sign in to ${tenant.name} and open My Courses to start: ${origin}${courseUrl(course.slug)}`,
        '',
        tenant.name,
      ]
        .filter((line, i, all) => line !== '' || all[i - 1] !== '')
        .join('\n'),
    });
  }
  return {
    status: 'enrolled' as const,
    message: COURSE_MESSAGES.enrolled(course.name),
    toast: COURSE_MESSAGES.enrolledToast,
    courseUrl: courseUrl(course.slug),
  };
}
