import { ASSESSMENT_MESSAGES, QBANK_MESSAGES } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import {
  assessmentAttempts,
  classBookings,
  classRules,
  classSessions,
  courseProgress,
  outboxEmails,
  refreshTokens,
} from '../../db/schema/index.ts';
import { errorOf } from '../contacts/contact-fixtures.ts';
import { courseWithChapters, newStudent } from '../courses/course-fixtures.ts';

// Tests and assessments (issue 27): /edtest/tests, attempts, answers, submit, grading (spec 1 §2
// /tests, /assessment, /assesment, /student-assessments, /myassessment; §3 quiz result; §4 result
// states), on PGlite and PostgreSQL.

let app: App;
let a: TestTenant;
let b: TestTenant;
const tokens = { admin: '', staff: '', frontdesk: '', student: '', otherAdmin: '', otherStudent: '' };
const q: Record<string, string> = {};
let classId = '';
let ana: { id: string; token: string };
let ben: { id: string; token: string };
let outsider: { id: string; token: string };
let otherQuestion = '';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (tenant: TestTenant, token: string | null, method: Method, url: string, payload?: object) =>
  app.inject({ method, url, headers: token ? bearer(token, tenant.host) : { host: tenant.host }, payload });

async function question(tenant: TestTenant, token: string, body: object): Promise<string> {
  const r = await call(tenant, token, 'POST', '/edtest/qbank', { bank: 'Anatomy', ...body });
  expect(r.statusCode, r.body).toBe(201);
  return json<{ _id: string }>(r)._id;
}

/** A weekly class with one session in which these members hold a booked place. */
async function classWith(tenant: TestTenant, members: string[]): Promise<string> {
  return withTenant(app.platform.db, tenant.tenantId, async (tx) => {
    const [rule] = await tx
      .insert(classRules)
      .values({
        tenantId: tenant.tenantId,
        name: 'Morning Flow',
        daysOfWeek: [1],
        startTime: '09:00',
        durationMinutes: 60,
        startDate: '2026-01-05',
        capacity: 10,
        timeZone: 'UTC',
        generatedUntil: new Date(),
      })
      .returning();
    if (!rule) throw new Error('no rule');
    const [session] = await tx
      .insert(classSessions)
      .values({
        tenantId: tenant.tenantId,
        ruleId: rule.id,
        localDate: '2026-01-05',
        startsAt: new Date('2026-01-05T09:00:00Z'),
        endsAt: new Date('2026-01-05T10:00:00Z'),
        capacity: 10,
      })
      .returning();
    if (!session) throw new Error('no session');
    await tx.insert(classBookings).values(
      members.map((contactId) => ({
        tenantId: tenant.tenantId,
        sessionId: session.id,
        contactId,
        status: 'booked' as const,
      })),
    );
    return rule.id;
  });
}

const baseTest = () => ({
  name: 'Anatomy check',
  draw: 'fixed',
  questionIds: [q.single, q.multi, q.graded, q.open, q.single2],
  timeLimitMinutes: 10,
  attemptsAllowed: 1,
  passPercent: 60,
  assignments: [{ kind: 'class', id: classId }],
});

async function newTest(body: object = {}): Promise<string> {
  const r = await call(a, tokens.admin, 'POST', '/edtest/tests', { ...baseTest(), ...body });
  expect(r.statusCode, r.body).toBe(201);
  return json<{ _id: string }>(r)._id;
}

const scoredCount = async (id: string) => {
  const rows = await withTenant(app.platform.db, a.tenantId, (tx) =>
    tx
      .select({ n: assessmentAttempts.scoredCount })
      .from(assessmentAttempts)
      .where(and(eq(assessmentAttempts.tenantId, a.tenantId), eq(assessmentAttempts.id, id))),
  );
  return rows[0]?.n;
};

beforeAll(async () => {
  app = await startTestApp();
  a = await newTenant(app, { name: 'Ayşe Yoga' });
  b = await newTenant(app);
  for (const role of ['admin', 'staff', 'frontdesk', 'student'] as const) {
    tokens[role] = (await loginAs(app, a, role)).access_token;
  }
  tokens.otherAdmin = (await loginAs(app, b, 'admin')).access_token;
  tokens.otherStudent = (await loginAs(app, b, 'student')).access_token;
  ana = await newStudent(app, a);
  ben = await newStudent(app, a);
  outsider = await newStudent(app, a);
  q.single = await question(a, tokens.admin, {
    type: 'singlechoice',
    question: 'Which muscle flexes the hip?',
    options: [
      { text: 'Iliopsoas', isCorrect: true },
      { text: 'Deltoid', isCorrect: false },
    ],
    points: 2,
  });
  q.single2 = await question(a, tokens.admin, {
    type: 'singlechoice',
    question: 'Which pose is inverted?',
    options: [
      { text: 'Sirsasana', isCorrect: true },
      { text: 'Tadasana', isCorrect: false },
    ],
    points: 2,
  });
  q.multi = await question(a, tokens.admin, {
    type: 'multichoice',
    question: 'Which are standing poses?',
    options: [
      { text: 'Tadasana', isCorrect: true },
      { text: 'Vrksasana', isCorrect: true },
      { text: 'Balasana', isCorrect: false },
    ],
    points: 2,
  });
  q.graded = await question(a, tokens.admin, {
    type: 'graded',
    question: 'How often do you practise?',
    options: [
      { text: 'Never', points: 0 },
      { text: 'Weekly', points: 1 },
      { text: 'Daily', points: 2 },
    ],
  });
  q.open = await question(a, tokens.admin, { type: 'openended', question: 'Describe Ujjayi breath.', points: 2 });
  q.graded2 = await question(a, tokens.admin, {
    bank: 'Self check',
    type: 'graded',
    question: 'How rested are you?',
    options: [
      { text: 'Tired', points: 0 },
      { text: 'Rested', points: 3 },
    ],
  });
  otherQuestion = await question(b, tokens.otherAdmin, {
    type: 'openended',
    question: 'Another studio’s question',
    points: 1,
  });
  classId = await classWith(a, [ana.id, ben.id]);
});

