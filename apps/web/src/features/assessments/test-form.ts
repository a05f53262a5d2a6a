import {
  type AssessmentKind,
  instantOfWallTime,
  type Test,
  type TestInput,
  WALL_TIME_PATTERN,
  wallTimeInZone,
} from '@atrium/contracts';

/** The test form's fields as the inputs hold them (times as the studio's wall times). */
export interface TestFormValues {
  name: string;
  description: string;
  draw: 'fixed' | 'random';
  questionIds: string[];
  banks: string[];
  randomCount: number | string;
  timeLimitMinutes: number | string;
  attemptsAllowed: number | string;
  passPercent: number | string;
  opensAt: string;
  closesAt: string;
  /** `${kind}:${id}` of each assignment. */
  assignments: string[];
  chapterId: string | null;
  isPublished: boolean;
  oneAtATime: boolean;
  /** With one at a time: forward only. */
  noGoingBack: boolean;
}

export function newTestValues(): TestFormValues {
  return {
    name: '',
    description: '',
    draw: 'fixed',
    questionIds: [],
    banks: [],
    randomCount: '',
    timeLimitMinutes: '',
    attemptsAllowed: 1,
    passPercent: 60,
    opensAt: '',
    closesAt: '',
    assignments: [],
    chapterId: null,
    isPublished: true,
    oneAtATime: false,
    noGoingBack: false,
  };
}

export function testValuesOf(test: Test, timeZone: string): TestFormValues {
  return {
    name: test.name,
    description: test.description,
    draw: test.draw,
    questionIds: test.questionIds,
    banks: test.banks,
    randomCount: test.randomCount ?? '',
    timeLimitMinutes: test.timeLimitMinutes ?? '',
    attemptsAllowed: test.attemptsAllowed,
    passPercent: test.passPercent,
    opensAt: test.opensAt ? wallTimeInZone(new Date(test.opensAt), timeZone) : '',
    closesAt: test.closesAt ? wallTimeInZone(new Date(test.closesAt), timeZone) : '',
    assignments: test.assignments.map((a) => `${a.kind}:${a.id}`),
    chapterId: test.chapterId,
    isPublished: test.isPublished,
    oneAtATime: test.oneAtATime,
    noGoingBack: test.noGoingBack,
  };
}

const numberOrNull = (value: number | string): number | null => (value === '' || value === null ? null : Number(value));

const instant = (wall: string, timeZone: string): string | null =>
  WALL_TIME_PATTERN.test(wall) ? instantOfWallTime(wall, timeZone).toISOString() : null;

/** The call's body: the studio's wall times as instants, assignments split into kind and id. */
export function testBody(values: TestFormValues, kind: AssessmentKind, timeZone: string): TestInput {
  return {
    name: values.name,
    kind,
    description: values.description,
    draw: values.draw,
    questionIds: values.draw === 'fixed' ? values.questionIds : [],
    banks: values.draw === 'random' ? values.banks : [],
    randomCount: values.draw === 'random' ? numberOrNull(values.randomCount) : null,
    timeLimitMinutes: numberOrNull(values.timeLimitMinutes),
    attemptsAllowed: numberOrNull(values.attemptsAllowed) ?? 1,
    passPercent: numberOrNull(values.passPercent) ?? 0,
    opensAt: instant(values.opensAt, timeZone),
    closesAt: instant(values.closesAt, timeZone),
    assignments: values.assignments.map((key) => {
      const [k, id] = key.split(':');
      return { kind: k as 'contact', id: id ?? '' };
    }),
    chapterId: values.chapterId || null,
    isPublished: values.isPublished,
    oneAtATime: values.oneAtATime,
    // no going back is a kind of one at a time: turning that off turns it off
    noGoingBack: values.oneAtATime && values.noGoingBack,
  };
}
