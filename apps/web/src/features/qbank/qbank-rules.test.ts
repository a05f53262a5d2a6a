import { QBANK_MESSAGES, questionProblem, readQuestionCsv } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import {
  answerSummary,
  canAddOption,
  formProblem,
  markCorrect,
  newQuestion,
  type QuestionFormValues,
  questionBody,
  SAMPLE_CSV,
  withType,
} from './qbank-rules';

const filled = (patch: Partial<QuestionFormValues> = {}): QuestionFormValues => ({
  ...newQuestion('Anatomy'),
  question: '<p>Which muscle?</p>',
  options: [
    { text: 'Iliopsoas', isCorrect: true, points: 0 },
    { text: 'Deltoid', isCorrect: false, points: 0 },
  ],
  ...patch,
});

describe('the rules of each type', () => {
  it('single choice: exactly one right answer; ticking one unticks the others', () => {
    expect(formProblem(filled())).toBeNull();
    const two = markCorrect({ ...filled(), type: 'multichoice' }, 1, true);
    expect(two.options.map((o) => o.isCorrect)).toEqual([true, true]);
    expect(formProblem({ ...two, type: 'singlechoice' })?.message).toBe(QBANK_MESSAGES.singleOneCorrect);
    expect(markCorrect(filled(), 1, true).options.map((o) => o.isCorrect)).toEqual([false, true]);
    const none = filled({ options: filled().options.map((o) => ({ ...o, isCorrect: false })) });
    expect(formProblem(none)).toEqual({ field: 'options', message: QBANK_MESSAGES.singleOneCorrect });
  });

  it('multiple choice: at least one right answer', () => {
    const multi = withType(filled(), 'multichoice');
    expect(formProblem(multi)).toBeNull();
    expect(formProblem(markCorrect(multi, 0, false))?.message).toBe(QBANK_MESSAGES.multiOneCorrect);
  });

  it('graded: no right answer, options worth points, the best one above 0 is what it scores', () => {
    const graded = withType(filled(), 'graded');
    expect(graded.options.every((o) => !o.isCorrect)).toBe(true);
    expect(formProblem(graded)?.message).toBe(QBANK_MESSAGES.gradedPoints);
    const scored = {
      ...graded,
      options: [
        { ...graded.options[0]!, points: 1 },
        { ...graded.options[1]!, points: 4 },
      ],
    };
    expect(formProblem(scored)).toBeNull();
    expect(questionBody(scored)).toMatchObject({ points: 4, options: [{ points: 1 }, { points: 4 }] });
    expect(answerSummary({ type: 'graded', options: questionBody(scored).options as never })).toBe(
      'Iliopsoas (1), Deltoid (4)',
    );
  });

  it('open ended: no options; points above 0', () => {
    const open = withType(filled(), 'openended');
    expect(open.options).toEqual([]);
    expect(canAddOption(open)).toBe(false);
    expect(formProblem(open)).toBeNull();
    expect(formProblem({ ...open, points: 0 })).toEqual({ field: 'points', message: QBANK_MESSAGES.points });
    expect(
      questionProblem({ type: 'openended', options: [{ text: 'A', isCorrect: false, points: 0 }], points: 1 })?.message,
    ).toBe(QBANK_MESSAGES.openNoOptions);
    // back to a choice: two empty options to fill in
    expect(withType(open, 'singlechoice').options).toHaveLength(2);
  });

  it('names the field: bank, question, an empty option, the same option twice', () => {
    expect(formProblem(filled({ bank: ' ' }))?.field).toBe('bank');
    expect(formProblem(filled({ question: '<p> </p>' }))?.field).toBe('question');
    expect(formProblem(filled({ question: '<p><img src="/a.png"></p>' }))).toBeNull();
    const empty = filled({ options: [...filled().options, { text: ' ', isCorrect: false, points: 0 }] });
    expect(formProblem(empty)).toEqual({ field: 'options', message: QBANK_MESSAGES.optionRequired });
    const twice = filled({ options: [...filled().options, { text: 'deltoid ', isCorrect: false, points: 0 }] });
    expect(formProblem(twice)?.message).toBe(QBANK_MESSAGES.optionsDuplicate);
  });
});

describe('the CSV reader', () => {
  it('reads the sample file: one question of each type', () => {
    const { questions, problems } = readQuestionCsv(SAMPLE_CSV);
    expect(problems).toEqual([]);
    expect(questions.map((q) => q.type)).toEqual(['singlechoice', 'multichoice', 'graded', 'openended']);
    expect(questions[3]?.rubric).toEqual([
      { name: 'Sound', points: 2 },
      { name: 'Through the nose', points: 3 },
    ]);
  });

  it('names each bad line and its column', () => {
    const csv =
      'Type,Question,Bank,Options,Correct\nsinglechoice,Ok?,B,Yes|No,2\nmultichoice,None?,B,Yes|No,\nopenended,,B,,';
    expect(readQuestionCsv(csv).problems).toEqual([
      { line: 3, field: 'correct', message: QBANK_MESSAGES.multiOneCorrect },
      { line: 4, field: 'question', message: QBANK_MESSAGES.questionRequired },
    ]);
  });

  it('reads a rubric column (name:points), naming a bad one', () => {
    const csv = [
      'bank,type,question,rubric',
      'B,openended,Why?,Clarity:2|Time: 10:00 sharp:3',
      'B,openended,How?,Clarity',
      'B,singlechoice,Which?,Clarity:2',
    ].join('\n');
    const { questions, problems } = readQuestionCsv(csv);
    expect(questions[0]?.rubric).toEqual([
      { name: 'Clarity', points: 2 },
      { name: 'Time: 10:00 sharp', points: 3 },
    ]);
    expect(problems).toEqual([
      { line: 3, field: 'rubric', message: QBANK_MESSAGES.csvRubric },
      { line: 4, field: 'rubric', message: QBANK_MESSAGES.rubricOnlyOpen },
    ]);
  });
});

describe('a rubric', () => {
  it('is kept only for open-ended questions, which are then worth its criteria', () => {
    const essay = {
      ...withType(newQuestion('Anatomy'), 'openended'),
      question: '<p>Describe it.</p>',
      rubric: [
        { name: ' Sequence ', points: 4 },
        { name: 'Breath', points: 3 },
      ],
    };
    expect(questionBody(essay)).toMatchObject({
      points: 7,
      rubric: [
        { name: 'Sequence', points: 4 },
        { name: 'Breath', points: 3 },
      ],
    });
    expect(formProblem(essay)).toBeNull();
    expect(withType(essay, 'singlechoice').rubric).toEqual([]);
    expect(formProblem({ ...essay, rubric: [{ name: ' ', points: 2 }] })?.field).toBe('rubric');
    expect(formProblem({ ...essay, rubric: [{ name: 'A', points: 0 }] })?.message).toBe(QBANK_MESSAGES.rubricPoints);
    expect(answerSummary({ type: 'openended', options: [], rubric: questionBody(essay).rubric as never })).toBe(
      'Written answer, by rubric: Sequence, Breath',
    );
  });
});
