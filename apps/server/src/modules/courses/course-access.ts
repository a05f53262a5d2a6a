import { COURSE_MESSAGES, isStaffRole } from '@atrium/contracts';
import type { Tx } from '../../db/client.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { ChapterRow, CourseRow } from './courses.repo.ts';
import { type EnrolmentRow, findEnrolment, isRefundedPurchase, membershipCourseIds } from './enrolments.repo.ts';

// Who may open what of a course (docs/decisions/courses.md "Access"):
// - staff (not in student preview): everything, drafts included;
// - an enrolled learner: every chapter; a demo enrolment only the demo chapters; a membership
//   enrolment only while a membership that includes the course is active; a purchase refunded in
//   full nothing;
// - an active member of a membership that includes the course: every chapter (enrolled on first use);
// - anyone, signed in or not: the preview chapter of a published course.
// A draft is a 404 to everyone but staff, as another tenant's course is.

export type AccessLevel = 'staff' | 'full' | 'demo' | 'none';

export interface LearnerAccess {
  level: AccessLevel;
  enrolment: EnrolmentRow | undefined;
  /** An active membership includes the course. */
  viaMembership: boolean;
}

export const isStaffClaims = (claims: AccessClaims | null | undefined) =>
  !!claims && isStaffRole(claims.role) && !claims.preview;

export async function learnerAccess(
  tx: Tx,
  tenantId: string,
  claims: AccessClaims | null,
  course: CourseRow,
): Promise<LearnerAccess> {
  if (isStaffClaims(claims)) {
    const enrolment = claims ? await findEnrolment(tx, tenantId, course.id, claims.sub) : undefined;
    return { level: 'staff', enrolment, viaMembership: false };
  }
  if (course.status !== 'published') throw notFound('Course');
  if (!claims) return { level: 'none', enrolment: undefined, viaMembership: false };
  const enrolment = await findEnrolment(tx, tenantId, course.id, claims.sub);
  const viaMembership = (await membershipCourseIds(tx, tenantId, claims.sub)).has(course.id);
  if (viaMembership) return { level: 'full', enrolment, viaMembership };
  if (!enrolment || enrolment.source === 'membership' || isRefundedPurchase(enrolment))
    return { level: 'none', enrolment, viaMembership };
  return { level: enrolment.source === 'demo' ? 'demo' : 'full', enrolment, viaMembership };
}

export function mayOpen(access: AccessLevel, course: CourseRow, chapter: ChapterRow): boolean {
  if (chapter.id === course.previewChapterId && course.status === 'published') return true;
  if (access === 'staff' || access === 'full') return true;
  return access === 'demo' && chapter.isDemo;
}

/** The 403 for a chapter this learner may not open (never the chapter itself). */
export function assertMayOpen(access: AccessLevel, course: CourseRow, chapter: ChapterRow): void {
  if (mayOpen(access, course, chapter)) return;
  const message = access === 'demo' ? COURSE_MESSAGES.demoOnly : COURSE_MESSAGES.notEnrolled;
  throw new AppError(403, 'not_enrolled', message);
}
