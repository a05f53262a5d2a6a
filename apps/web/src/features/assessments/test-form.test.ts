import { resumePosition } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { newTestValues, testBody, testValuesOf } from './test-form';

describe('the test form', () => {
  it('sends the studio’s wall times as instants in its zone, across a daylight-saving change', () => {
    const values = {
      ...newTestValues(),
      name: 'Anatomy',
      questionIds: ['q1', 'q2'],
      timeLimitMinutes: 15,
      opensAt: '2026-03-07T09:00',
      closesAt: '2026-03-09T09:00',
      assignments: ['class:c1', 'contact:p1'],
    };
    const body = testBody(values, 'test', 'America/New_York');
    // 9:00 in New York is 14:00 UTC before the clocks spring forward (8 March), 13:00 after
    expect(body.opensAt).toBe('2026-03-07T14:00:00.000Z');
    expect(body.closesAt).toBe('2026-03-09T13:00:00.000Z');
    expect(body.assignments).toEqual([
      { kind: 'class', id: 'c1' },
      { kind: 'contact', id: 'p1' },
    ]);
    expect(body).toMatchObject({ timeLimitMinutes: 15, questionIds: ['q1', 'q2'], banks: [], randomCount: null });
  });

  it('sends only the draw chosen, and no time limit when the field is empty', () => {
    const body = testBody(
      { ...newTestValues(), draw: 'random', questionIds: ['q1'], banks: ['Anatomy'], randomCount: 5 },
      'self',
      'UTC',
    );
    expect(body).toMatchObject({ kind: 'self', questionIds: [], banks: ['Anatomy'], randomCount: 5 });
    expect(body.timeLimitMinutes).toBeNull();
    expect(body.opensAt).toBeNull();
  });

  it('reads a saved test back into the form in the studio’s zone', () => {
    const values = testValuesOf(
      {
        _id: 't',
        name: 'Anatomy',
        kind: 'test',
        description: '',
        draw: 'fixed',
        questionIds: ['q1'],
        banks: [],
        randomCount: null,
        questionCount: 1,
        timeLimitMinutes: null,
        attemptsAllowed: 2,
        passPercent: 70,
        opensAt: '2026-07-01T08:30:00.000Z',
        closesAt: null,
        assignments: [{ kind: 'course', id: 'c9', name: 'Breath' }],
        courseId: null,
        chapterId: null,
        isPublished: true,
        oneAtATime: false,
        noGoingBack: false,
        attemptCount: 0,
        createdAt: '',
        updatedAt: '',
      },
      'Asia/Kolkata',
    );
    expect(values).toMatchObject({
      opensAt: '2026-07-01T14:00',
      closesAt: '',
      timeLimitMinutes: '',
      assignments: ['course:c9'],
      passPercent: 70,
    });
  });
});

describe('no going back', () => {
  it('is sent only with one question at a time', () => {
    const base = { ...newTestValues(), name: 'Anatomy', questionIds: ['q1'], noGoingBack: true };
    expect(testBody({ ...base, oneAtATime: true }, 'test', 'UTC')).toMatchObject({
      oneAtATime: true,
      noGoingBack: true,
    });
    expect(testBody({ ...base, oneAtATime: false }, 'test', 'UTC')).toMatchObject({
      oneAtATime: false,
      noGoingBack: false,
    });
  });

  it('resumes at the furthest question answered; otherwise at the first not answered', () => {
    const q = (position: number, saved: boolean, text = '') => ({
      position,
      savedAt: saved ? '2026-11-30T01:00:00.000Z' : null,
      answer: saved ? { selected: [], text } : null,
    });
    // question 1 skipped, 2 answered, 3 saved blank (a text cleared), 4 not reached
    const questions = [q(0, false), q(1, true, 'yes'), q(2, true), q(3, false)];
    expect(resumePosition(questions, true)).toBe(2);
    expect(resumePosition(questions, false)).toBe(0);
    expect(resumePosition([q(0, false), q(1, false)], true)).toBe(0);
  });
});
