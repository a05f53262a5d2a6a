import {
  noticeText,
  QBANK_MESSAGES,
  QBANK_OPTIONS_MAX,
  QBANK_RUBRIC_MAX,
  type Question,
  type QuestionInput,
  type QuestionProblem,
  type QuestionType,
  questionProblem,
  rubricTotal,
} from '@atrium/contracts';

/** What the question form edits (the media address empty when there is none). */
export interface QuestionFormValues {
  bank: string;
  type: QuestionType;
  question: string;
  options: { text: string; isCorrect: boolean; points: number }[];
  points: number;
  /** Open ended: the criteria staff score the answer by (empty: points alone). */
  rubric: { name: string; points: number }[];
  explanation: string;
  tags: string[];
  mediaUrl: string;
}

const blankOptions = () => [
  { text: '', isCorrect: false, points: 0 },
  { text: '', isCorrect: false, points: 0 },
];

export const newQuestion = (bank = ''): QuestionFormValues => ({
  bank,
  type: 'singlechoice',
  question: '',
  options: blankOptions(),
  points: 1,
  rubric: [],
  explanation: '',
  tags: [],
  mediaUrl: '',
});

export const formValuesOf = (q: Question): QuestionFormValues => ({
  bank: q.bank,
  type: q.type,
  question: q.question,
  options: q.options.map((o) => ({ ...o })),
  points: q.points,
  rubric: q.rubric.map((c) => ({ ...c })),
  explanation: q.explanation,
  tags: [...q.tags],
  mediaUrl: q.mediaUrl ?? '',
});

export const hasOptions = (type: QuestionType) => type !== 'openended';

/**
 * The form after a change of type: open ended drops the options; a choice or graded question gets two
 * empty ones when it had none; single choice keeps only the first right answer; graded has none right.
 */
export function withType(values: QuestionFormValues, type: QuestionType): QuestionFormValues {
  let options = values.options;
  const rubric = type === 'openended' ? values.rubric : [];
  if (type === 'openended') options = [];
  else if (options.length === 0) options = blankOptions();
  if (type === 'singlechoice') {
    const first = options.findIndex((o) => o.isCorrect);
    options = options.map((o, i) => ({ ...o, isCorrect: i === first }));
  }
  if (type === 'graded') options = options.map((o) => ({ ...o, isCorrect: false }));
  return { ...values, type, options, rubric };
}

export const canAddCriterion = (values: QuestionFormValues) =>
  values.type === 'openended' && values.rubric.length < QBANK_RUBRIC_MAX;

/** Ticks an option right: the only one for single choice, one more for multiple choice. */
export function markCorrect(values: QuestionFormValues, index: number, correct: boolean): QuestionFormValues {
  return {
    ...values,
    options: values.options.map((o, i) =>
      values.type === 'singlechoice'
        ? { ...o, isCorrect: i === index }
        : i === index
          ? { ...o, isCorrect: correct }
          : o,
    ),
  };
}

export const canAddOption = (values: QuestionFormValues) =>
  hasOptions(values.type) && values.options.length < QBANK_OPTIONS_MAX;

/**
 * The body sent: options trimmed; graded questions score their best option; an open-ended question with
 * a rubric is worth its criteria's sum.
 */
export function questionBody(values: QuestionFormValues): QuestionInput {
  const graded = values.type === 'graded';
  const rubric =
    values.type === 'openended' ? values.rubric.map((c) => ({ name: c.name.trim(), points: c.points })) : [];
  return {
    bank: values.bank.trim(),
    type: values.type,
    question: values.question,
    options: hasOptions(values.type)
      ? values.options.map((o) => ({
          text: o.text.trim(),
          isCorrect: graded ? false : o.isCorrect,
          points: graded ? o.points : 0,
        }))
      : [],
    points: graded
      ? Math.max(0, ...values.options.map((o) => o.points))
      : rubric.length > 0
        ? rubricTotal(rubric)
        : values.points,
    rubric,
    explanation: values.explanation.trim(),
    tags: values.tags,
    mediaUrl: values.mediaUrl.trim() || null,
  };
}

/** The form's first problem (the server's rules, and the bank and question), under its field. */
export function formProblem(values: QuestionFormValues): QuestionProblem | null {
  if (!values.bank.trim()) return { field: 'bank', message: QBANK_MESSAGES.bankRequired };
  if (!noticeText(values.question) && !/<img\b/i.test(values.question)) {
    return { field: 'question', message: QBANK_MESSAGES.questionRequired };
  }
  if (hasOptions(values.type) && values.options.some((o) => !o.text.trim())) {
    return { field: 'options', message: QBANK_MESSAGES.optionRequired };
  }
  if (values.type === 'openended') {
    const bad = values.rubric.findIndex((c) => !c.name.trim() || c.name.trim().length > 100);
    if (bad >= 0) return { field: 'rubric', message: QBANK_MESSAGES.rubricName };
    if (values.rubric.some((c) => !Number.isInteger(c.points) || c.points < 1 || c.points > 1000))
      return { field: 'rubric', message: QBANK_MESSAGES.rubricPoints };
  }
  const body = questionBody(values);
  return questionProblem({
    type: body.type,
    options: body.options ?? [],
    points: body.points ?? 1,
    rubric: body.rubric ?? [],
  } as Parameters<typeof questionProblem>[0]);
}

/** The question as one line of text for the list. */
export function questionExcerpt(html: string, max = 140): string {
  const text = noticeText(html);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** What a list row says about the answers: the right options, or each option's points, or "Written answer". */
export function answerSummary(q: Pick<Question, 'type' | 'options'> & { rubric?: Question['rubric'] }): string {
  if (q.type === 'openended') {
    const rubric = q.rubric ?? [];
    return rubric.length > 0 ? `Written answer, by rubric: ${rubric.map((c) => c.name).join(', ')}` : 'Written answer';
  }
  if (q.type === 'graded') return q.options.map((o) => `${o.text} (${o.points})`).join(', ');
  return q.options
    .filter((o) => o.isCorrect)
    .map((o) => o.text)
    .join(', ');
}

/** The sample file offered on the import dialog: one question of each type, the open one with a rubric. */
export const SAMPLE_CSV = [
  'bank,type,question,options,correct,points,explanation,tags,media,rubric',
  'Anatomy,singlechoice,Which muscle flexes the hip?,Iliopsoas|Deltoid|Trapezius,1,1,The iliopsoas lifts the leg.,anatomy|hips,,',
  'Anatomy,multichoice,Which are standing poses?,Tadasana|Vrksasana|Balasana,1|2,2,,poses,,',
  'Self check,graded,How often do you practise?,Never|Weekly|Daily,0|1|2,,,habits,,',
  'Self check,openended,Describe your breathing in Ujjayi.,,,,Audible and through the nose.,breath,,Sound:2|Through the nose:3',
].join('\r\n');