afterEach(() => app.platform.clock.reset());

describe('tests (admin and staff)', () => {
  it('admin and staff make, read, change and list tests; names of what they are assigned to come back', async () => {
    const id = await newTest();
    const got = json<any>(await call(a, tokens.staff, 'GET', `/edtest/tests/${id}`));
    expect(got).toMatchObject({
      name: 'Anatomy check',
      kind: 'test',
      questionCount: 5,
      timeLimitMinutes: 10,
      passPercent: 60,
      assignments: [{ kind: 'class', id: classId, name: 'Morning Flow' }],
      attemptCount: 0,
    });
    const changed = await call(a, tokens.staff, 'PUT', `/edtest/tests/${id}`, { ...baseTest(), name: 'Anatomy 2' });
    expect(changed.statusCode, changed.body).toBe(200);
    const list = json<any>(await call(a, tokens.admin, 'GET', '/edtest/tests?kind=test&search=anatomy%202'));
    expect(list.data.map((t: any) => t._id)).toContain(id);
    const gone = await call(a, tokens.admin, 'DELETE', `/edtest/tests/${id}`);
    expect(json<any>(gone)).toEqual({ message: ASSESSMENT_MESSAGES.deleted });
    expect((await call(a, tokens.admin, 'GET', `/edtest/tests/${id}`)).statusCode).toBe(404);
  });

  it('the front desk, members and previews may not; another studio gets 404', async () => {
    const id = await newTest();
    for (const token of [tokens.frontdesk, tokens.student]) {
      expect((await call(a, token, 'GET', '/edtest/tests')).statusCode).toBe(403);
      expect((await call(a, token, 'POST', '/edtest/tests', baseTest())).statusCode).toBe(403);
      expect((await call(a, token, 'GET', '/edtest/attempts')).statusCode).toBe(403);
    }
    expect((await call(a, null, 'GET', '/edtest/tests')).statusCode).toBe(401);
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await call(b, tokens.otherAdmin, method, `/edtest/tests/${id}`)).statusCode).toBe(404);
    }
    expect((await call(b, tokens.otherAdmin, 'PUT', `/edtest/tests/${id}`, baseTest())).statusCode).toBe(404);
    expect(json<any>(await call(b, tokens.otherAdmin, 'GET', '/edtest/tests')).data).toEqual([]);
  });

  const refusals: [string, () => object, string, string][] = [
    ['no questions', () => ({ questionIds: [] }), 'questionIds', ASSESSMENT_MESSAGES.questionsRequired],
    [
      'another studio’s question',
      () => ({ questionIds: [otherQuestion] }),
      'questionIds',
      ASSESSMENT_MESSAGES.questionNotFound,
    ],
    ['a blank name', () => ({ name: '  ' }), 'name', ASSESSMENT_MESSAGES.nameRequired],
    ['a time limit of 0', () => ({ timeLimitMinutes: 0 }), 'timeLimitMinutes', ASSESSMENT_MESSAGES.timeLimit],
    ['a pass mark over 100', () => ({ passPercent: 101 }), 'passPercent', ASSESSMENT_MESSAGES.passPercent],
    ['no attempts', () => ({ attemptsAllowed: 0 }), 'attemptsAllowed', ASSESSMENT_MESSAGES.attempts],
    [
      'closing before opening',
      () => ({ opensAt: '2026-05-02T10:00:00Z', closesAt: '2026-05-01T10:00:00Z' }),
      'closesAt',
      ASSESSMENT_MESSAGES.window,
    ],
    [
      'an unknown class',
      () => ({ assignments: [{ kind: 'class', id: '00000000-0000-4000-8000-000000000000' }] }),
      'assignments',
      ASSESSMENT_MESSAGES.assignmentNotFound,
    ],
    [
      'a random draw larger than the bank',
      () => ({ draw: 'random', banks: ['Anatomy'], randomCount: 99, questionIds: [] }),
      'randomCount',
      ASSESSMENT_MESSAGES.drawTooMany,
    ],
    [
      'a self assessment with a choice question',
      () => ({ kind: 'self', questionIds: [q.single] }),
      'questionIds',
      ASSESSMENT_MESSAGES.selfGradedOnly,
    ],
  ];
  it.each(refusals)('refuses %s with 400 naming the field', async (_, body, field, message) => {
    const r = await call(a, tokens.admin, 'POST', '/edtest/tests', { ...baseTest(), ...body() });
    expect(r.statusCode, r.body).toBe(400);
    expect(errorOf(r.body)).toMatchObject({ field, message });
  });
});

