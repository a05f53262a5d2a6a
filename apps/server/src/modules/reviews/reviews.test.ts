import { googleReviewLinkFor, REVIEW_MESSAGES } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { json, loginAs } from '../../../test/helpers.ts';
import { memberStudios } from '../../../test/member-studios.ts';
import { withTenant } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema/index.ts';
import { errorOf } from '../contacts/contact-fixtures.ts';

// Reviews (issue 27): the member's rating prompt's calls (spec 3 §4 "Rating flow", §5, §7.9) and
// G-Reviews for staff, on PGlite and PostgreSQL.

const { ctx, tokens, call, member } = memberStudios();

describe('the Google review link', () => {
  it('is generated from a Place ID (admin), pasted, or cleared; staff read it; bad input names the field', async () => {
    const none = json<any>(await call(ctx.a, tokens.staff, 'GET', '/providerservice/review/link'));
    expect(none).toEqual({ googleReviewLink: null, isGoogleLinkGenerated: false, placeId: null });

    const generated = await call(ctx.a, tokens.admin, 'PUT', '/providerservice/review/link', {
      placeId: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
    });
    expect(generated.statusCode, generated.body).toBe(200);
    expect(json(generated)).toEqual({
      googleReviewLink: googleReviewLinkFor('ChIJN1t_tDeuEmsRUsoyG83frY4'),
      isGoogleLinkGenerated: true,
      placeId: 'ChIJN1t_tDeuEmsRUsoyG83frY4',
    });
    for (const [body, field, message] of [
      [{ placeId: 'not a place id!' }, 'placeId', REVIEW_MESSAGES.placeId],
      [{ googleReviewLink: 'http://g.page/r/abc' }, 'googleReviewLink', REVIEW_MESSAGES.link],
    ] as const) {
      const bad = await call(ctx.a, tokens.admin, 'PUT', '/providerservice/review/link', body);
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad.body)).toMatchObject({ message, field: expect.stringContaining(field) });
    }
    for (const role of ['staff', 'frontdesk', 'student'] as const) {
      expect(
        (await call(ctx.a, tokens[role], 'PUT', '/providerservice/review/link', { googleReviewLink: null })).statusCode,
      ).toBe(403);
    }
    expect((await call(ctx.a, tokens.student, 'GET', '/providerservice/review/link')).statusCode).toBe(403);
    // the other studio's link is its own
    expect(
      json<any>(await call(ctx.b, tokens.otherAdmin, 'GET', '/providerservice/review/link')).googleReviewLink,
    ).toBeNull();
  });

  it('a pasted link is not a generated one', async () => {
    const pasted = json<any>(
      await call(ctx.a, tokens.admin, 'PUT', '/providerservice/review/link', {
        googleReviewLink: 'https://g.page/r/ayse/review',
      }),
    );
    expect(pasted).toEqual({
      googleReviewLink: 'https://g.page/r/ayse/review',
      isGoogleLinkGenerated: false,
      placeId: null,
    });
    const status = json<any>(await call(ctx.a, tokens.student, 'GET', '/providerservice/review/mstatus'));
    expect(status).toMatchObject({ isGoogleReviewLinkPresent: true, isGoogleLinkGenerated: false });
    await call(ctx.a, tokens.admin, 'PUT', '/providerservice/review/link', { placeId: 'ChIJN1t_tDeuEmsRUsoyG83frY4' });
  });
});

