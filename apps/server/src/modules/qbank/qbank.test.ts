import { QBANK_MESSAGES } from '@atrium/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { json, loginAs, newMember, newTenant } from '../../../test/helpers.ts';
import { memberStudios } from '../../../test/member-studios.ts';
import { withTenant } from '../../db/client.ts';
import { qbankQuestions } from '../../db/schema/index.ts';
import { errorOf } from '../contacts/contact-fixtures.ts';

// Question banks (issue 27): /edtest/qbank (spec 1 §2 /qbank, /qbank/add; §4 quiz question types), the
// rules of each type, the CSV import, on PGlite and PostgreSQL.

const { ctx, tokens, call } = memberStudios();

const single = {
  bank: 'Anatomía básica',
  type: 'singlechoice',
  question: '<p>Which muscle flexes the hip in <b>Navasana</b>?</p><script>alert(1)</script>',
  options: [
    { text: 'Iliopsoas', isCorrect: true },
    { text: 'Deltoid', isCorrect: false },
    { text: 'Trapezius', isCorrect: false },
  ],
  points: 2,
  explanation: 'The iliopsoas lifts the legs.',
  tags: ['anatomy', 'Hips', 'anatomy'],
  mediaUrl: 'https://cdn.example.com/navasana.jpg',
};
const multi = {
  bank: 'Anatomía básica',
  type: 'multichoice',
  question: 'Which are standing poses? 立ち',
  options: [
    { text: 'Tadasana', isCorrect: true },
    { text: 'Vrksasana', isCorrect: true },
    { text: 'Balasana', isCorrect: false },
  ],
  points: 3,
  tags: ['poses'],
};
const graded = {
  bank: 'Self check',
  type: 'graded',
  question: 'How often do you practise?',
  options: [
    { text: 'Never', points: 0 },
    { text: 'Weekly', points: 2 },
    { text: 'Daily', points: 5 },
  ],
  tags: ['habits'],
};
const open = {
  bank: 'Self check',
  type: 'openended',
  question: 'Describe your breathing in Ujjayi. Опишите.',
  points: 10,
  explanation: 'Audible, through the nose.',
  tags: ['breath', 'ANATOMY'],
};

