import { FEEDBACK_MESSAGE_MAX, FEEDBACK_MESSAGES } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { json, loginAs, newTenant, type TestTenant } from '../../../test/helpers.ts';
import { memberStudios } from '../../../test/member-studios.ts';
import { withTenant } from '../../db/client.ts';
import { contacts, feedback, outboxEmails } from '../../db/schema/index.ts';
import { errorOf } from '../contacts/contact-fixtures.ts';

// Feedback (issue 27): the member's feedback dialog and the staff's list and answer (spec 3 §2.6, §3
// "Feedback", §5, §7.9 `/client/feedback`, §9 page sizes), on PGlite and PostgreSQL.

const { ctx, tokens, call, member } = memberStudios();

const mailsTo = (tenant: TestTenant, email: string) =>
  withTenant(ctx.app.platform.db, tenant.tenantId, (tx) =>
    tx
      .select()
      .from(outboxEmails)
      .where(and(eq(outboxEmails.tenantId, tenant.tenantId), eq(outboxEmails.toAddress, email))),
  );

describe('a member sends feedback', () => {
  it('is kept with their name, picture and contact; the message follows the spec rules', async () => {
    const m = await member(ctx.a, 'Ωμέγα', 'Παπαδοπούλου');
    const sent = await call(ctx.a, m.token, 'POST', '/client/feedback', {
      message: '  Η αίθουσα ήταν κρύα σήμερα. 寒すぎる!  ',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const body = json<any>(sent);
    expect(body).toMatchObject({
      _id: expect.any(String),
      message: 'Η αίθουσα ήταν κρύα σήμερα. 寒すぎる!',
      name: 'Ωμέγα Παπαδοπούλου',
      email: m.email,
      picture: null,
      reply: '',
      repliedAt: null,
      updatedAt: expect.any(String),
    });
    const [me] = await withTenant(ctx.app.platform.db, ctx.a.tenantId, (tx) =>
      tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.email, m.email)),
    );
    expect(body.contactId).toBe(me?.id);

    // a member may send more than one
    expect((await call(ctx.a, m.token, 'POST', '/client/feedback', { message: 'И ещё: спасибо!' })).statusCode).toBe(
      201,
    );

    for (const payload of [{}, { message: '' }, { message: '   \n ' }, { message: 42 }]) {
      const bad = await call(ctx.a, m.token, 'POST', '/client/feedback', payload);
      expect(bad.statusCode).toBe(400);
      expect(errorOf(bad.body)).toMatchObject({ field: 'message', message: FEEDBACK_MESSAGES.required });
    }
    const long = await call(ctx.a, m.token, 'POST', '/client/feedback', {
      message: 'ж'.repeat(FEEDBACK_MESSAGE_MAX + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long.body).field).toBe('message');
    const longest = await call(ctx.a, m.token, 'POST', '/client/feedback', {
      message: 'ж'.repeat(FEEDBACK_MESSAGE_MAX),
    });
    expect(longest.statusCode).toBe(201);
  });

  it('only a member sends it: staff are refused, a visitor must sign in', async () => {
    for (const role of ['admin', 'staff', 'frontdesk'] as const) {
      const refused = await call(ctx.a, tokens[role], 'POST', '/client/feedback', { message: 'Hello' });
      expect(refused.statusCode).toBe(403);
      expect(errorOf(refused.body).message).toBe(FEEDBACK_MESSAGES.notMember);
    }
    expect((await call(ctx.a, null, 'POST', '/client/feedback', { message: 'Hello' })).statusCode).toBe(401);
  });
});

describe('the staff list', () => {
  it('pages by offset and max (50, 100, 150), newest first; members may not read it', async () => {
    const c = await newTenant(ctx.app);
    const m = await member(c, 'प्रिया', 'शर्मा');
    const [me] = await withTenant(ctx.app.platform.db, c.tenantId, (tx) =>
      tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.email, m.email)),
    );
    const start = Date.UTC(2026, 0, 1);
    await withTenant(ctx.app.platform.db, c.tenantId, (tx) =>
      tx.insert(feedback).values(
        Array.from({ length: 160 }, (_, i) => ({
          tenantId: c.tenantId,
          contactId: me?.id ?? '',
          message: `Feedback ${i + 1}`,
          createdAt: new Date(start + i * 60_000),
        })),
      ),
    );
    const admin = (await loginAs(ctx.app, c, 'admin')).access_token;
    const frontdesk = (await loginAs(ctx.app, c, 'frontdesk')).access_token;

    const first = json<any>(await call(c, frontdesk, 'GET', '/client/feedback'));
    expect(first.total).toBe(160);
    expect(first.data).toHaveLength(50);
    expect(first.data[0]).toMatchObject({ message: 'Feedback 160', name: 'प्रिया शर्मा', contactId: me?.id });
    expect(first.data[49].message).toBe('Feedback 111');

    const hundred = json<any>(await call(c, admin, 'GET', '/client/feedback?offset=100&max=100'));
    expect(hundred.total).toBe(160);
    expect(hundred.data.map((f: any) => f.message)).toEqual(Array.from({ length: 60 }, (_, i) => `Feedback ${60 - i}`));
    const all = json<any>(await call(c, admin, 'GET', '/client/feedback?offset=0&max=150'));
    expect(all.data).toHaveLength(150);
    const past = json<any>(await call(c, admin, 'GET', '/client/feedback?offset=300&max=50'));
    expect(past).toEqual({ data: [], total: 160 });

    for (const [query, field] of [
      ['max=151', 'querystring.max'],
      ['max=0', 'querystring.max'],
      ['max=ten', 'querystring.max'],
      ['offset=-1', 'querystring.offset'],
      ['offset=1.5', 'querystring.offset'],
    ] as const) {
      const bad = await call(c, admin, 'GET', `/client/feedback?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(errorOf(bad.body).field, query).toBe(field);
    }
    expect((await call(c, m.token, 'GET', '/client/feedback')).statusCode).toBe(403);
    expect((await call(c, null, 'GET', '/client/feedback')).statusCode).toBe(401);
    // the other studios' lists hold none of it
    const theirs = json<any>(await call(ctx.b, tokens.otherAdmin, 'GET', '/client/feedback?max=150'));
    expect(theirs.data.some((f: any) => f.contactId === me?.id)).toBe(false);
  });
});

describe('a staff answer', () => {
  it('is kept on the feedback and emailed to the member once; the front desk may not; another studio 404', async () => {
    const m = await member(ctx.a, 'Işık', 'Çağ');
    const sent = json<any>(await call(ctx.a, m.token, 'POST', '/client/feedback', { message: 'Duşlar soğuk.' }));
    const url = `/client/feedback/${sent._id}/reply`;

    expect((await call(ctx.a, tokens.frontdesk, 'PUT', url, { reply: 'Sorry' })).statusCode).toBe(403);
    expect((await call(ctx.a, m.token, 'PUT', url, { reply: 'Sorry' })).statusCode).toBe(403);
    const empty = await call(ctx.a, tokens.staff, 'PUT', url, { reply: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty.body)).toMatchObject({ field: 'reply', message: FEEDBACK_MESSAGES.reply });
    const badId = await call(ctx.a, tokens.staff, 'PUT', '/client/feedback/not-an-id/reply', { reply: 'Hi' });
    expect(badId.statusCode).toBe(400);
    expect(errorOf(badId.body).field).toBe('params.id');
    expect(
      (await call(ctx.a, tokens.staff, 'PUT', `/client/feedback/${crypto.randomUUID()}/reply`, { reply: 'Hi' }))
        .statusCode,
    ).toBe(404);
    // the same id asked on another studio's address is not found, and nothing is mailed
    expect((await call(ctx.b, tokens.otherAdmin, 'PUT', url, { reply: 'Hi' })).statusCode).toBe(404);
    expect(await mailsTo(ctx.a, m.email)).toHaveLength(0);

    const answer = 'Teşekkürler Işık — the water heater is fixed from Monday.';
    const answered = await call(ctx.a, tokens.staff, 'PUT', url, { reply: answer });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(json<any>(answered)).toMatchObject({
      reply: answer,
      repliedAt: expect.any(String),
      repliedByName: `staff ${ctx.a.orgId}`,
    });
    // a double click sends the same answer again: mailed once
    expect((await call(ctx.a, tokens.staff, 'PUT', url, { reply: answer })).statusCode).toBe(200);
    const mail = await mailsTo(ctx.a, m.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.subject).toBe('Ayşe Yoga replied to your feedback');
    expect(mail[0]?.textBody).toContain(answer);
    expect(mail[0]?.textBody).toContain('Your feedback: Duşlar soğuk.');

    // the list shows it answered
    const list = json<any>(await call(ctx.a, tokens.frontdesk, 'GET', '/client/feedback?max=150'));
    expect(list.data.find((f: any) => f._id === sent._id)).toMatchObject({ reply: answer });

    // a new answer replaces it and is mailed
    const admin = await call(ctx.a, tokens.admin, 'PUT', url, { reply: 'And the towels are back too.' });
    expect(json<any>(admin).reply).toBe('And the towels are back too.');
    expect(await mailsTo(ctx.a, m.email)).toHaveLength(2);
  });
});
