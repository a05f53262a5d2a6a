import { randomUUID } from 'node:crypto';
import type { MyCourseList } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, type TestTenant } from '../../../test/helpers.ts';
import { withTenant } from '../../db/client.ts';
import { courseEnrolments, itemCategories, items, outboxEmails, subscriptions } from '../../db/schema/index.ts';
import { invoicePaid } from '../invoices/invoice-settlement.ts';
import { findInvoice } from '../invoices/invoices.repo.ts';
import { courseStudios, errorOf, ok } from './course-fixtures.ts';

// Buying and being given a course: the cart and checkout (with a course offer), enrolment once per
// paid invoice however often it is announced, memberships that include courses, the demo-course
// flow of a registration form.

const { ctx, call, course, newTenantStudent } = courseStudios();

const enrolments = (tenant: TestTenant, courseId: string) =>
  withTenant(ctx.app.platform.db, tenant.tenantId, (tx) =>
    tx
      .select()
      .from(courseEnrolments)
      .where(and(eq(courseEnrolments.tenantId, tenant.tenantId), eq(courseEnrolments.courseId, courseId))),
  );

const memberCall = (member: { token: string }, method: string, url: string) =>
  ctx.app.inject({ method: method as 'GET', url, headers: bearer(member.token, ctx.a.host) });

describe('buying a course', () => {
  it('is in the public cart once published, priced by the server, with a course offer applied', async () => {
    const { detail } = await course(ctx.a, { name: 'Paid yoga', pricing: 'paid', priceMinor: 3000 });
    const cart = ok<{ lines: { guId: string; kind: string }[]; total: number; notes: string[] }>(
      await call(ctx.a, null, 'POST', '/public/cart', { items: [{ guId: detail.itemId, qty: 1, price: 0.01 }] }),
    );
    expect(cart.lines).toEqual([expect.objectContaining({ guId: detail.itemId, kind: 'course' })]);
    expect(cart.total).toBe(30);
    const offer = ok<{ offerCode: string }>(
      await call(ctx.a, 'admin', 'POST', '/item/offer', {
        offerCode: `yoga${randomUUID().slice(0, 6)}`,
        discount: 10,
        itemType: 'course',
        courseGuId: detail.guId,
      }),
      201,
    );
    const priced = ok<{ discount: number; total: number }>(
      await call(ctx.a, null, 'POST', '/public/cart', {
        items: [{ guId: detail.itemId, qty: 1 }],
        offerCode: offer.offerCode,
      }),
    );
    expect(priced).toMatchObject({ discount: 3, total: 27 });
    // unpublished: it drops out of the cart with a note; the shop's item page never shows it
    await call(ctx.a, 'admin', 'PUT', `/stemplate/program/${detail.guId}/status`, { status: 'draft' });
    const after = ok<{ lines: unknown[]; notes: string[] }>(
      await call(ctx.a, null, 'POST', '/public/cart', { items: [{ guId: detail.itemId, qty: 1 }] }),
    );
    expect(after.lines).toEqual([]);
    expect(after.notes.length).toBe(1);
    expect((await call(ctx.a, null, 'GET', `/public/pitem/${detail.itemId}`)).statusCode).toBe(404);
  });

  it('enrols the buyer of a paid invoice exactly once, however often the payment is announced', async () => {
    const { detail, chapters } = await course(ctx.a, { name: 'Bought course', pricing: 'paid', priceMinor: 4500 });
    const key = randomUUID();
    const sale = {
      items: [{ guId: detail.itemId, qty: 1 }],
      contactId: ctx.a.users.student.id,
      paymentMethod: 'cash',
      idempotencyKey: key,
    };
    const invoice = ok<{ guId?: string; id?: string }>(
      await call(ctx.a, 'frontdesk', 'POST', '/item/checkout', sale),
      201,
    );
    ok(await call(ctx.a, 'frontdesk', 'POST', '/item/checkout', sale), 201);
    const rows = await enrolments(ctx.a, detail.guId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ contactId: ctx.a.users.student.id, source: 'purchase' });
    // the payment announced again, twice at once (a webhook replay, a second worker)
    const invoiceId = rows[0]?.invoiceId as string;
    expect(invoiceId).toBe(invoice.guId ?? invoice.id);
    const tenant = await ctx.app.platform.tenants.byId(ctx.a.tenantId);
    if (!tenant) throw new Error('tenant');
    await Promise.all(
      [1, 2].map(() =>
        withTenant(ctx.app.platform.db, ctx.a.tenantId, async (tx) => {
          const row = await findInvoice(tx, ctx.a.tenantId, invoiceId);
          if (row) await invoicePaid(tx, tenant, row);
        }),
      ),
    );
    expect(await enrolments(ctx.a, detail.guId)).toHaveLength(1);
    const content = await call(ctx.a, 'student', 'GET', `/snode/course/${detail.guId}/chapter/${chapters[1]?.guId}`);
    expect(content.statusCode, content.body).toBe(200);
  });

  it('enrols at once when a code makes the course free (a zero invoice is paid as it is made)', async () => {
    const { detail } = await course(ctx.a, { name: 'Gifted course', pricing: 'paid', priceMinor: 2000 });
    const offer = ok<{ offerCode: string }>(
      await call(ctx.a, 'admin', 'POST', '/item/offer', {
        offerCode: `gift${randomUUID().slice(0, 6)}`,
        discount: 100,
        itemType: 'course',
        courseGuId: detail.guId,
      }),
      201,
    );
    ok(
      await call(ctx.a, 'frontdesk', 'POST', '/item/checkout', {
        items: [{ guId: detail.itemId, qty: 1 }],
        contactId: ctx.a.users.staff.id,
        offerCode: offer.offerCode,
        paymentMethod: 'invoice',
        idempotencyKey: randomUUID(),
      }),
      201,
    );
    expect(await enrolments(ctx.a, detail.guId)).toEqual([
      expect.objectContaining({ contactId: ctx.a.users.staff.id, source: 'purchase' }),
    ]);
  });
});

