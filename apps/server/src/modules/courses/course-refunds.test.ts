import { randomUUID } from 'node:crypto';
import type { CourseStudentList, MyCourseList } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { courseEnrolments, courseProgress } from '../../db/schema/index.ts';
import { invoiceRefunded } from '../invoices/invoice-settlement.ts';
import { findInvoice } from '../invoices/invoices.repo.ts';
import { callAs, courseWithChapters, errorOf, newStudent, ok } from './course-fixtures.ts';

// A bought course's invoice refunded in full takes the access back (the row and progress stay); a
// partial refund keeps it; another right (staff's enrolment, a free course) keeps it; buying again
// opens it again (docs/decisions/courses.md "Refunds").

let app: App;
let a: TestTenant;

const call = (role: Parameters<typeof callAs>[2], method: string, url: string, payload?: object) =>
  callAs(app, a, role, method, url, payload);

beforeAll(async () => {
  app = await startTestApp();
  a = await newTenant(app);
});

afterAll(async () => {
  await app?.close();
});

type Member = { id: string; token: string };

const as = (member: Member, method: string, url: string, payload?: object) =>
  app.inject({ method: method as 'GET', url, headers: bearer(member.token, a.host), payload });

/** The front desk sells the course for cash to the member: the paid invoice and its payment. */
async function buy(itemId: string, member: Member): Promise<{ invoiceId: string; paymentId: string }> {
  const sold = ok<{ guId?: string; id?: string }>(
    await call('frontdesk', 'POST', '/item/checkout', {
      items: [{ guId: itemId, qty: 1 }],
      contactId: member.id,
      paymentMethod: 'cash',
      idempotencyKey: randomUUID(),
    }),
    201,
  );
  const invoiceId = (sold.guId ?? sold.id) as string;
  const detail = ok<{ status: string; payments: { id: string }[] }>(
    await call('admin', 'GET', `/item/invoice/${invoiceId}`),
  );
  expect(detail.status).toBe('complete');
  return { invoiceId, paymentId: detail.payments[0]?.id as string };
}

const refund = (invoiceId: string, paymentId: string, amount?: string) =>
  call('admin', 'POST', `/item/invoice/${invoiceId}/refund`, {
    paymentId,
    idempotencyKey: randomUUID(),
    ...(amount ? { amount } : {}),
  });

const enrolment = async (courseId: string, contactId: string) => {
  const [row] = await withTenant(app.platform.db, a.tenantId, (tx) =>
    tx
      .select()
      .from(courseEnrolments)
      .where(
        and(
          eq(courseEnrolments.tenantId, a.tenantId),
          eq(courseEnrolments.courseId, courseId),
          eq(courseEnrolments.contactId, contactId),
        ),
      ),
  );
  return row;
};

const opens = async (member: Member, courseId: string, chapterId: string) =>
  (await as(member, 'GET', `/snode/course/${courseId}/chapter/${chapterId}`)).statusCode;

