import { and, eq, inArray } from 'drizzle-orm';
import { readTenant } from '../../db/client.ts';
import { courseEnrolments, courses, invoiceLines } from '../../db/schema/index.ts';
import type { Platform } from '../../platform.ts';
import { onInvoicePaid, onInvoiceRefunded } from '../invoices/invoice-settlement.ts';
import { sellPubliclyToo } from '../shop/shop-catalogue.service.ts';
import { registerVideoAccessPolicy } from '../video/video-access.ts';
import { learnerAccess, mayOpen } from './course-access.ts';
import { findCourseByItem } from './courses.repo.ts';
import { enrol, refundPurchases } from './enrolments.repo.ts';
import { chaptersShowing } from './outline.repo.ts';

// What the courses module adds to others, registered once when its routes register:
// - the cart and online checkout sell a published paid course's item (its price is the course's);
// - an invoice paid in full enrols its buyer in each course on it, once (the enrolment's key is
//   (course, contact): a replayed webhook or a second process finds the row and adds nothing);
// - an invoice refunded in full takes back the access its purchases gave (unless another right holds);
// - the video module asks whether a signed-in person, or a signed-out visitor (the preview chapter
//   of a published course only), may watch a video of a chapter.

export function registerCourseHooks(platform: Platform): void {
  sellPubliclyToo('course', async (tx, tenantId, row) => {
    const course = await findCourseByItem(tx, tenantId, row.id);
    return !!course && course.status === 'published' && course.pricing === 'paid';
  });

  onInvoicePaid(
    'courses',
    async (tx, tenant, invoice) => {
      const lines = await tx
        .select({ itemId: invoiceLines.itemId })
        .from(invoiceLines)
        .where(
          and(
            eq(invoiceLines.tenantId, tenant.tenantId),
            eq(invoiceLines.invoiceId, invoice.id),
            eq(invoiceLines.kind, 'course'),
          ),
        );
      const itemIds = [...new Set(lines.map((line) => line.itemId).filter((id): id is string => !!id))];
      if (itemIds.length === 0) return;
      const bought = await tx
        .select({ id: courses.id })
        .from(courses)
        .where(and(eq(courses.tenantId, tenant.tenantId), inArray(courses.itemId, itemIds)));
      for (const course of bought) {
        await enrol(tx, tenant.tenantId, {
          courseId: course.id,
          contactId: invoice.contactId,
          source: 'purchase',
          invoiceId: invoice.id,
          at: new Date(),
        });
      }
    },
    ['course'],
  );

  // A bought course's invoice refunded in full: the enrolment it made opens nothing any more (the row
  // and the progress stay), unless the contact holds another right (staff, free, a membership).
  onInvoiceRefunded('courses', async (tx, tenant, invoice) => {
    const enrolled = await tx
      .select({ id: courses.id, pricing: courses.pricing })
      .from(courseEnrolments)
      .innerJoin(
        courses,
        and(eq(courses.tenantId, courseEnrolments.tenantId), eq(courses.id, courseEnrolments.courseId)),
      )
      .where(and(eq(courseEnrolments.tenantId, tenant.tenantId), eq(courseEnrolments.invoiceId, invoice.id)));
    if (enrolled.length === 0) return;
    const free = new Set(enrolled.filter((course) => course.pricing === 'free').map((course) => course.id));
    await refundPurchases(tx, tenant.tenantId, invoice.id, free, new Date());
  });

  registerVideoAccessPolicy({
    name: 'course-enrolment',
    async mayWatch({ tenant, claims, asset }) {
      return readTenant(platform.db, tenant.tenantId, async (tx) => {
        for (const { chapter, course } of await chaptersShowing(tx, tenant.tenantId, asset.id)) {
          if (course.status !== 'published') continue;
          if (chapter.id === course.previewChapterId) return true;
          const access = await learnerAccess(tx, tenant.tenantId, claims, course);
          if (mayOpen(access.level, course, chapter)) return true;
        }
        return false;
      });
    },
    // A signed-out visitor watches the preview chapter of a published course (its page shows it);
    // another chapter of a published course is 'listed' (403: enrol); a draft's, or any video while
    // the studio's courses are off, is unknown (404), as the draft itself is.
    async forVisitor({ tenant, asset }) {
      if (!tenant.settings.isShowCourses) return 'unknown';
      const shown = await readTenant(platform.db, tenant.tenantId, (tx) =>
        chaptersShowing(tx, tenant.tenantId, asset.id),
      );
      const published = shown.filter(({ course }) => course.status === 'published');
      if (published.some(({ chapter, course }) => chapter.id === course.previewChapterId)) return 'watch';
      return published.length > 0 ? 'listed' : 'unknown';
    },
  });
}