describe('memberships that include courses', () => {
  it('lets an active member enrol and watch, and takes access away when the membership ends', async () => {
    const [membership] = await withTenant(ctx.app.platform.db, ctx.a.tenantId, async (tx) => {
      const [category] = await tx
        .insert(itemCategories)
        .values({ tenantId: ctx.a.tenantId, name: 'Memberships', categoryType: 'SERVICE' })
        .returning();
      return tx
        .insert(items)
        .values({
          tenantId: ctx.a.tenantId,
          categoryId: category?.id as string,
          kind: 'membership',
          name: 'Unlimited',
          priceMinor: 9900,
        })
        .returning();
    });
    const membershipId = membership?.id as string;
    const foreign = await call(ctx.b, 'admin', 'POST', '/stemplate/program', {
      name: 'x',
      membershipIds: [membershipId],
    });
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign).field).toBe('membershipIds.0');
    const { detail, chapters } = await course(ctx.a, {
      name: 'Members only',
      pricing: 'membership',
      membershipIds: [membershipId],
    });
    expect(detail.membershipIds).toEqual([membershipId]);
    const member = await newTenantStudent(ctx.a);
    const refused = await memberCall(member, 'POST', `/snode/course/${detail.guId}/enrol`);
    expect(refused.statusCode).toBe(403);

    const [sub] = await withTenant(ctx.app.platform.db, ctx.a.tenantId, (tx) =>
      tx
        .insert(subscriptions)
        .values({
          tenantId: ctx.a.tenantId,
          contactId: member.id,
          itemId: membershipId,
          name: 'Unlimited',
          membershipType: 'recurring',
          frequency: 'monthly',
          status: 'active',
          priceMinor: 9900,
          currency: 'USD',
          provider: 'stripe',
          providerAccount: 'acct_x',
          providerCustomer: 'cus_x',
          paymentMethodId: 'pm_x',
          setupRef: randomUUID(),
          startedAt: new Date(),
        })
        .returning(),
    );
    const catalogue = ok<{ data: { guId: string; canEnrol: boolean; isIncludedInMembership: boolean }[] }>(
      await memberCall(member, 'GET', '/snode/course/catalogue'),
    );
    expect(catalogue.data.find((c) => c.guId === detail.guId)).toMatchObject({
      canEnrol: true,
      isIncludedInMembership: true,
    });
    const enrolled = ok<{ message: string }>(await memberCall(member, 'POST', `/snode/course/${detail.guId}/enrol`));
    expect(enrolled.message).toBe('Members only enrolled successfully');
    const chapter = `/snode/course/${detail.guId}/chapter/${chapters[1]?.guId}`;
    expect((await memberCall(member, 'GET', chapter)).statusCode).toBe(200);

    await withTenant(ctx.app.platform.db, ctx.a.tenantId, (tx) =>
      tx
        .update(subscriptions)
        .set({ status: 'cancelled' })
        .where(and(eq(subscriptions.tenantId, ctx.a.tenantId), eq(subscriptions.id, sub?.id as string))),
    );
    expect((await memberCall(member, 'GET', chapter)).statusCode).toBe(403);
    const mine = ok<MyCourseList>(await memberCall(member, 'GET', '/snode/course/my'));
    expect(mine.data.find((c) => c.course.guId === detail.guId)).toMatchObject({ hasAccess: false, resume: null });
  });
});

