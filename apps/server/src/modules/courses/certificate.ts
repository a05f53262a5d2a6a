import { COURSE_MESSAGES } from '@atrium/contracts';
import { Document, Page, renderToBuffer, StyleSheet, View } from '@react-pdf/renderer';
import { and, eq } from 'drizzle-orm';
import { createElement as h, type ReactElement } from 'react';
import { type Db, readTenant } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import { PDF_FONT_FAMILY, pdfFontsReady, PdfText as Text } from '../../pdf/pdf-fonts.ts';
import { dateIn } from '../invoices/invoice-pdf.ts';
import { learnerAccess } from './course-access.ts';
import { findStaff } from './courses.repo.ts';
import { courseOr404 } from './courses.service.ts';

// The completion certificate a learner downloads once every chapter is complete: the studio, the
// learner's name (any script: the PDF's Noto fallback chain), the course, the teacher and the date
// it was completed, in the studio's time zone.

const styles = StyleSheet.create({
  page: { fontFamily: PDF_FONT_FAMILY, fontSize: 13, padding: 56, color: '#222', textAlign: 'center' },
  frame: { borderWidth: 2, borderColor: '#333', padding: 40, flexGrow: 1, justifyContent: 'center' },
  org: { fontSize: 16, fontWeight: 700, marginBottom: 36 },
  title: { fontSize: 28, fontWeight: 700, marginBottom: 24 },
  muted: { color: '#555', marginBottom: 10 },
  name: { fontSize: 24, fontWeight: 700, marginBottom: 18 },
  course: { fontSize: 18, fontWeight: 700, marginBottom: 28 },
});

export interface CertificateInput {
  organisation: string;
  learner: string;
  course: string;
  teacher: string | null;
  completedAt: string;
  timeZone: string;
}

function certificateDocument(input: CertificateInput): ReactElement {
  return h(
    Document,
    {
      title: `Certificate of completion: ${input.course}`,
      author: input.organisation,
      creator: input.organisation,
      producer: input.organisation,
    },
    h(
      Page,
      { size: 'A4', orientation: 'landscape', style: styles.page },
      h(
        View,
        { style: styles.frame },
        h(Text, { style: styles.org }, input.organisation),
        h(Text, { style: styles.title }, 'Certificate of Completion'),
        h(Text, { style: styles.muted }, 'This certifies that'),
        h(Text, { style: styles.name }, input.learner),
        h(Text, { style: styles.muted }, 'has completed the course'),
        h(Text, { style: styles.course }, input.course),
        input.teacher ? h(Text, { style: styles.muted }, `Taught by ${input.teacher}`) : null,
        h(Text, { style: styles.muted }, `Completed on ${dateIn(input.completedAt, input.timeZone)}`),
      ),
    ),
  );
}

export async function renderCertificatePdf(input: CertificateInput): Promise<Buffer> {
  await pdfFontsReady();
  // biome-ignore lint/suspicious/noExplicitAny: react-pdf's renderToBuffer types its element as a Document element
  return renderToBuffer(certificateDocument(input) as any);
}

/** GET /snode/course/{id}/certificate: my certificate, once I completed every chapter (else 409). */
export async function myCertificate(
  db: Db,
  actor: Authenticated,
  courseId: string,
): Promise<{ pdf: Buffer; filename: string }> {
  const { tenant, auth } = actor;
  const input = await readTenant(db, tenant.tenantId, async (tx) => {
    const course = await courseOr404(tx, tenant.tenantId, courseId);
    const access = await learnerAccess(tx, tenant.tenantId, auth, course);
    const enrolment = access.enrolment;
    if (!enrolment || (access.level !== 'full' && access.level !== 'staff')) {
      throw new AppError(403, 'not_enrolled', COURSE_MESSAGES.notEnrolled);
    }
    if (!enrolment.completedAt) throw new AppError(409, 'not_complete', COURSE_MESSAGES.certificateNotReady);
    const [person] = await tx
      .select({ name: contacts.name, lastName: contacts.lastName })
      .from(contacts)
      .where(and(eq(contacts.tenantId, tenant.tenantId), eq(contacts.id, auth.sub)));
    const teacher = course.teacherId
      ? (await findStaff(tx, tenant.tenantId, [course.teacherId])).get(course.teacherId)
      : null;
    return {
      organisation: tenant.name,
      learner: `${person?.name ?? ''} ${person?.lastName ?? ''}`.trim(),
      course: course.name,
      teacher: teacher?.name ?? null,
      completedAt: enrolment.completedAt.toISOString(),
      timeZone: tenant.settings.timezone || 'UTC',
    };
  });
  const slug = input.course.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'course';
  return { pdf: await renderCertificatePdf(input), filename: `certificate-${slug}.pdf` };
}
