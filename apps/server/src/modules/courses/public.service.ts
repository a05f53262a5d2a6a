import type {
  PublicCourse,
  PublicCourseList,
  PublicCourseRegistration,
  PublicCourseRegistrationResult,
} from '@atrium/contracts';
import type { z } from 'zod';
import { type Db, readTenant, withTenant } from '../../db/client.ts';
import { notFound, tooManyRequests } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { tryAgainIn } from '../auth/auth-throttle.ts';
import { enrolRegistrant, publishedCourse } from './course-registration.ts';
import { loadBundle, toPublicCourse, toPublicSummary } from './course-views.ts';
import { listCourses } from './courses.repo.ts';
import { requireCourses } from './courses.service.ts';

// What visitors see (the public /courses page, the website's courses standard page, a course's
// page) and the course page's demo-course registration (spec 3 §2.3; the registration itself is
// course-registration.ts). Drafts, another tenant's courses and a tenant with courses off are all 404s.

/** GET /public/course: the published courses by name. */
export function publicCourses(db: Db, tenant: TenantContext, search?: string): Promise<PublicCourseList> {
  requireCourses(tenant);
  return readTenant(db, tenant.tenantId, async (tx) => {
    const { rows } = await listCourses(
      tx,
      tenant.tenantId,
      { status: 'published', search: search || undefined },
      { start: 0, length: 1000 },
    );
    const bundle = await loadBundle(tx, tenant, rows);
    return { currency: bundle.currency, data: rows.map((row) => toPublicSummary(bundle, row)) };
  });
}

/**
 * GET /stemplate/public/course/{id}, /stemplate/public/program/{name} and /snode/pcourse/{a}/{b}:
 * one published course's page data (outline, teacher, price, its preview chapter).
 */
export function publicCourse(db: Db, tenant: TenantContext, key: string): Promise<PublicCourse> {
  requireCourses(tenant);
  return readTenant(db, tenant.tenantId, async (tx) => {
    const row = await publishedCourse(tx, tenant.tenantId, key);
    return toPublicCourse(await loadBundle(tx, tenant, [row]), row);
  });
}

/** /snode/pcourse/{a}/{b}: {a} names the tenant (its org id or tenant id), {b} the course; another tenant's is a 404. */
export function publicCourseOf(db: Db, tenant: TenantContext, org: string, key: string): Promise<PublicCourse> {
  const named = org === tenant.tenantId || org.toLowerCase() === tenant.orgId.toLowerCase();
  if (!named) return Promise.reject(notFound('Course'));
  return publicCourse(db, tenant, key);
}

/** Registrations one address (and one IP) may make per window. */
const REGISTRATIONS = { perAccount: 10, perIp: 30 };

/**
 * POST /public/course/register: the demo-course flow (spec 3 §2.3 "if the demo flag is set or the
 * course is free, the user is enrolled directly. Otherwise ... the user goes to the course route").
 * The contact is the one with the form's email, made when there is none (never changed from here);
 * the course details go to that address, so a stranger's address gains them nothing.
 */
export async function registerForCourse(
  platform: Platform,
  tenant: TenantContext,
  body: z.output<typeof PublicCourseRegistration>,
  ip: string,
  now = new Date(),
): Promise<PublicCourseRegistrationResult> {
  requireCourses(tenant);
  const { tenantId } = tenant;
  if (body.orgId && body.orgId !== tenant.tenantId && body.orgId.toLowerCase() !== tenant.orgId.toLowerCase()) {
    throw notFound('Course');
  }
  const email = body.user.email.trim().toLowerCase();
  const wait = await platform.throttle.take(tenantId, 'form_submit', `course:${email}`, ip, REGISTRATIONS);
  if (wait > 0) throw tooManyRequests(`Too many registrations. ${tryAgainIn(wait)}`);
  const origin = tenantOrigin(platform.config, tenant);
  const answer = await withTenant(platform.db, tenantId, (tx) => enrolRegistrant(tx, tenant, origin, body, now));
  if (answer.status === 'enrolled') await platform.outbox.kick();
  return answer;
}
