import { z } from 'zod';
import { isBlankRecord, parseCsv } from './csv.ts';
import { isBlankNotice } from './notices.ts';

/**
 * Question banks (/qbank, /qbank/add; spec 1 §2 admin routes, §4 "Quiz question types"; issue 27):
 * the studio's questions of the four types, grouped into named banks and found by tag, for tests to
 * draw from (docs/decisions/engagement.md, "Question banks").
 */

/** Spec 1 §4: graded, singlechoice, multichoice, openended. */
export const QUESTION_TYPES = ['graded', 'singlechoice', 'multichoice', 'openended'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Spec 1 §4 labels; anything else is N/A. */
export const QUESTION_TYPE_LABELS: Record<QuestionType, string> = {
  graded: 'Graded',
  singlechoice: 'Single Choice',
  multichoice: 'Multiple Choice',
  openended: 'Open Ended',
};
export function questionTypeLabel(type: string): string {
  return (QUESTION_TYPE_LABELS as Record<string, string>)[type] ?? 'N/A';
}

export const QBANK_MESSAGES = {
  bankRequired: 'Question bank is required.',
  bankTooLong: 'A question bank name is at most 100 characters.',
  typeRequired: 'Question type is required.',
  questionRequired: 'Question is required.',
  questionTooLong: 'A question is at most 20000 characters.',
  optionRequired: 'Each option needs some text.',
  optionTooLong: 'An option is at most 500 characters.',
  optionsDuplicate: 'Two options have the same text.',
  choiceOptions: 'A choice question needs 2 to 10 options.',
  singleOneCorrect: 'A single choice question has exactly one correct answer.',
  multiOneCorrect: 'A multiple choice question needs at least one correct answer.',
  gradedOptions: 'A graded question needs 2 to 10 options, each worth some points.',
  gradedNoCorrect: 'A graded question has no correct answer: each option is worth its points.',
  gradedPoints: 'A graded question needs an option worth more than 0 points.',
  openNoOptions: 'An open-ended question has no options.',
  rubricOnlyOpen: 'Only an open-ended question has a rubric.',
  rubricName: 'Each criterion needs a name of at most 100 characters.',
  rubricPoints: 'Criterion points are whole numbers from 1 to 1000.',
  rubricTooMany: 'A rubric has at most 10 criteria.',
  rubricDuplicate: 'Two criteria have the same name.',
  rubricTotal: 'The criteria add up to more than 1000 points.',
  points: 'Points must be a whole number from 1 to 1000.',
  optionPoints: 'Option points are whole numbers from 0 to 1000.',
  explanationTooLong: 'An explanation is at most 2000 characters.',
  tagTooLong: 'A tag is at most 40 characters.',
  tooManyTags: 'A question has at most 20 tags.',
  media: 'Media must be a web address (https://…) or a file of the media library.',
  saved: 'Question saved.',
  deleted: 'Question deleted.',
  confirmDelete: 'Are you sure you want to delete?',
  none: 'No Questions Found',
  csvRequired: 'Choose a CSV file to import.',
  csvHeader:
    'The first line must name the columns: bank, type, question, options, correct, points, explanation, tags, media, rubric.',
  csvEmpty: 'The file holds no questions.',
  csvTooMany: 'A file holds at most 1000 questions.',
  csvType:
    'Type must be graded, singlechoice, multichoice or openended (or Graded, Single Choice, Multiple Choice, Open Ended).',
  csvCorrect: 'Correct answers are option numbers separated by |, such as 1|3.',
  csvGradedCorrect: 'For a graded question, correct holds each option’s points separated by |, such as 0|1|2.',
  csvPoints: 'Points must be a number.',
  csvRubric: 'A rubric lists its criteria as name:points separated by |, such as Clarity:2|Evidence:3.',
} as const;

export const QBANK_OPTIONS_MIN = 2;
export const QBANK_OPTIONS_MAX = 10;
export const QBANK_POINTS_MAX = 1000;
export const QBANK_QUESTION_MAX = 20_000;
export const QBANK_IMPORT_MAX = 1000;

/** One answer option: its text, whether it is right (choice types), its points (graded). */
export const QuestionOption = z.object({
  text: z
    .string({ error: QBANK_MESSAGES.optionRequired })
    .trim()
    .min(1, QBANK_MESSAGES.optionRequired)
    .max(500, QBANK_MESSAGES.optionTooLong),
  isCorrect: z.boolean().default(false),
  points: z
    .number({ error: QBANK_MESSAGES.optionPoints })
    .int(QBANK_MESSAGES.optionPoints)
    .min(0, QBANK_MESSAGES.optionPoints)
    .max(QBANK_POINTS_MAX, QBANK_MESSAGES.optionPoints)
    .default(0),
});
export type QuestionOption = z.output<typeof QuestionOption>;

export const QBANK_RUBRIC_MAX = 10;

/** One criterion of an open-ended question's rubric: what staff look for, and what it is worth. */
export const RubricCriterion = z.object({
  name: z
    .string({ error: QBANK_MESSAGES.rubricName })
    .trim()
    .min(1, QBANK_MESSAGES.rubricName)
    .max(100, QBANK_MESSAGES.rubricName),
  points: z
    .number({ error: QBANK_MESSAGES.rubricPoints })
    .int(QBANK_MESSAGES.rubricPoints)
    .min(1, QBANK_MESSAGES.rubricPoints)
    .max(QBANK_POINTS_MAX, QBANK_MESSAGES.rubricPoints),
});
export type RubricCriterion = z.output<typeof RubricCriterion>;

const tag = z.string().trim().min(1).max(40, QBANK_MESSAGES.tagTooLong);

/** A question as written, before the type's rules. */
const QuestionFields = z.object({
  bank: z
    .string({ error: QBANK_MESSAGES.bankRequired })
    .trim()
    .min(1, QBANK_MESSAGES.bankRequired)
    .max(100, QBANK_MESSAGES.bankTooLong),
  type: z.enum(QUESTION_TYPES, { error: QBANK_MESSAGES.typeRequired }),
  question: z
    .string({ error: QBANK_MESSAGES.questionRequired })
    .max(QBANK_QUESTION_MAX, QBANK_MESSAGES.questionTooLong)
    .refine((html) => !isBlankNotice(html), QBANK_MESSAGES.questionRequired),
  options: z.array(QuestionOption).max(QBANK_OPTIONS_MAX, QBANK_MESSAGES.choiceOptions).default([]),
  /** Choice and open-ended questions: what a right answer scores. Graded: the best option's points (set by the server). */
  points: z
    .number({ error: QBANK_MESSAGES.points })
    .int(QBANK_MESSAGES.points)
    .max(QBANK_POINTS_MAX, QBANK_MESSAGES.points)
    .default(1),
  explanation: z.string().trim().max(2000, QBANK_MESSAGES.explanationTooLong).default(''),
  /** Open ended only: the criteria staff score the answer by; the question's points are their sum. */
  rubric: z.array(RubricCriterion).max(QBANK_RUBRIC_MAX, QBANK_MESSAGES.rubricTooMany).default([]),
  tags: z.array(tag).max(20, QBANK_MESSAGES.tooManyTags).default([]),
  mediaUrl: z
    .string({ error: QBANK_MESSAGES.media })
    .trim()
    .max(2000, QBANK_MESSAGES.media)
    .refine((url) => url === '' || /^(https?:\/\/|\/)[^\s]+$/i.test(url), QBANK_MESSAGES.media)
    .nullable()
    .default(null),
});
type QuestionFieldsOut = z.output<typeof QuestionFields>;

export interface QuestionProblem {
  field: string;
  message: string;
}

/**
 * The rules of each type (docs/decisions/engagement.md): single choice exactly one correct option;
 * multiple choice at least one; both 2 to 10 options and points above 0; graded 2 to 10 options worth
 * points, none marked correct, the best above 0; open ended no options and points above 0. The first
 * problem found, or null. Shared by the server, the CSV import and the form.
 */
export function questionProblem(
  q: Pick<QuestionFieldsOut, 'type' | 'options' | 'points'> & { rubric?: readonly RubricCriterion[] },
): QuestionProblem | null {
  const rubric = q.rubric ?? [];
  if (rubric.length > 0 && q.type !== 'openended') return { field: 'rubric', message: QBANK_MESSAGES.rubricOnlyOpen };
  const names = rubric.map((c) => c.name.trim().toLocaleLowerCase());
  if (names.some((name, i) => names.indexOf(name) !== i))
    return { field: 'rubric', message: QBANK_MESSAGES.rubricDuplicate };
  if (rubricTotal(rubric) > QBANK_POINTS_MAX) return { field: 'rubric', message: QBANK_MESSAGES.rubricTotal };
  const texts = q.options.map((option) => option.text.trim().toLocaleLowerCase());
  const duplicate = texts.some((text, i) => text !== '' && texts.indexOf(text) !== i);
  const correct = q.options.filter((option) => option.isCorrect).length;
  switch (q.type) {
    case 'singlechoice':
    case 'multichoice':
      if (q.options.length < QBANK_OPTIONS_MIN) return { field: 'options', message: QBANK_MESSAGES.choiceOptions };
      if (duplicate) return { field: 'options', message: QBANK_MESSAGES.optionsDuplicate };
      if (q.type === 'singlechoice' && correct !== 1)
        return { field: 'options', message: QBANK_MESSAGES.singleOneCorrect };
      if (q.type === 'multichoice' && correct < 1) return { field: 'options', message: QBANK_MESSAGES.multiOneCorrect };
      if (!(q.points > 0)) return { field: 'points', message: QBANK_MESSAGES.points };
      return null;
    case 'graded':
      if (q.options.length < QBANK_OPTIONS_MIN) return { field: 'options', message: QBANK_MESSAGES.gradedOptions };
      if (duplicate) return { field: 'options', message: QBANK_MESSAGES.optionsDuplicate };
      if (correct > 0) return { field: 'options', message: QBANK_MESSAGES.gradedNoCorrect };
      if (!q.options.some((option) => option.points > 0))
        return { field: 'options', message: QBANK_MESSAGES.gradedPoints };
      return null;
    case 'openended':
      if (q.options.length > 0) return { field: 'options', message: QBANK_MESSAGES.openNoOptions };
      if (rubric.length === 0 && !(q.points > 0)) return { field: 'points', message: QBANK_MESSAGES.points };
      return null;
  }
}

/** Tags kept once each (the first spelling wins, compared without case). */
export function uniqueTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags
    .filter((t) => {
      const key = t.trim().toLocaleLowerCase();
      if (key === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((t) => t.trim());
}

/** What a rubric is worth: the sum of its criteria. */
export function rubricTotal(rubric: readonly { points: number }[]): number {
  return rubric.reduce((sum, c) => sum + c.points, 0);
}

/**
 * A graded question scores its best option; choice options carry no points of their own; an open-ended
 * question with a rubric is worth its criteria's sum (only open-ended questions keep a rubric).
 */
export function normaliseQuestion<T extends QuestionFieldsOut>(q: T): T {
  const graded = q.type === 'graded';
  const rubric = q.type === 'openended' ? q.rubric.map((c) => ({ name: c.name.trim(), points: c.points })) : [];
  return {
    ...q,
    options: q.options.map((option) => ({
      text: option.text,
      isCorrect: graded ? false : option.isCorrect,
      points: graded ? option.points : 0,
    })),
    points: graded
      ? Math.max(0, ...q.options.map((option) => option.points))
      : rubric.length > 0
        ? rubricTotal(rubric)
        : q.points,
    rubric,
    tags: uniqueTags(q.tags),
    mediaUrl: q.mediaUrl ? q.mediaUrl : null,
  };
}

/** POST /edtest/qbank and PUT /edtest/qbank/{id}: the whole question. */
export const QuestionInput = QuestionFields.superRefine((q, ctx) => {
  const problem = questionProblem(q);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
});
export type QuestionInput = z.input<typeof QuestionInput>;

export const Question = z.object({
  _id: z.string(),
  bank: z.string(),
  type: z.enum(QUESTION_TYPES),
  question: z.string(),
  options: z.array(z.object({ text: z.string(), isCorrect: z.boolean(), points: z.number() })),
  points: z.number(),
  explanation: z.string(),
  rubric: z.array(z.object({ name: z.string(), points: z.number() })),
  tags: z.array(z.string()),
  mediaUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Question = z.infer<typeof Question>;

export const QBANK_PAGE_SIZES = [25, 50, 100] as const;

/** GET /edtest/qbank?search=&bank=&tag=&type=&offset=&max=. */
export const QuestionListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  bank: z.string().trim().max(100).optional(),
  tag: z.string().trim().max(40).optional(),
  type: z.enum(QUESTION_TYPES, { error: 'type is graded, singlechoice, multichoice or openended' }).optional(),
  offset: z.coerce.number({ error: 'offset must be a whole number' }).int().min(0).default(0),
  max: z.coerce.number({ error: 'max must be a whole number' }).int().min(1).max(100).default(25),
});
export type QuestionListQuery = z.input<typeof QuestionListQuery>;

export const QuestionList = z.object({
  data: z.array(Question),
  total: z.number(),
  /** Every bank and tag of the studio, for the filters and the form's suggestions. */
  banks: z.array(z.string()),
  tags: z.array(z.string()),
});
export type QuestionList = z.infer<typeof QuestionList>;

/** POST /edtest/qbank/import: the CSV file's text. */
export const QuestionImport = z.object({
  csv: z
    .string({ error: QBANK_MESSAGES.csvRequired })
    .min(1, QBANK_MESSAGES.csvRequired)
    .max(2_000_000, 'The file is larger than 2 MB.'),
});
export type QuestionImport = z.input<typeof QuestionImport>;

export const QuestionImportResult = z.object({ imported: z.number() });
export type QuestionImportResult = z.infer<typeof QuestionImportResult>;

export const QuestionRowProblem = z.object({ line: z.number(), field: z.string(), message: z.string() });
export type QuestionRowProblem = z.infer<typeof QuestionRowProblem>;

/** A refused import: nothing was written; every bad line is listed (the first is the message). */
export const QuestionImportRefusal = z.object({
  errors: z.object({
    message: z.string(),
    code: z.string(),
    field: z.string().optional(),
    rows: z.array(QuestionRowProblem).optional(),
  }),
});
export type QuestionImportRefusal = z.infer<typeof QuestionImportRefusal>;

export const QBANK_CSV_COLUMNS = [
  'bank',
  'type',
  'question',
  'options',
  'correct',
  'points',
  'explanation',
  'tags',
  'media',
  'rubric',
] as const;

const CORRECT_MESSAGES = new Set<string>([
  QBANK_MESSAGES.singleOneCorrect,
  QBANK_MESSAGES.multiOneCorrect,
  QBANK_MESSAGES.gradedNoCorrect,
  QBANK_MESSAGES.gradedPoints,
]);

function csvType(cell: string): QuestionType | null {
  const key = cell.toLocaleLowerCase().replace(/[^a-z]/g, '');
  if (key === 'multiplechoice') return 'multichoice';
  return (QUESTION_TYPES as readonly string[]).includes(key) ? (key as QuestionType) : null;
}

const splitCell = (cell: string) =>
  cell
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part !== '');

/**
 * A rubric cell: criteria separated by |, each `name:points` (the last colon splits, so a name may hold
 * one). Null when a criterion has no colon or its points are not a number; the criteria's own rules
 * (name length, whole points 1 to 1000, at most 10, no two the same) are the question's.
 */
function csvRubric(cell: string): { name: string; points: number }[] | null {
  const criteria: { name: string; points: number }[] = [];
  for (const part of splitCell(cell)) {
    const at = part.lastIndexOf(':');
    const points = at < 0 ? Number.NaN : Number(part.slice(at + 1).trim());
    if (at < 0 || part.slice(at + 1).trim() === '' || !Number.isFinite(points)) return null;
    criteria.push({ name: part.slice(0, at).trim(), points });
  }
  return criteria;
}

/**
 * Reads a question bank CSV (the contacts import's parser): a header line naming the columns (bank,
 * type, question, options, correct, points, explanation, tags, media, rubric; any order, any case;
 * bank, type and question required), then one question a line. Options, correct answers, tags and
 * rubric criteria are separated by `|`; correct holds option numbers (1|3), or for a graded question
 * each option's points (0|1|2); rubric (open ended) holds `name:points` criteria (Clarity:2|Evidence:3),
 * the question then worth their sum.
 * Every bad line is reported with its line number (the spreadsheet's) and its column.
 */
export function readQuestionCsv(text: string): {
  questions: z.output<typeof QuestionInput>[];
  problems: QuestionRowProblem[];
} {
  const records = parseCsv(text);
  const headerIndex = records.findIndex((record) => !isBlankRecord(record));
  if (headerIndex < 0)
    return { questions: [], problems: [{ line: 1, field: 'csv', message: QBANK_MESSAGES.csvEmpty }] };
  const header = (records[headerIndex] ?? []).map((cell) => cell.trim().toLocaleLowerCase());
  const column = (name: string) => header.indexOf(name);
  if (['bank', 'type', 'question'].some((name) => column(name) < 0)) {
    return { questions: [], problems: [{ line: headerIndex + 1, field: 'csv', message: QBANK_MESSAGES.csvHeader }] };
  }
  const questions: z.output<typeof QuestionInput>[] = [];
  const problems: QuestionRowProblem[] = [];
  const rows = records
    .map((record, i) => ({ record, line: i + 1 }))
    .slice(headerIndex + 1)
    .filter((row) => !isBlankRecord(row.record));
  if (rows.length === 0)
    return { questions, problems: [{ line: headerIndex + 1, field: 'csv', message: QBANK_MESSAGES.csvEmpty }] };
  if (rows.length > QBANK_IMPORT_MAX)
    return { questions, problems: [{ line: headerIndex + 1, field: 'csv', message: QBANK_MESSAGES.csvTooMany }] };
  for (const { record, line } of rows) {
    const cell = (name: string) => {
      const at = column(name);
      return at < 0 ? '' : (record[at] ?? '').trim();
    };
    const refuse = (field: string, message: string) => problems.push({ line, field, message });
    const type = csvType(cell('type'));
    if (!type) {
      refuse('type', cell('type') === '' ? QBANK_MESSAGES.typeRequired : QBANK_MESSAGES.csvType);
      continue;
    }
    const optionTexts = splitCell(cell('options'));
    const correctCells = splitCell(cell('correct'));
    let options: { text: string; isCorrect: boolean; points: number }[];
    if (type === 'graded') {
      const points = correctCells.map(Number);
      if (points.length !== optionTexts.length || points.some((p) => !Number.isFinite(p))) {
        refuse('correct', QBANK_MESSAGES.csvGradedCorrect);
        continue;
      }
      options = optionTexts.map((text, i) => ({ text, isCorrect: false, points: points[i] ?? 0 }));
    } else {
      const numbers = correctCells.map(Number);
      if (numbers.some((n) => !Number.isInteger(n) || n < 1 || n > optionTexts.length)) {
        refuse('correct', QBANK_MESSAGES.csvCorrect);
        continue;
      }
      options = optionTexts.map((text, i) => ({ text, isCorrect: numbers.includes(i + 1), points: 0 }));
    }
    const pointsCell = cell('points');
    const points = pointsCell === '' ? 1 : Number(pointsCell);
    if (!Number.isFinite(points)) {
      refuse('points', QBANK_MESSAGES.csvPoints);
      continue;
    }
    const rubric = csvRubric(cell('rubric'));
    if (!rubric) {
      refuse('rubric', QBANK_MESSAGES.csvRubric);
      continue;
    }
    const parsed = QuestionInput.safeParse({
      bank: cell('bank'),
      type,
      question: cell('question'),
      options,
      points,
      explanation: cell('explanation'),
      rubric,
      tags: splitCell(cell('tags')),
      mediaUrl: cell('media') || null,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const first = String(issue?.path[0] ?? 'csv');
      const field =
        first === 'mediaUrl'
          ? 'media'
          : first === 'options' && CORRECT_MESSAGES.has(issue?.message ?? '')
            ? 'correct'
            : first;
      refuse(field, issue?.message ?? 'is invalid');
      continue;
    }
    questions.push(parsed.data);
  }
  return { questions, problems };
}
