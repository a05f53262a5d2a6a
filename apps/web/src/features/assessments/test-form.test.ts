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