describe('taking a test', () => {
  it('an assigned member starts, resumes, saves answers one by one and submits once; staff grade, the member is told', async () => {
    const id = await newTest();
    // the class's members see it; someone outside the class does not
    const mine = json<any>(await call(a, ana.token, 'GET', '/edtest/my/tests'));
    expect(mine.data.find((t: any) => t._id === id)).toMatchObject({ canStart: true, attemptsUsed: 0, latest: null });
    expect(
      json<any>(await call(a, outsider.token, 'GET', '/edtest/my/tests')).data.some((t: any) => t._id === id),
    ).toBe(false);
    expect((await call(a, outsider.token, 'POST', `/edtest/tests/${id}/attempts`)).statusCode).toBe(404);
    expect((await call(b, tokens.otherStudent, 'POST', `/edtest/tests/${id}/attempts`)).statusCode).toBe(404);
    // staff do not take tests
    expect((await call(a, tokens.staff, 'POST', `/edtest/tests/${id}/attempts`)).statusCode).toBe(403);

    const started = await call(a, ana.token, 'POST', `/edtest/tests/${id}/attempts`);
    expect(started.statusCode, started.body).toBe(201);
    const attempt = json<any>(started);
    expect(attempt).toMatchObject({ status: 'inprogress', quizType: 'test', maxScore: 10, attemptNo: 1 });
    expect(new Date(attempt.deadline).getTime() - new Date(attempt.startedAt).getTime()).toBe(10 * 60_000);
    // the right answers are not sent while it is open
    expect(JSON.stringify(attempt.questions)).not.toContain('isCorrect');
    expect(attempt.questions.map((x: any) => x.type)).toEqual([
      'singlechoice',
      'multichoice',
      'graded',
      'openended',
      'singlechoice',
    ]);

    // a bank edit after the start does not change the attempt
    await call(a, tokens.admin, 'PUT', `/edtest/qbank/${q.single}`, {
      bank: 'Anatomy',
      type: 'singlechoice',
      question: 'Changed question',
      options: [
        { text: 'Iliopsoas', isCorrect: true },
        { text: 'Deltoid', isCorrect: false },
      ],
      points: 2,
    });

    const save = (token: string, position: number, body: object) =>
      call(a, token, 'PUT', `/edtest/attempts/${attempt._id}/answers/${position}`, body);
    expect((await save(ana.token, 0, { selected: [0] })).statusCode).toBe(200);
    expect((await save(ana.token, 1, { selected: [0, 1] })).statusCode).toBe(200);
    expect((await save(ana.token, 2, { selected: [1] })).statusCode).toBe(200);
    expect((await save(ana.token, 3, { text: 'Through the nose, audible.' })).statusCode).toBe(200);
    // wrong first, then changed: the last save wins
    expect((await save(ana.token, 4, { selected: [1] })).statusCode).toBe(200);
    expect((await save(ana.token, 4, { selected: [0] })).statusCode).toBe(200);
    // shapes that do not fit the question
    expect(errorOf((await save(ana.token, 0, { selected: [0, 1] })).body)).toMatchObject({ field: 'selected' });
    expect(errorOf((await save(ana.token, 0, { selected: [7] })).body)).toMatchObject({ field: 'selected' });
    expect(errorOf((await save(ana.token, 3, { selected: [0] })).body)).toMatchObject({ field: 'selected' });
    expect(errorOf((await save(ana.token, 0, { text: 'x' })).body)).toMatchObject({ field: 'text' });
    expect((await save(ana.token, 9, { selected: [0] })).statusCode).toBe(404);
    // another member, another studio: not theirs (404)
    expect((await save(ben.token, 0, { selected: [1] })).statusCode).toBe(404);
    expect((await call(a, ben.token, 'GET', `/edtest/attempts/${attempt._id}`)).statusCode).toBe(404);
    expect((await call(a, ben.token, 'POST', `/edtest/attempts/${attempt._id}/submit`)).statusCode).toBe(404);
    expect((await call(b, tokens.otherAdmin, 'GET', `/edtest/attempts/${attempt._id}`)).statusCode).toBe(404);
    expect((await call(a, tokens.frontdesk, 'GET', `/edtest/attempts/${attempt._id}`)).statusCode).toBe(403);

    // a lost connection: starting again resumes the same attempt with the answers saved
    const resumed = await call(a, ana.token, 'POST', `/edtest/tests/${id}/attempts`);
    expect(resumed.statusCode).toBe(200);
    expect(json<any>(resumed)._id).toBe(attempt._id);
    expect(json<any>(resumed).questions[0].question).toBe('Which muscle flexes the hip?');
    expect(json<any>(resumed).questions.map((x: any) => x.answer)).toEqual([
      { selected: [0], text: '' },
      { selected: [0, 1], text: '' },
      { selected: [1], text: '' },
      { selected: [], text: 'Through the nose, audible.' },
      { selected: [0], text: '' },
    ]);

    // two submits at once: one scores, the other is refused
    const [s1, s2] = await Promise.all([
      call(a, ana.token, 'POST', `/edtest/attempts/${attempt._id}/submit`),
      call(a, ana.token, 'POST', `/edtest/attempts/${attempt._id}/submit`),
    ]);
    expect([s1.statusCode, s2.statusCode].sort()).toEqual([200, 409]);
    const refused = s1.statusCode === 409 ? s1 : s2;
    expect(errorOf(refused.body)).toMatchObject({
      code: 'already_submitted',
      message: ASSESSMENT_MESSAGES.alreadySubmitted,
    });
    const submitted = json<any>(s1.statusCode === 200 ? s1 : s2);
    // 2 + 2 + 1 (weekly) + 2 = 7 of 10 so far; the open answer waits for staff
    expect(submitted).toMatchObject({ status: 'inreview', score: 7, isPass: null, toGrade: 1 });
    expect(submitted.questions[0].options[0]).toEqual({ text: 'Iliopsoas', isCorrect: true, points: 0 });
    expect(await scoredCount(attempt._id)).toBe(1);
    expect((await save(ana.token, 0, { selected: [1] })).statusCode).toBe(409);

    // staff see it first in the review list
    const review = json<any>(await call(a, tokens.staff, 'GET', `/edtest/attempts?testId=${id}`));
    expect(review.data[0]).toMatchObject({
      _id: attempt._id,
      status: 'inreview',
      toGrade: 1,
      testName: 'Anatomy check',
    });
    const grade = (position: number, body: object) =>
      call(a, tokens.staff, 'PUT', `/edtest/attempts/${attempt._id}/answers/${position}/grade`, body);
    expect(errorOf((await grade(3, { points: 3 })).body)).toMatchObject({ field: 'points' });
    expect(errorOf((await grade(0, { points: 1 })).body)).toMatchObject({
      field: 'position',
      message: ASSESSMENT_MESSAGES.gradeOnlyOpen,
    });
    expect(
      (await call(a, ana.token, 'PUT', `/edtest/attempts/${attempt._id}/answers/3/grade`, { points: 2 })).statusCode,
    ).toBe(403);
    expect(
      (await call(b, tokens.otherAdmin, 'PUT', `/edtest/attempts/${attempt._id}/answers/3/grade`, { points: 2 }))
        .statusCode,
    ).toBe(404);
    const graded = await grade(3, { points: 2, comment: 'Well described.' });
    expect(graded.statusCode, graded.body).toBe(200);
    expect(json<any>(graded)).toMatchObject({ status: 'completed', score: 9, isPass: true, toGrade: 0 });

    const result = json<any>(await call(a, ana.token, 'GET', `/edtest/attempts/${attempt._id}`));
    expect(result.questions[3]).toMatchObject({ awarded: 2, comment: 'Well described.' });
    const mail = await withTenant(app.platform.db, a.tenantId, (tx) =>
      tx.select().from(outboxEmails).where(eq(outboxEmails.tenantId, a.tenantId)),
    );
    const told = mail.filter((m) => m.subject === 'Anatomy check: your result is ready');
    expect(told).toHaveLength(1);
    expect(told[0]?.textBody).toContain('Result: Pass (9 of 10 points).');
    // the result as a PDF: the member's own, or staff's; not another member's
    const pdf = await call(a, ana.token, 'GET', `/edtest/attempts/${attempt._id}/result.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Anatomy check');
    expect(text).toContain('Result: Pass · Score: 9 of 10 points');
    expect(text).toContain('Comment: Well described.');
    expect((await call(a, tokens.staff, 'GET', `/edtest/attempts/${attempt._id}/result.pdf`)).statusCode).toBe(200);
    expect((await call(a, ben.token, 'GET', `/edtest/attempts/${attempt._id}/result.pdf`)).statusCode).toBe(404);
    expect((await call(b, tokens.otherAdmin, 'GET', `/edtest/attempts/${attempt._id}/result.pdf`)).statusCode).toBe(
      404,
    );
    // one attempt allowed: used
    const again = await call(a, ana.token, 'POST', `/edtest/tests/${id}/attempts`);
    expect(errorOf(again.body)).toMatchObject({ code: 'no_attempts_left' });
    const state = json<any>(await call(a, ana.token, 'GET', '/edtest/my/tests')).data.find((t: any) => t._id === id);
    expect(state).toMatchObject({ canStart: false, attemptsUsed: 1, latest: { status: 'completed', isPass: true } });
  });

  it('time is enforced on the server: a save or submit after the deadline is refused and the attempt scored from what was saved', async () => {
    const id = await newTest({ questionIds: [q.single, q.single2], timeLimitMinutes: 5 });
    const attempt = json<any>(await call(a, ben.token, 'POST', `/edtest/tests/${id}/attempts`));
    expect(
      (await call(a, ben.token, 'PUT', `/edtest/attempts/${attempt._id}/answers/0`, { selected: [0] })).statusCode,
    ).toBe(200);
    app.platform.clock.advance(5 * 60_000 + 1000);
    const late = await call(a, ben.token, 'PUT', `/edtest/attempts/${attempt._id}/answers/1`, { selected: [0] });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late.body)).toMatchObject({ code: 'time_up', message: ASSESSMENT_MESSAGES.timeUp });
    const read = json<any>(await call(a, ben.token, 'GET', `/edtest/attempts/${attempt._id}`));
    // 2 of 4: a 60% pass mark fails
    expect(read).toMatchObject({ status: 'completed', score: 2, maxScore: 4, isPass: false });
    expect(read.questions[1].answer).toBeNull();
    expect((await call(a, ben.token, 'POST', `/edtest/attempts/${attempt._id}/submit`)).statusCode).toBe(409);
    expect(await scoredCount(attempt._id)).toBe(1);
  });

  it('a test shown one question at a time says so on the test and on each attempt', async () => {
    const id = await newTest({ questionIds: [q.single, q.single2], oneAtATime: true });
    expect(json<any>(await call(a, tokens.staff, 'GET', `/edtest/tests/${id}`)).oneAtATime).toBe(true);
    const attempt = json<any>(await call(a, ana.token, 'POST', `/edtest/tests/${id}/attempts`));
    expect(attempt.oneAtATime).toBe(true);
    const plain = await newTest({ questionIds: [q.single] });
    expect(json<any>(await call(a, ana.token, 'POST', `/edtest/tests/${plain}/attempts`)).oneAtATime).toBe(false);
  });

  it('an answer save checks the login session in its own statement: once the session has ended it saves nothing (401)', async () => {
    const member = await newStudent(app, a);
    const id = await newTest({ questionIds: [q.single, q.single2], assignments: [{ kind: 'contact', id: member.id }] });
    const attempt = json<any>(await call(a, member.token, 'POST', `/edtest/tests/${id}/attempts`));
    const url = `/edtest/attempts/${attempt._id}/answers`;
    expect((await call(a, member.token, 'PUT', `${url}/0`, { selected: [0] })).statusCode).toBe(200);
    // revoked in the database alone: no cache of this process is told, the save's statement still sees it
    await withTenant(app.platform.db, a.tenantId, (tx) =>
      tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.tenantId, a.tenantId), eq(refreshTokens.contactId, member.id))),
    );
    const after = await call(a, member.token, 'PUT', `${url}/1`, { selected: [0] });
    expect(after.statusCode, after.body).toBe(401);
    expect(errorOf(after.body)).toMatchObject({ code: 'unauthorized' });
    const read = json<any>(await call(a, tokens.staff, 'GET', `/edtest/attempts/${attempt._id}`));
    expect(read.questions.map((x: any) => x.answer)).toEqual([{ selected: [0], text: '' }, null]);
  });

  it('no going back: once a later question is answered an earlier one is refused (409 moved_on), the current one may change', async () => {
    const refused = await call(a, tokens.admin, 'POST', '/edtest/tests', { ...baseTest(), noGoingBack: true });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused.body)).toMatchObject({
      field: 'noGoingBack',
      message: ASSESSMENT_MESSAGES.noGoingBackNeedsOne,
    });
    const id = await newTest({
      questionIds: [q.single, q.single2, q.open, q.multi],
      oneAtATime: true,
      noGoingBack: true,
    });
    expect(json<any>(await call(a, tokens.staff, 'GET', `/edtest/tests/${id}`))).toMatchObject({
      oneAtATime: true,
      noGoingBack: true,
    });
    const attempt = json<any>(await call(a, ana.token, 'POST', `/edtest/tests/${id}/attempts`));
    expect(attempt).toMatchObject({ oneAtATime: true, noGoingBack: true });
    const url = `/edtest/attempts/${attempt._id}/answers`;
    // question 1 skipped, question 3 answered, then changed
    expect((await call(a, ana.token, 'PUT', `${url}/2`, { text: 'Through the nose.' })).statusCode).toBe(200);
    expect((await call(a, ana.token, 'PUT', `${url}/2`, { text: 'Slow, through the nose.' })).statusCode).toBe(200);
    for (const position of [0, 1]) {
      const back = await call(a, ana.token, 'PUT', `${url}/${position}`, { selected: [0] });
      expect(back.statusCode, back.body).toBe(409);
      expect(errorOf(back.body)).toMatchObject({
        code: 'moved_on',
        field: 'position',
        message: ASSESSMENT_MESSAGES.movedOn,
      });
    }
    // a bad answer to an earlier question is refused for going back, before its shape
    expect(errorOf((await call(a, ana.token, 'PUT', `${url}/1`, { selected: [5] })).body)).toMatchObject({
      code: 'moved_on',
    });
    expect((await call(a, ana.token, 'PUT', `${url}/3`, { selected: [0, 1] })).statusCode).toBe(200);
    expect((await call(a, ana.token, 'PUT', `${url}/2`, { text: 'Too late.' })).statusCode).toBe(409);
    const read = json<any>(await call(a, ana.token, 'GET', `/edtest/attempts/${attempt._id}`));
    expect(read.questions.map((x: any) => x.answer)).toEqual([
      null,
      null,
      { selected: [], text: 'Slow, through the nose.' },
      { selected: [0, 1], text: '' },
    ]);
    // the test's setting is the attempt's from its start: turned off later, the attempt stays forward only
    const changed = await call(a, tokens.admin, 'PUT', `/edtest/tests/${id}`, {
      ...baseTest(),
      questionIds: [q.single, q.single2, q.open, q.multi],
      oneAtATime: false,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json<any>(changed).noGoingBack).toBe(false);
    expect((await call(a, ana.token, 'PUT', `${url}/0`, { selected: [0] })).statusCode).toBe(409);
    expect(json<any>(await call(a, ana.token, 'GET', `/edtest/attempts/${attempt._id}`))).toMatchObject({
      oneAtATime: true,
      noGoingBack: true,
    });
    // a plain one-at-a-time attempt goes back freely
    const free = await newTest({ questionIds: [q.single, q.single2], oneAtATime: true });
    const other = json<any>(await call(a, ana.token, 'POST', `/edtest/tests/${free}/attempts`));
    expect(other.noGoingBack).toBe(false);
    expect(
      (await call(a, ana.token, 'PUT', `/edtest/attempts/${other._id}/answers/1`, { selected: [0] })).statusCode,
    ).toBe(200);
    expect(
      (await call(a, ana.token, 'PUT', `/edtest/attempts/${other._id}/answers/0`, { selected: [0] })).statusCode,
    ).toBe(200);
  });

  it('saves racing a submit: every save answered 200 is in the score, the others are refused', async () => {
    const id = await newTest({ questionIds: [q.single, q.single2, q.multi] });
    const attempt = json<any>(await call(a, ben.token, 'POST', `/edtest/tests/${id}/attempts`));
    const url = `/edtest/attempts/${attempt._id}`;
    const [s0, submit, s1, s2] = await Promise.all([
      call(a, ben.token, 'PUT', `${url}/answers/0`, { selected: [0] }),
      call(a, ben.token, 'POST', `${url}/submit`),
      call(a, ben.token, 'PUT', `${url}/answers/1`, { selected: [0] }),
      call(a, ben.token, 'PUT', `${url}/answers/2`, { selected: [0, 1] }),
    ]);
    expect(submit.statusCode, submit.body).toBe(200);
    const saves = [s0, s1, s2];
    for (const save of saves) expect([200, 409]).toContain(save.statusCode);
    const counted = saves.filter((save) => save.statusCode === 200).length;
    const read = json<any>(await call(a, ben.token, 'GET', url));
    expect(read.score).toBe(counted * 2);
    expect(read.questions.filter((x: any) => x.answer !== null)).toHaveLength(counted);
  });

  it('a submit after the deadline is refused; an attempt with nothing saved is Abandoned when read', async () => {
    const id = await newTest({ questionIds: [q.single], timeLimitMinutes: 1, attemptsAllowed: 2 });
    const first = json<any>(await call(a, ben.token, 'POST', `/edtest/tests/${id}/attempts`));
    app.platform.clock.advance(61_000);
    const late = await call(a, ben.token, 'POST', `/edtest/attempts/${first._id}/submit`);
    expect(errorOf(late.body)).toMatchObject({ code: 'time_up' });
    expect(json<any>(await call(a, ben.token, 'GET', `/edtest/attempts/${first._id}`))).toMatchObject({
      status: 'abandoned',
    });
    // a second attempt is left; a staff list closes a due one too
    const second = json<any>(await call(a, ben.token, 'POST', `/edtest/tests/${id}/attempts`));
    expect(second).toMatchObject({ attemptNo: 2, status: 'inprogress' });
    await call(a, ben.token, 'PUT', `/edtest/attempts/${second._id}/answers/0`, { selected: [0] });
    app.platform.clock.advance(61_000);
    const list = json<any>(await call(a, tokens.admin, 'GET', `/edtest/attempts?testId=${id}`));
    expect(list.data.map((x: any) => x.status).sort()).toEqual(['abandoned', 'completed']);
  });

  it('a test not yet open, or closed, cannot be started', async () => {
    const soon = await newTest({ opensAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(errorOf((await call(a, ana.token, 'POST', `/edtest/tests/${soon}/attempts`)).body)).toMatchObject({
      code: 'not_open',
    });
    const closes = new Date(Date.now() + 5 * 60_000).toISOString();
    const late = await newTest({ closesAt: closes });
    // the deadline is the closing when it comes before the time limit's end
    const attempt = json<any>(await call(a, ana.token, 'POST', `/edtest/tests/${late}/attempts`));
    expect(attempt.deadline).toBe(new Date(closes).toISOString());
    app.platform.clock.advance(2 * 3_600_000);
    const other = await newTest({ closesAt: closes });
    expect(errorOf((await call(a, ben.token, 'POST', `/edtest/tests/${other}/attempts`)).body)).toMatchObject({
      code: 'closed',
    });
  });

  it('a random draw gives each student their own questions from the banks', async () => {
    const id = await newTest({ draw: 'random', banks: ['anatomy'], randomCount: 3, questionIds: [] });
    expect(json<any>(await call(a, tokens.admin, 'GET', `/edtest/tests/${id}`)).questionCount).toBe(3);
    const x = json<any>(await call(a, ana.token, 'POST', `/edtest/tests/${id}/attempts`));
    const y = json<any>(await call(a, ben.token, 'POST', `/edtest/tests/${id}/attempts`));
    expect(x.questions).toHaveLength(3);
    expect(y.questions).toHaveLength(3);
  });

  it('a self assessment is graded: the student’s choices score it, the result is N/A (no pass or fail)', async () => {
    const id = await newTest({ kind: 'self', questionIds: [q.graded, q.graded2], timeLimitMinutes: null });
    expect(
      json<any>(await call(a, tokens.admin, 'GET', '/edtest/tests?kind=self')).data.map((t: any) => t._id),
    ).toEqual([id]);
    const attempt = json<any>(await call(a, ana.token, 'POST', `/edtest/tests/${id}/attempts`));
    expect(attempt).toMatchObject({ quizType: 'graded', deadline: null, maxScore: 5 });
    await call(a, ana.token, 'PUT', `/edtest/attempts/${attempt._id}/answers/0`, { selected: [2] });
    await call(a, ana.token, 'PUT', `/edtest/attempts/${attempt._id}/answers/1`, { selected: [1] });
    const done = json<any>(await call(a, ana.token, 'POST', `/edtest/attempts/${attempt._id}/submit`));
    expect(done).toMatchObject({ status: 'completed', score: 5, isPass: null, quizType: 'graded' });
    expect(json<any>(await call(a, tokens.staff, 'GET', '/edtest/attempts?kind=self')).data[0]._id).toBe(attempt._id);
  });

  it('a test assigned to a course, passed, closes its chapter', async () => {
    const { detail, chapters } = await courseWithChapters(app, a, { name: 'Breath course' }, ['Lesson', 'Quiz']);
    const chapter = chapters[1];
    const student = await newStudent(app, a);
    const enrol = await call(a, tokens.admin, 'POST', `/stemplate/program/${detail.guId}/attendee`, {
      contactId: student.id,
    });
    expect(enrol.statusCode, enrol.body).toBe(201);
    const id = await newTest({
      questionIds: [q.single2],
      assignments: [{ kind: 'course', id: detail.guId }],
      chapterId: chapter?.guId,
    });
    const attempt = json<any>(await call(a, student.token, 'POST', `/edtest/tests/${id}/attempts`));
    await call(a, student.token, 'PUT', `/edtest/attempts/${attempt._id}/answers/0`, { selected: [0] });
    const done = json<any>(await call(a, student.token, 'POST', `/edtest/attempts/${attempt._id}/submit`));
    expect(done).toMatchObject({ status: 'completed', isPass: true });
    const progress = await withTenant(app.platform.db, a.tenantId, (tx) =>
      tx
        .select()
        .from(courseProgress)
        .where(and(eq(courseProgress.tenantId, a.tenantId), eq(courseProgress.contactId, student.id))),
    );
    expect(progress.map((p) => [p.chapterId, p.completedAt !== null])).toEqual([[chapter?.guId, true]]);
  });

  it('a taken test is not deleted (its results stay)', async () => {
    const id = await newTest({ questionIds: [q.single] });
    await call(a, ben.token, 'POST', `/edtest/tests/${id}/attempts`);
    const r = await call(a, tokens.admin, 'DELETE', `/edtest/tests/${id}`);
    expect(r.statusCode).toBe(409);
    expect(errorOf(r.body).message).toBe(ASSESSMENT_MESSAGES.deleteTaken);
  });
});

describe('grading with a rubric', () => {
  it('a rubric is for open-ended questions; the question is worth its criteria', async () => {
    const bad = await call(a, tokens.admin, 'POST', '/edtest/qbank', {
      bank: 'Anatomy',
      type: 'singlechoice',
      question: 'Choice with a rubric',
      options: [
        { text: 'A', isCorrect: true },
        { text: 'B', isCorrect: false },
      ],
      rubric: [{ name: 'Clarity', points: 2 }],
    });
    expect(errorOf(bad.body)).toMatchObject({ field: 'rubric', message: QBANK_MESSAGES.rubricOnlyOpen });
    const zero = await call(a, tokens.admin, 'POST', '/edtest/qbank', {
      bank: 'Anatomy',
      type: 'openended',
      question: 'Zero points',
      rubric: [{ name: 'Clarity', points: 0 }],
    });
    expect(errorOf(zero.body)).toMatchObject({ field: 'rubric.0.points', message: QBANK_MESSAGES.rubricPoints });
    const same = await call(a, tokens.admin, 'POST', '/edtest/qbank', {
      bank: 'Anatomy',
      type: 'openended',
      question: 'Twice',
      rubric: [
        { name: 'Clarity', points: 1 },
        { name: ' clarity', points: 1 },
      ],
    });
    expect(errorOf(same.body)).toMatchObject({ field: 'rubric', message: QBANK_MESSAGES.rubricDuplicate });
  });

  it('staff score each criterion; the attempt is scored from them, the member is told once; a second grade is refused', async () => {
    const essay = await question(a, tokens.admin, {
      type: 'openended',
      question: 'Describe a sun salutation.',
      points: 1,
      rubric: [
        { name: 'Sequence', points: 4 },
        { name: 'Breath', points: 3 },
        { name: 'Safety', points: 3 },
      ],
    });
    expect(json<any>(await call(a, tokens.staff, 'GET', `/edtest/qbank/${essay}`))).toMatchObject({
      points: 10,
      rubric: [
        { name: 'Sequence', points: 4 },
        { name: 'Breath', points: 3 },
        { name: 'Safety', points: 3 },
      ],
    });
    const id = await newTest({ name: 'Sun salutation', questionIds: [q.single, essay], passPercent: 75 });
    const attempt = json<any>(await call(a, ana.token, 'POST', `/edtest/tests/${id}/attempts`));
    // the member sees the criteria (what is looked for) while answering
    expect(attempt.questions[1]).toMatchObject({ points: 10, rubric: [{ name: 'Sequence', points: 4 }, {}, {}] });
    const url = `/edtest/attempts/${attempt._id}`;
    await call(a, ana.token, 'PUT', `${url}/answers/0`, { selected: [0] });
    await call(a, ana.token, 'PUT', `${url}/answers/1`, { text: 'Mountain, fold, plank, cobra, dog.' });
    // not submitted yet: nothing to grade
    const early = await call(a, tokens.staff, 'PUT', `${url}/answers/1/grade`, {
      criteria: [{ points: 4 }, { points: 3 }, { points: 3 }],
    });
    expect(errorOf(early.body)).toMatchObject({ code: 'not_submitted' });
    const submitted = json<any>(await call(a, ana.token, 'POST', `${url}/submit`));
    expect(submitted).toMatchObject({ status: 'inreview', score: 2, maxScore: 12, isPass: null });

    const grade = (token: string, body: object, tenant = a) =>
      call(tenant, token, 'PUT', `${url}/answers/1/grade`, body);
    // the rubric's shape: one score per criterion, each at most its points; points alone are refused
    expect(errorOf((await grade(tokens.staff, { points: 8 })).body)).toMatchObject({
      field: 'criteria',
      message: ASSESSMENT_MESSAGES.gradeCriteria,
    });
    expect(errorOf((await grade(tokens.staff, { criteria: [{ points: 4 }, { points: 3 }] })).body)).toMatchObject({
      field: 'criteria',
    });
    expect(
      errorOf((await grade(tokens.staff, { criteria: [{ points: 5 }, { points: 3 }, { points: 3 }] })).body),
    ).toMatchObject({ field: 'criteria.0.points', message: ASSESSMENT_MESSAGES.gradeCriterionPoints });
    // a choice answer is not graded by hand; a question without a rubric takes no criteria
    expect(
      errorOf((await call(a, tokens.staff, 'PUT', `${url}/answers/0/grade`, { criteria: [{ points: 1 }] })).body),
    ).toMatchObject({ field: 'position', message: ASSESSMENT_MESSAGES.gradeOnlyOpen });
    // roles and studios
    const fine = { criteria: [{ points: 4 }, { points: 2, comment: 'Breathe out on the fold.' }, { points: 3 }] };
    expect((await grade(ana.token, fine)).statusCode).toBe(403);
    expect((await grade(tokens.frontdesk, fine)).statusCode).toBe(403);
    expect((await grade(tokens.otherAdmin, fine, b)).statusCode).toBe(404);

    // two graders at once (or a double click): one grade counts, the other is refused
    const [g1, g2] = await Promise.all([
      grade(tokens.staff, { ...fine, comment: 'Good flow.' }),
      grade(tokens.admin, { ...fine, comment: 'Good flow.' }),
    ]);
    expect([g1.statusCode, g2.statusCode].sort()).toEqual([200, 409]);
    expect(errorOf((g1.statusCode === 409 ? g1 : g2).body)).toMatchObject({
      code: 'already_graded',
      message: ASSESSMENT_MESSAGES.alreadyGraded,
    });
    const graded = json<any>(g1.statusCode === 200 ? g1 : g2);
    // 2 + (4 + 2 + 3) = 11 of 12: at least 75% passes
    expect(graded).toMatchObject({ status: 'completed', score: 11, isPass: true, toGrade: 0 });
    expect(graded.questions[1]).toMatchObject({
      awarded: 9,
      comment: 'Good flow.',
      rubricScores: [
        { points: 4, comment: '' },
        { points: 2, comment: 'Breathe out on the fold.' },
        { points: 3, comment: '' },
      ],
    });

    // the member sees the result state change (In Review to Pass) and the scores per criterion
    const mine = json<any>(await call(a, ana.token, 'GET', '/edtest/my/tests')).data.find((t: any) => t._id === id);
    expect(mine.latest).toMatchObject({ status: 'completed', isPass: true });
    const seen = json<any>(await call(a, ana.token, 'GET', url));
    expect(seen.questions[1].rubricScores[1]).toEqual({ points: 2, comment: 'Breathe out on the fold.' });
    const told = async () =>
      (
        await withTenant(app.platform.db, a.tenantId, (tx) =>
          tx.select().from(outboxEmails).where(eq(outboxEmails.tenantId, a.tenantId)),
        )
      ).filter((m) => m.subject === 'Sun salutation: your result is ready');
    expect(await told()).toHaveLength(1);
    expect((await told())[0]?.textBody).toContain('Result: Pass (11 of 12 points).');

    // a change, sent with the grade it changes, rescores (Fail now) without a second email
    const changed = await grade(tokens.admin, {
      criteria: [{ points: 1, comment: 'Missing the lunge.' }, { points: 2 }, { points: 3 }],
      comment: 'Sequence incomplete.',
      previousGradedAt: graded.questions[1].gradedAt,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json<any>(changed)).toMatchObject({ status: 'completed', score: 8, isPass: false });
    expect(await told()).toHaveLength(1);
    // the same change again (a stale page) is refused
    const stale = await grade(tokens.admin, {
      criteria: [{ points: 1 }, { points: 2 }, { points: 3 }],
      previousGradedAt: graded.questions[1].gradedAt,
    });
    expect(errorOf(stale.body)).toMatchObject({ code: 'already_graded' });
    const pdf = await pdfText((await call(a, ana.token, 'GET', `${url}/result.pdf`)).rawPayload);
    expect(pdf).toContain('Sequence: 1 of 4 · Missing the lunge.');
    expect(pdf).toContain('Safety: 3 of 3');
  });
});