describe('questions of the four types', () => {
  it('admin and staff add each type; the server keeps the shape of the type, sanitises the question', async () => {
    const s = await call(ctx.a, tokens.admin, 'POST', '/edtest/qbank', single);
    expect(s.statusCode, s.body).toBe(201);
    expect(json<any>(s)).toMatchObject({
      _id: expect.any(String),
      bank: 'Anatomía básica',
      type: 'singlechoice',
      options: [
        { text: 'Iliopsoas', isCorrect: true, points: 0 },
        { text: 'Deltoid', isCorrect: false, points: 0 },
        { text: 'Trapezius', isCorrect: false, points: 0 },
      ],
      points: 2,
      tags: ['anatomy', 'Hips'],
      mediaUrl: 'https://cdn.example.com/navasana.jpg',
    });
    expect(json<any>(s).question).toContain('<b>Navasana</b>');
    expect(json<any>(s).question).not.toContain('script');

    const m = await call(ctx.a, tokens.staff, 'POST', '/edtest/qbank', multi);
    expect(m.statusCode, m.body).toBe(201);
    const g = await call(ctx.a, tokens.staff, 'POST', '/edtest/qbank', graded);
    expect(g.statusCode, g.body).toBe(201);
    // a graded question scores its best option; no option is "correct"
    expect(json<any>(g)).toMatchObject({ points: 5, options: [{ points: 0 }, { points: 2 }, { points: 5 }] });
    const o = await call(ctx.a, tokens.admin, 'POST', '/edtest/qbank', open);
    expect(o.statusCode, o.body).toBe(201);
    expect(json<any>(o)).toMatchObject({ options: [], points: 10, mediaUrl: null });

    // read back, changed, deleted
    const id = json<any>(s)._id;
    expect(json<any>(await call(ctx.a, tokens.staff, 'GET', `/edtest/qbank/${id}`)).points).toBe(2);
    const changed = await call(ctx.a, tokens.staff, 'PUT', `/edtest/qbank/${id}`, { ...single, points: 4 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json<any>(changed).points).toBe(4);
    const temp = json<any>(await call(ctx.a, tokens.admin, 'POST', '/edtest/qbank', { ...open, question: 'Temp' }));
    const gone = await call(ctx.a, tokens.admin, 'DELETE', `/edtest/qbank/${temp._id}`);
    expect(json<any>(gone)).toEqual({ message: QBANK_MESSAGES.deleted });
    expect((await call(ctx.a, tokens.admin, 'GET', `/edtest/qbank/${temp._id}`)).statusCode).toBe(404);
  });

  const refusals: [string, object, string, string][] = [
    [
      'single with two correct',
      {
        ...single,
        options: [
          { text: 'A', isCorrect: true },
          { text: 'B', isCorrect: true },
        ],
      },
      'options',
      QBANK_MESSAGES.singleOneCorrect,
    ],
    [
      'single with none correct',
      { ...single, options: [{ text: 'A' }, { text: 'B' }] },
      'options',
      QBANK_MESSAGES.singleOneCorrect,
    ],
    [
      'single with one option',
      { ...single, options: [{ text: 'A', isCorrect: true }] },
      'options',
      QBANK_MESSAGES.choiceOptions,
    ],
    [
      'multi with none correct',
      { ...multi, options: [{ text: 'A' }, { text: 'B' }] },
      'options',
      QBANK_MESSAGES.multiOneCorrect,
    ],
    [
      'choice with the same option twice',
      { ...multi, options: [{ text: 'A', isCorrect: true }, { text: ' a ' }] },
      'options',
      QBANK_MESSAGES.optionsDuplicate,
    ],
    ['choice worth 0 points', { ...single, points: 0 }, 'points', QBANK_MESSAGES.points],
    [
      'graded with every option worth 0',
      {
        ...graded,
        options: [
          { text: 'A', points: 0 },
          { text: 'B', points: 0 },
        ],
      },
      'options',
      QBANK_MESSAGES.gradedPoints,
    ],
    [
      'graded with a correct option',
      {
        ...graded,
        options: [
          { text: 'A', points: 1, isCorrect: true },
          { text: 'B', points: 0 },
        ],
      },
      'options',
      QBANK_MESSAGES.gradedNoCorrect,
    ],
    [
      'graded with negative points',
      {
        ...graded,
        options: [
          { text: 'A', points: -1 },
          { text: 'B', points: 3 },
        ],
      },
      'options.0.points',
      QBANK_MESSAGES.optionPoints,
    ],
    [
      'open ended with options',
      { ...open, options: [{ text: 'A' }, { text: 'B' }] },
      'options',
      QBANK_MESSAGES.openNoOptions,
    ],
    ['open ended worth -1', { ...open, points: -1 }, 'points', QBANK_MESSAGES.points],
    ['fractional points', { ...open, points: 1.5 }, 'points', QBANK_MESSAGES.points],
    ['a blank question', { ...open, question: '<p> &nbsp;</p>' }, 'question', QBANK_MESSAGES.questionRequired],
    ['no bank', { ...open, bank: '  ' }, 'bank', QBANK_MESSAGES.bankRequired],
    ['an unknown type', { ...open, type: 'truefalse' }, 'type', QBANK_MESSAGES.typeRequired],
    [
      'an empty option',
      { ...single, options: [{ text: ' ', isCorrect: true }, { text: 'B' }] },
      'options.0.text',
      QBANK_MESSAGES.optionRequired,
    ],
    ['media that is no address', { ...single, mediaUrl: 'javascript:alert(1)' }, 'mediaUrl', QBANK_MESSAGES.media],
    ['a tag too long', { ...open, tags: ['x'.repeat(41)] }, 'tags.0', QBANK_MESSAGES.tagTooLong],
  ];
  for (const [name, payload, field, message] of refusals) {
    it(`refuses ${name}: 400 on ${field}`, async () => {
      const bad = await call(ctx.a, tokens.admin, 'POST', '/edtest/qbank', payload);
      expect(bad.statusCode, bad.body).toBe(400);
      expect(errorOf(bad.body)).toMatchObject({ field, message });
    });
  }

  it('the front desk, members and visitors neither read nor write; another studio finds nothing', async () => {
    const s = json<any>(await call(ctx.a, tokens.admin, 'POST', '/edtest/qbank', single));
    const member = await newMember(ctx.app, ctx.a, 'Ωμέγα', 'Π');
    for (const token of [tokens.frontdesk, tokens.student, member.token]) {
      expect((await call(ctx.a, token, 'GET', '/edtest/qbank')).statusCode).toBe(403);
      expect((await call(ctx.a, token, 'GET', `/edtest/qbank/${s._id}`)).statusCode).toBe(403);
      expect((await call(ctx.a, token, 'POST', '/edtest/qbank', open)).statusCode).toBe(403);
      expect(
        (await call(ctx.a, token, 'POST', '/edtest/qbank/import', { csv: 'bank,type,question\nA,openended,Q' }))
          .statusCode,
      ).toBe(403);
    }
    expect((await call(ctx.a, null, 'GET', '/edtest/qbank')).statusCode).toBe(401);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const theirs = await call(
        ctx.b,
        tokens.otherAdmin,
        method,
        `/edtest/qbank/${s._id}`,
        method === 'PUT' ? single : undefined,
      );
      expect(theirs.statusCode, method).toBe(404);
    }
    expect(json<any>(await call(ctx.b, tokens.otherAdmin, 'GET', '/edtest/qbank?max=100')).total).toBe(0);
    expect(json<any>(await call(ctx.a, tokens.admin, 'GET', `/edtest/qbank/${s._id}`)).points).toBe(2);
    const badId = await call(ctx.a, tokens.admin, 'GET', '/edtest/qbank/nope');
    expect(errorOf(badId.body).field).toBe('params.id');
  });
});