describe("a member's review", () => {
  it('a star click posts it once; the status says reviewed; the text follows the spec rules', async () => {
    const { token } = await member(ctx.a, 'Ωμέγα', 'Παπαδοπούλου');
    const before = json<any>(await call(ctx.a, token, 'GET', '/providerservice/review/mstatus'));
    expect(before).toEqual({
      status: 'NOT_REVIEWED',
      isGoogleReviewLinkPresent: true,
      googleReviewLink: googleReviewLinkFor('ChIJN1t_tDeuEmsRUsoyG83frY4'),
      isGoogleLinkGenerated: true,
      review: null,
    });
    const noStars = await call(ctx.a, token, 'POST', '/providerservice/review', {});
    expect(noStars.statusCode).toBe(400);
    expect(errorOf(noStars.body)).toMatchObject({ field: 'stars', message: REVIEW_MESSAGES.starsRequired });
    expect((await call(ctx.a, token, 'POST', '/providerservice/review', { stars: 6 })).statusCode).toBe(400);
    const short = await call(ctx.a, token, 'POST', '/providerservice/review', { stars: 4, reviewText: ' too short ' });
    expect(errorOf(short.body)).toMatchObject({ field: 'reviewText', message: REVIEW_MESSAGES.textRequired });

    const posted = await call(ctx.a, token, 'POST', '/providerservice/review', { stars: 4 });
    expect(posted.statusCode, posted.body).toBe(201);
    const result = json<any>(posted);
    expect(result.reviewResult).toEqual({
      _id: expect.any(String),
      googleReviewLink: googleReviewLinkFor('ChIJN1t_tDeuEmsRUsoyG83frY4'),
      isGoogleLinkGenerated: true,
    });
    expect(result.review).toMatchObject({
      stars: 4,
      reviewText: '',
      contactName: 'Ωμέγα Παπαδοπούλου',
      isReviewedOnGoogle: false,
    });

    // a second click (another tab) changes the same review
    const again = await call(ctx.a, token, 'POST', '/providerservice/review', { stars: 5 });
    expect(again.statusCode).toBe(200);
    expect(json<any>(again).reviewResult._id).toBe(result.reviewResult._id);

    const id = result.reviewResult._id;
    const text = await call(ctx.a, token, 'PUT', `/providerservice/review/${id}`, {
      reviewText: 'Υπέροχο στούντιο, ευχαριστώ!',
      isShownOnWebsite: true,
    });
    expect(text.statusCode, text.body).toBe(200);
    const google = json<any>(
      await call(ctx.a, token, 'PUT', `/providerservice/review/${id}`, { isReviewedOnGoogle: true }),
    );
    expect(google).toMatchObject({
      stars: 5,
      reviewText: 'Υπέροχο στούντιο, ευχαριστώ!',
      isShownOnWebsite: true,
      isReviewedOnGoogle: true,
    });
    const after = json<any>(await call(ctx.a, token, 'GET', '/providerservice/review/mstatus'));
    expect(after).toMatchObject({ status: 'REVIEWED', review: { _id: id, stars: 5 } });
  });

  it('is only a member’s own: staff and another member are refused; another studio 404', async () => {
    for (const role of ['admin', 'staff', 'frontdesk'] as const) {
      const refused = await call(ctx.a, tokens[role], 'POST', '/providerservice/review', { stars: 5 });
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused.body).message).toBe(REVIEW_MESSAGES.notMember);
    }
    expect((await call(ctx.a, null, 'POST', '/providerservice/review', { stars: 5 })).statusCode).toBe(401);
    expect((await call(ctx.a, null, 'GET', '/providerservice/review/mstatus')).statusCode).toBe(401);

    const mine = json<any>(await call(ctx.a, tokens.student, 'POST', '/providerservice/review', { stars: 3 }));
    const other = await member(ctx.a, 'Иван', 'Петров');
    const theirs = await call(ctx.a, other.token, 'PUT', `/providerservice/review/${mine.reviewResult._id}`, {
      stars: 1,
    });
    expect(theirs.statusCode).toBe(404);
    // the same id asked on another studio's address is not found
    const bStudent = (await loginAs(ctx.app, ctx.b, 'student')).access_token;
    expect(
      (await call(ctx.b, bStudent, 'PUT', `/providerservice/review/${mine.reviewResult._id}`, { stars: 1 })).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx.a, tokens.staff, 'PUT', `/providerservice/review/${mine.reviewResult._id}/reply`, {})).statusCode,
    ).toBe(400);
    expect(
      (
        await call(ctx.b, tokens.otherAdmin, 'PUT', `/providerservice/review/${mine.reviewResult._id}/reply`, {
          reply: 'Hi',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('G-Reviews for staff', () => {
  it('lists every review with filters, sorts and a summary; another studio sees none', async () => {
    const m1 = await member(ctx.a, 'प्रिया', 'शर्मा');
    const m2 = await member(ctx.a, 'Işık', 'Çağ');
    const r1 = json<any>(
      await call(ctx.a, m1.token, 'POST', '/providerservice/review', {
        stars: 2,
        reviewText: 'The room was too cold for yin.',
      }),
    );
    await call(ctx.a, m2.token, 'POST', '/providerservice/review', {
      stars: 5,
      reviewText: 'Harika öğretmenler, çok teşekkürler.',
    });

    const all = json<any>(await call(ctx.a, tokens.frontdesk, 'GET', '/providerservice/review'));
    expect(all.total).toBe(all.items.length);
    expect(all.summary.count).toBe(all.total);
    expect(all.summary.byStars.reduce((s: number, n: number) => s + n, 0)).toBe(all.total);
    const avg = all.items.reduce((s: number, r: any) => s + r.stars, 0) / all.items.length;
    expect(all.summary.average).toBe(Math.round(avg * 10) / 10);
    expect(all.summary.onGoogle).toBe(all.items.filter((r: any) => r.isReviewedOnGoogle).length);
    // newest first by default
    const dates = all.items.map((r: any) => r.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());

    const twos = json<any>(await call(ctx.a, tokens.staff, 'GET', '/providerservice/review?stars=2'));
    expect(twos.items.map((r: any) => r._id)).toEqual([r1.reviewResult._id]);
    const byName = json<any>(
      await call(ctx.a, tokens.staff, 'GET', `/providerservice/review?search=${encodeURIComponent('işık')}`),
    );
    expect(byName.items.map((r: any) => r.contactName)).toEqual(['Işık Çağ']);
    const byText = json<any>(await call(ctx.a, tokens.staff, 'GET', '/providerservice/review?search=cold'));
    expect(byText.total).toBe(1);
    const best = json<any>(await call(ctx.a, tokens.staff, 'GET', '/providerservice/review?sort=-stars&size=1'));
    expect(best.items[0].stars).toBe(5);
    expect(best.total).toBe(all.total);
    expect((await call(ctx.a, tokens.staff, 'GET', '/providerservice/review?sort=name')).statusCode).toBe(400);
    expect((await call(ctx.a, tokens.student, 'GET', '/providerservice/review')).statusCode).toBe(403);
    const theirs = json<any>(await call(ctx.b, tokens.otherAdmin, 'GET', '/providerservice/review'));
    expect(theirs).toEqual({
      items: [],
      total: 0,
      summary: { count: 0, average: null, byStars: [0, 0, 0, 0, 0], onGoogle: 0 },
    });
  });

  it('staff answer a review: kept on it, mailed to the member once per answer; the front desk may not', async () => {
    const m = await member(ctx.a, 'Zoë', 'Ünal');
    const posted = json<any>(
      await call(ctx.a, m.token, 'POST', '/providerservice/review', {
        stars: 3,
        reviewText: 'Classes start late too often.',
      }),
    );
    const id = posted.reviewResult._id;
    expect(
      (await call(ctx.a, tokens.frontdesk, 'PUT', `/providerservice/review/${id}/reply`, { reply: 'Sorry' }))
        .statusCode,
    ).toBe(403);
    const answered = await call(ctx.a, tokens.staff, 'PUT', `/providerservice/review/${id}/reply`, {
      reply: 'Thank you, Zoë — from Monday every class starts on the minute.',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(json<any>(answered)).toMatchObject({
      reply: 'Thank you, Zoë — from Monday every class starts on the minute.',
      repliedAt: expect.any(String),
      repliedByName: `staff ${ctx.a.orgId}`,
    });
    const replied = json<any>(await call(ctx.a, tokens.staff, 'GET', '/providerservice/review?replied=yes'));
    expect(replied.items.map((r: any) => r._id)).toContain(id);
    expect(
      json<any>(await call(ctx.a, tokens.staff, 'GET', '/providerservice/review?replied=no')).items.map(
        (r: any) => r._id,
      ),
    ).not.toContain(id);
    const mail = await withTenant(ctx.app.platform.db, ctx.a.tenantId, (tx) =>
      tx
        .select()
        .from(outboxEmails)
        .where(and(eq(outboxEmails.tenantId, ctx.a.tenantId), eq(outboxEmails.toAddress, m.email))),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Ayşe Yoga replied to your review');
    expect(mail[0]?.textBody).toContain('from Monday every class starts on the minute.');
    // the member sees the answer on their review
    expect(json<any>(await call(ctx.a, m.token, 'GET', '/providerservice/review/mstatus')).review.reply).toContain(
      'on the minute',
    );
  });
});
