import type { LearnCourse } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import {
  chaptersInOrder,
  chapterToOpen,
  formatDuration,
  formatPosition,
  nextOpenChapter,
  priceLabel,
  startSecond,
} from './course-rules';

const chapter = (guId: string, extra: Partial<LearnCourse['sections'][number]['chapters'][number]> = {}) => ({
  guId,
  title: `Chapter ${guId}`,
  type: 'video' as const,
  durationSeconds: 60,
  isPreview: false,
  isDemo: false,
  isLocked: false,
  positionSeconds: 0,
  completedAt: null,
  ...extra,
});

const course = (resume: LearnCourse['resume'] = null): Pick<LearnCourse, 'sections' | 'resume'> => ({
  resume,
  sections: [
    { guId: 's1', title: 'Start', chapters: [chapter('a', { completedAt: '2025-01-01T00:00:00Z' }), chapter('b')] },
    { guId: 's2', title: 'More', chapters: [chapter('c', { isLocked: true }), chapter('d')] },
  ],
});

describe('course rules', () => {
  it('lists chapters in outline order with their section', () => {
    expect(chaptersInOrder(course()).map((c) => `${c.sectionTitle}/${c.guId}`)).toEqual([
      'Start/a',
      'Start/b',
      'More/c',
      'More/d',
    ]);
  });

  it('opens the asked chapter, else the resume point, else the first unfinished, never a locked one', () => {
    expect(chapterToOpen(course(), 'd')).toBe('d');
    expect(chapterToOpen(course(), 'c')).toBe('b');
    expect(chapterToOpen(course({ chapterId: 'd', chapterTitle: 'x', positionSeconds: 12 }), null)).toBe('d');
    expect(chapterToOpen(course({ chapterId: 'c', chapterTitle: 'x', positionSeconds: 12 }), null)).toBe('b');
    expect(chapterToOpen(course(), 'zzz')).toBe('b');
    expect(chapterToOpen({ resume: null, sections: [] }, null)).toBeNull();
  });

  it('skips locked chapters for Next', () => {
    expect(nextOpenChapter(course(), 'b')).toBe('d');
    expect(nextOpenChapter(course(), 'd')).toBeNull();
  });

  it('starts at the saved second, or from the start once watched to the end', () => {
    expect(startSecond(31.7, 60)).toBe(31);
    expect(startSecond(59, 60)).toBe(0);
    expect(startSecond(0, 60)).toBe(0);
    expect(startSecond(Number.NaN, null)).toBe(0);
    expect(startSecond(40, null)).toBe(40);
  });

  it('formats lengths and positions', () => {
    expect(formatDuration(null)).toBe('');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(720)).toBe('12 min');
    expect(formatDuration(3900)).toBe('1 h 05 min');
    expect(formatPosition(65)).toBe('1:05');
    expect(formatPosition(3725)).toBe('1:02:05');
  });

  it('reads the price the visitor way', () => {
    expect(priceLabel({ pricing: 'free', priceMinor: 0, currency: 'USD' })).toBe('Free');
    expect(priceLabel({ pricing: 'paid', priceMinor: 3000, currency: 'USD' })).toBe('$30.00');
    expect(priceLabel({ pricing: 'membership', priceMinor: 0, currency: 'USD' })).toBe('Included in memberships');
  });
});