describe('finding questions', () => {
  it('by bank, tag (any case), type and words, paged; lists every bank and tag', async () => {
    const c = await newTenant(ctx.app);
    const admin = (await loginAs(ctx.app, c, 'admin')).access_token;
    for (const q of [single, multi, graded, open]) {
      expect((await call(c, admin, 'POST', '/edtest/qbank', q)).statusCode).toBe(201);
    }
    const all = json<any>(await call(c, admin, 'GET', '/edtest/qbank'));
    expect(all.total).toBe(4);
    expect(all.banks).toEqual(['Anatomía básica', 'Self check']);
    expect(all.tags).toEqual(expect.arrayContaining(['anatomy', 'ANATOMY', 'Hips', 'poses', 'habits', 'breath']));
    const byTag = json<any>(await call(c, admin, 'GET', '/edtest/qbank?tag=Anatomy'));
    expect(byTag.data.map((q: any) => q.type).sort()).toEqual(['openended', 'singlechoice']);
    const byBank = json<any>(await call(c, admin, 'GET', `/edtest/qbank?bank=${encodeURIComponent('self CHECK')}`));
    expect(byBank.total).toBe(2);
    expect(json<any>(await call(c, admin, 'GET', '/edtest/qbank?type=graded')).data[0].question).toBe(graded.question);
    expect(json<any>(await call(c, admin, 'GET', `/edtest/qbank?search=${encodeURIComponent('立ち')}`)).total).toBe(1);
    expect(json<any>(await call(c, admin, 'GET', '/edtest/qbank?search=100%25')).total).toBe(0);
    const page = json<any>(await call(c, admin, 'GET', '/edtest/qbank?offset=3&max=2'));
    expect(page).toMatchObject({ total: 4 });
    expect(page.data).toHaveLength(1);
    const bad = await call(c, admin, 'GET', '/edtest/qbank?type=quiz');
    expect(errorOf(bad.body).field).toBe('querystring.type');
    expect(errorOf((await call(c, admin, 'GET', '/edtest/qbank?max=500')).body).field).toBe('querystring.max');
  });
});