// a student of their own (the shared tenant's student is enrolled elsewhere in this file)

describe('the demo-course flow of a registration form', () => {
  it("enrols in a demo or a free course with the spec's texts, and sends a paid course's visitor to buy it", async () => {
    const paid = await course(ctx.a, { name: 'Demo-able', pricing: 'paid', priceMinor: 5000 });
    const url = '/public/course/register';
    const demo = ok<{ status: string; message: string; toast: string }>(
      await call(ctx.a, null, 'POST', url, {
        orgId: ctx.a.orgId,
        categoryGuId: paid.detail.guId,
        user: { fullName: 'Student Person', email: ctx.a.users.student.email },
        isFreeClass: true,
        isDemo: true,
      }),
    );
    expect(demo).toMatchObject({
      status: 'enrolled',
      message: 'Demo-able enrolled successfully',
      toast: 'Course enrolled successfully',
    });
    const [demoChapter, fullChapter] = paid.chapters;
    expect(
      (await call(ctx.a, 'student', 'GET', `/snode/course/${paid.detail.guId}/chapter/${demoChapter?.guId}`))
        .statusCode,
    ).toBe(200);
    const locked = await call(
      ctx.a,
      'student',
      'GET',
      `/snode/course/${paid.detail.guId}/chapter/${fullChapter?.guId}`,
    );
    expect(locked.statusCode).toBe(403);
    expect(errorOf(locked).message).toBe('This chapter is not part of the demo. Buy the course to open it.');

    const buy = ok<{ status: string; courseUrl: string }>(
      await call(ctx.a, null, 'POST', url, {
        categoryGuId: paid.detail.guId,
        user: { fullName: 'Ola Nordmann', email: 'ola@example.test' },
      }),
    );
    expect(buy).toMatchObject({ status: 'purchase', courseUrl: `/courses/${paid.detail.slug}` });

    const free = await course(ctx.a, { name: 'Τάι τσι δωρεάν' }, ['Intro']);
    const email = `zoe-${randomUUID().slice(0, 6)}@example.test`;
    const enrolled = ok<{ message: string }>(
      await call(ctx.a, null, 'POST', url, { categoryGuId: free.detail.guId, user: { fullName: 'Zoë Ünal', email } }),
    );
    expect(enrolled.message).toBe('Τάι τσι δωρεάν enrolled successfully');
    const mail = await withTenant(ctx.app.platform.db, ctx.a.tenantId, (tx) =>
      tx
        .select()
        .from(outboxEmails)
        .where(and(eq(outboxEmails.tenantId, ctx.a.tenantId), eq(outboxEmails.toAddress, email))),
    );
    expect(mail.map((m) => m.subject)).toEqual(['Τάι τσι δωρεάν enrolled successfully']);
    expect(mail[0]?.textBody).toContain(`http://${ctx.a.orgId}.localhost/courses/${free.detail.slug}`);
    const again = ok<{ status: string }>(
      await call(ctx.a, null, 'POST', url, { categoryGuId: free.detail.guId, user: { fullName: 'Zoë Ünal', email } }),
    );
    expect(again.status).toBe('enrolled');
    expect((await enrolments(ctx.a, free.detail.guId)).filter((e) => e.source === 'free')).toHaveLength(1);

    const bad = await call(ctx.a, null, 'POST', url, {
      categoryGuId: free.detail.guId,
      user: { fullName: 'X', email: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).field).toBe('user.email');
    const foreign = await call(ctx.b, null, 'POST', url, {
      categoryGuId: free.detail.guId,
      user: { fullName: 'X', email },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