describe('refunding a bought course', () => {
  it('keeps access on a partial refund and takes it back on the full one, keeping the row and progress', async () => {
    const { detail, chapters } = await courseWithChapters(
      app,
      a,
      { name: 'Refundable flow', pricing: 'paid', priceMinor: 4000 },
      ['Intro', 'Deep dive'],
    );
    const deep = chapters[1]?.guId as string;
    const member = await newStudent(app, a);
    const { invoiceId, paymentId } = await buy(detail.itemId, member);
    expect(await opens(member, detail.guId, deep)).toBe(200);
    ok(
      await as(member, 'PUT', `/snode/course/${detail.guId}/chapter/${deep}/progress`, {
        positionSeconds: 0,
        completed: true,
      }),
    );

    // a partial refund (a goodwill $10) keeps the course open
    expect(ok<{ status: string }>(await refund(invoiceId, paymentId, '10.00')).status).toBe('complete');
    expect(await opens(member, detail.guId, deep)).toBe(200);

    // the rest: the invoice is refunded, the course closes
    expect(ok<{ status: string }>(await refund(invoiceId, paymentId)).status).toBe('refunded');
    const closed = await as(member, 'GET', `/snode/course/${detail.guId}/chapter/${deep}`);
    expect(closed.statusCode).toBe(403);
    expect(errorOf(closed).message).toBe('Enrol in this course to open this chapter.');
    expect(closed.body).not.toContain('Deep dive</p>');
    // the preview rules are unchanged; the certificate and the learner's outline follow the access
    expect((await as(member, 'GET', `/snode/course/${detail.guId}/certificate`)).statusCode).toBe(403);
    const row = await enrolment(detail.guId, member.id);
    expect(row).toMatchObject({ source: 'purchase', invoiceId, fallbackSource: null });
    expect(row?.refundedAt).toBeInstanceOf(Date);
    const progress = await withTenant(app.platform.db, a.tenantId, (tx) =>
      tx
        .select()
        .from(courseProgress)
        .where(and(eq(courseProgress.tenantId, a.tenantId), eq(courseProgress.contactId, member.id))),
    );
    expect(progress).toHaveLength(1);

    const mine = ok<MyCourseList>(await as(member, 'GET', '/snode/course/my')).data.find(
      (item) => item.course.guId === detail.guId,
    );
    expect(mine).toMatchObject({ hasAccess: false, resume: null, completedChapters: 1 });
    expect(mine?.refundedAt).toBe(row?.refundedAt?.toISOString());
    const catalogue = ok<{ data: { guId: string; isEnrolled: boolean; canEnrol: boolean }[] }>(
      await as(member, 'GET', '/snode/course/catalogue'),
    );
    expect(catalogue.data.find((c) => c.guId === detail.guId)).toMatchObject({ isEnrolled: false, canEnrol: false });
    const students = ok<CourseStudentList>(await call('admin', 'GET', `/stemplate/program/${detail.guId}/attendee`));
    expect(students.data.find((s) => s.contactId === member.id)).toMatchObject({
      source: 'purchase',
      refundedAt: row?.refundedAt?.toISOString(),
      completedChapters: 1,
    });

    // the refund announced again (a replay) changes nothing
    const tenant = await app.platform.tenants.byId(a.tenantId);
    if (!tenant) throw new Error('tenant');
    await withTenant(app.platform.db, a.tenantId, async (tx) => {
      const invoice = await findInvoice(tx, a.tenantId, invoiceId);
      if (invoice) await invoiceRefunded(tx, tenant, invoice);
    });
    expect((await enrolment(detail.guId, member.id))?.refundedAt).toEqual(row?.refundedAt);

    // bought again: open again, with the progress kept
    const second = await buy(detail.itemId, member);
    expect(await opens(member, detail.guId, deep)).toBe(200);
    expect(await enrolment(detail.guId, member.id)).toMatchObject({
      source: 'purchase',
      invoiceId: second.invoiceId,
      refundedAt: null,
    });
    const again = ok<MyCourseList>(await as(member, 'GET', '/snode/course/my')).data.find(
      (item) => item.course.guId === detail.guId,
    );
    expect(again).toMatchObject({ hasAccess: true, refundedAt: null, completedChapters: 1 });
  });

  it('keeps access when staff enrolled the contact, before the purchase or after it', async () => {
    const { detail, chapters } = await courseWithChapters(app, a, {
      name: 'Staff-given',
      pricing: 'paid',
      priceMinor: 2500,
    });
    const chapter = chapters[1]?.guId as string;
    const before = await newStudent(app, a);
    ok(await call('admin', 'POST', `/stemplate/program/${detail.guId}/attendee`, { contactId: before.id }), 201);
    const first = await buy(detail.itemId, before);
    expect(await enrolment(detail.guId, before.id)).toMatchObject({ source: 'purchase', fallbackSource: 'staff' });
    expect(ok<{ status: string }>(await refund(first.invoiceId, first.paymentId)).status).toBe('refunded');
    expect(await opens(before, detail.guId, chapter)).toBe(200);
    expect(await enrolment(detail.guId, before.id)).toMatchObject({ source: 'staff', fallbackSource: null });

    const after = await newStudent(app, a);
    const bought = await buy(detail.itemId, after);
    ok(await call('admin', 'POST', `/stemplate/program/${detail.guId}/attendee`, { contactId: after.id }));
    expect(await enrolment(detail.guId, after.id)).toMatchObject({ source: 'purchase', fallbackSource: 'staff' });
    ok(await refund(bought.invoiceId, bought.paymentId));
    expect(await opens(after, detail.guId, chapter)).toBe(200);
  });

  it('falls back to a free enrolment when the course is free by the time of the refund', async () => {
    const { detail, chapters } = await courseWithChapters(app, a, {
      name: 'Now free',
      pricing: 'paid',
      priceMinor: 1500,
    });
    const member = await newStudent(app, a);
    const bought = await buy(detail.itemId, member);
    ok(await call('admin', 'PUT', `/stemplate/program/${detail.guId}`, { pricing: 'free' }));
    ok(await refund(bought.invoiceId, bought.paymentId));
    expect(await enrolment(detail.guId, member.id)).toMatchObject({ source: 'free' });
    expect(await opens(member, detail.guId, chapters[1]?.guId as string)).toBe(200);
  });
});