describe('the CSV import', () => {
  const header = 'bank,type,question,options,correct,points,explanation,tags,media';
  it('imports a good file: every type, labels or codes, quoted cells, any script', async () => {
    const c = await newTenant(ctx.app);
    const staff = (await loginAs(ctx.app, c, 'staff')).access_token;
    const csv = [
      `\uFEFF${header}`,
      'Poses,Single Choice,"Which pose is ""downward dog""?",Adho Mukha Svanasana|Balasana,1,2,,poses|वृक्षासन,',
      'Poses,multichoice,Standing poses?,Tadasana|Vrksasana|Balasana,1|2,3,Both stand.,poses,https://cdn.example.com/p.png',
      '',
      'Self check,graded,How often do you practise?,Never|Weekly|Daily,0|2|5,,,habits,',
      'Self check,Open Ended,"Describe Ujjayi,\nin your words.",,,10,Through the nose.,breath|Poses,',
    ].join('\r\n');
    const done = await call(c, staff, 'POST', '/edtest/qbank/import', { csv });
    expect(done.statusCode, done.body).toBe(201);
    expect(json<any>(done)).toEqual({ imported: 4 });
    const list = json<any>(await call(c, staff, 'GET', '/edtest/qbank?tag=poses'));
    expect(list.total).toBe(3);
    const rows = await withTenant(ctx.app.platform.db, c.tenantId, (tx) =>
      tx.select().from(qbankQuestions).where(eq(qbankQuestions.tenantId, c.tenantId)),
    );
    const byType = Object.fromEntries(rows.map((r) => [r.type, r]));
    expect(byType.singlechoice).toMatchObject({
      question: 'Which pose is "downward dog"?',
      points: 2,
      tags: ['poses', 'वृक्षासन'],
    });
    expect(byType.singlechoice?.options.map((o) => o.isCorrect)).toEqual([true, false]);
    expect(byType.multichoice).toMatchObject({ explanation: 'Both stand.', mediaUrl: 'https://cdn.example.com/p.png' });
    expect(byType.graded).toMatchObject({ points: 5 });
    expect(byType.openended).toMatchObject({ question: 'Describe Ujjayi,\nin your words.', options: [], points: 10 });
  });

  it('imports an open-ended question’s rubric (name:points, any column order); a bad rubric names its line', async () => {
    const c = await newTenant(ctx.app);
    const admin = (await loginAs(ctx.app, c, 'admin')).access_token;
    const csv = [
      'Rubric,Bank,Type,Question,Points',
      '"Clarity:2|Evidence: cited:3",Essays,openended,Argue for rest days.,',
      ',Essays,openended,No rubric here.,4',
    ].join('\r\n');
    const done = await call(c, admin, 'POST', '/edtest/qbank/import', { csv });
    expect(done.statusCode, done.body).toBe(201);
    expect(json<any>(done)).toEqual({ imported: 2 });
    const rows = await withTenant(ctx.app.platform.db, c.tenantId, (tx) =>
      tx.select().from(qbankQuestions).where(eq(qbankQuestions.tenantId, c.tenantId)),
    );
    const byQuestion = Object.fromEntries(rows.map((r) => [r.question, r]));
    // the question is worth its criteria's sum
    expect(byQuestion['Argue for rest days.']).toMatchObject({
      points: 5,
      rubric: [
        { name: 'Clarity', points: 2 },
        { name: 'Evidence: cited', points: 3 },
      ],
    });
    expect(byQuestion['No rubric here.']).toMatchObject({ points: 4, rubric: [] });

    const bad = [
      `${header},rubric`,
      'Essays,openended,Good?,,,,,,,Clarity:2',
      'Essays,openended,No points?,,,,,,,Clarity',
      'Essays,openended,Words?,,,,,,,Clarity:two',
      'Essays,openended,Zero?,,,,,,,Clarity:0',
      'Essays,openended,Twice?,,,,,,,Clarity:1|clarity:2',
      'Essays,singlechoice,Choice?,Yes|No,1,1,,,,Clarity:1',
    ].join('\n');
    const refused = await call(c, admin, 'POST', '/edtest/qbank/import', { csv: bad });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(json<any>(refused).errors).toMatchObject({
      code: 'invalid_rows',
      field: 'rubric',
      message: `Line 3, rubric: ${QBANK_MESSAGES.csvRubric}`,
    });
    expect(json<any>(refused).errors.rows).toEqual([
      { line: 3, field: 'rubric', message: QBANK_MESSAGES.csvRubric },
      { line: 4, field: 'rubric', message: QBANK_MESSAGES.csvRubric },
      { line: 5, field: 'rubric', message: QBANK_MESSAGES.rubricPoints },
      { line: 6, field: 'rubric', message: QBANK_MESSAGES.rubricDuplicate },
      { line: 7, field: 'rubric', message: QBANK_MESSAGES.rubricOnlyOpen },
    ]);
    // nothing of the refused file was written
    expect(json<any>(await call(c, admin, 'GET', '/edtest/qbank')).total).toBe(2);
  });

  it('refuses a file with a bad line, naming each bad line and column; nothing is written', async () => {
    const c = await newTenant(ctx.app);
    const admin = (await loginAs(ctx.app, c, 'admin')).access_token;
    const csv = [
      header,
      'Poses,singlechoice,Good one?,Yes|No,1,1,,,',
      'Poses,singlechoice,Two right?,Yes|No,1|2,1,,,',
      'Poses,truefalse,What?,Yes|No,1,1,,,',
      'Poses,multichoice,Which?,A|B,3,1,,,',
      'Poses,openended,Why?,A|B,,1,,,',
      ',openended,No bank?,,,1,,,',
      'Poses,graded,Scale?,Low|High,0|x,,,,',
      'Poses,openended,Points?,,,lots,,,',
    ].join('\n');
    const refused = await call(c, admin, 'POST', '/edtest/qbank/import', { csv });
    expect(refused.statusCode, refused.body).toBe(400);
    const body = json<any>(refused).errors;
    expect(body).toMatchObject({
      code: 'invalid_rows',
      field: 'correct',
      message: `Line 3, correct: ${QBANK_MESSAGES.singleOneCorrect}`,
    });
    expect(body.rows).toEqual([
      { line: 3, field: 'correct', message: QBANK_MESSAGES.singleOneCorrect },
      { line: 4, field: 'type', message: QBANK_MESSAGES.csvType },
      { line: 5, field: 'correct', message: QBANK_MESSAGES.csvCorrect },
      { line: 6, field: 'options', message: QBANK_MESSAGES.openNoOptions },
      { line: 7, field: 'bank', message: QBANK_MESSAGES.bankRequired },
      { line: 8, field: 'correct', message: QBANK_MESSAGES.csvGradedCorrect },
      { line: 9, field: 'points', message: QBANK_MESSAGES.csvPoints },
    ]);
    // the good line 2 was not written either
    expect(json<any>(await call(c, admin, 'GET', '/edtest/qbank')).total).toBe(0);

    const noHeader = await call(c, admin, 'POST', '/edtest/qbank/import', { csv: 'Poses,openended,Why?' });
    expect(json<any>(noHeader).errors.rows).toEqual([{ line: 1, field: 'csv', message: QBANK_MESSAGES.csvHeader }]);
    const empty = await call(c, admin, 'POST', '/edtest/qbank/import', { csv: `${header}\n\n` });
    expect(json<any>(empty).errors.message).toBe(`Line 1, csv: ${QBANK_MESSAGES.csvEmpty}`);
    const missing = await call(c, admin, 'POST', '/edtest/qbank/import', {});
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing.body)).toMatchObject({ field: 'csv', message: QBANK_MESSAGES.csvRequired });
  });
});
