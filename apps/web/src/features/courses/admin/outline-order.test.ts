import type { Chapter, Section } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { makeChapter } from '../../../test/fixtures';
import {
  applyChapterMove,
  chapterMoveAnnouncement,
  chapterStep,
  moveSection,
  planChapterMove,
  sectionMoveAnnouncement,
} from './outline-order';

const chapter = (guId: string, sectionId: string, sequence: number): Chapter =>
  makeChapter({ guId, sectionId, title: `Chapter ${guId}`, sequence });
const section = (guId: string, ids: string[], sequence = 0): Section => ({
  guId,
  title: `Section ${guId}`,
  sequence,
  chapters: ids.map((id, index) => chapter(id, guId, index)),
});

// Section S1: a, b, c; section S2: d; section S3: empty.
const OUTLINE = [section('S1', ['a', 'b', 'c'], 0), section('S2', ['d'], 1), section('S3', [], 2)];
const ids = (sections: Section[]) => sections.map((s) => `${s.guId}:${s.chapters.map((c) => c.guId).join('')}`);

describe('moving a chapter one step (the Move up / Move down buttons)', () => {
  it('steps inside its section', () => {
    expect(chapterStep(OUTLINE, 'b', 'up')).toEqual({ sectionId: 'S1', index: 0 });
    expect(chapterStep(OUTLINE, 'b', 'down')).toEqual({ sectionId: 'S1', index: 2 });
  });

  it("crosses a section's edge: last of S1 down goes first in S2, first of S2 up goes last in S1", () => {
    expect(chapterStep(OUTLINE, 'c', 'down')).toEqual({ sectionId: 'S2', index: 0 });
    expect(chapterStep(OUTLINE, 'd', 'up')).toEqual({ sectionId: 'S1', index: 3 });
    // into an empty section
    expect(chapterStep(OUTLINE, 'd', 'down')).toEqual({ sectionId: 'S3', index: 0 });
  });

  it("stops at the outline's top and bottom", () => {
    expect(chapterStep(OUTLINE, 'a', 'up')).toBeNull();
    const lastInEmpty = [section('S1', ['a']), section('S2', ['d'])];
    expect(chapterStep(lastInEmpty, 'd', 'down')).toBeNull();
    expect(chapterStep(OUTLINE, 'nope', 'down')).toBeNull();
  });
});

describe('planning a move: what the server is told', () => {
  it('inside a section: only the new order, every id once', () => {
    expect(planChapterMove(OUTLINE, 'a', { sectionId: 'S1', index: 2 })).toEqual({
      chapterId: 'a',
      toSection: null,
      order: { sectionId: 'S1', chapters: ['b', 'c', 'a'] },
    });
    expect(planChapterMove(OUTLINE, 'c', { sectionId: 'S1', index: 0 })?.order?.chapters).toEqual(['c', 'a', 'b']);
  });

  it('to the end of another section: only the move (it lands last there)', () => {
    expect(planChapterMove(OUTLINE, 'b', { sectionId: 'S2', index: 1 })).toEqual({
      chapterId: 'b',
      toSection: 'S2',
      order: null,
    });
    expect(planChapterMove(OUTLINE, 'b', { sectionId: 'S3', index: 0 })).toEqual({
      chapterId: 'b',
      toSection: 'S3',
      order: null,
    });
  });

  it('into the middle of another section: the move, then the order', () => {
    expect(planChapterMove(OUTLINE, 'd', { sectionId: 'S1', index: 1 })).toEqual({
      chapterId: 'd',
      toSection: 'S1',
      order: { sectionId: 'S1', chapters: ['a', 'd', 'b', 'c'] },
    });
  });

  it('nothing when it is already there; an index past the end means the end', () => {
    expect(planChapterMove(OUTLINE, 'b', { sectionId: 'S1', index: 1 })).toBeNull();
    expect(planChapterMove(OUTLINE, 'a', { sectionId: 'S1', index: 99 })?.order?.chapters).toEqual(['b', 'c', 'a']);
    expect(planChapterMove(OUTLINE, 'a', { sectionId: 'nope', index: 0 })).toBeNull();
  });
});

describe('the outline the screen shows while the server works', () => {
  it('follows each plan, numbers the sequence again and keeps the moved chapter', () => {
    const cases: [string, { sectionId: string; index: number }, string[]][] = [
      ['a', { sectionId: 'S1', index: 2 }, ['S1:bca', 'S2:d', 'S3:']],
      ['c', { sectionId: 'S2', index: 0 }, ['S1:ab', 'S2:cd', 'S3:']],
      ['b', { sectionId: 'S3', index: 0 }, ['S1:ac', 'S2:d', 'S3:b']],
      ['d', { sectionId: 'S1', index: 3 }, ['S1:abcd', 'S2:', 'S3:']],
    ];
    for (const [id, target, expected] of cases) {
      const plan = planChapterMove(OUTLINE, id, target);
      expect(plan, id).not.toBeNull();
      const next = applyChapterMove(OUTLINE, plan as NonNullable<typeof plan>);
      expect(ids(next), id).toEqual(expected);
      const moved = next.flatMap((s) => s.chapters).find((c) => c.guId === id);
      expect(moved?.sectionId).toBe(target.sectionId);
      for (const s of next) expect(s.chapters.map((c) => c.sequence)).toEqual(s.chapters.map((_, i) => i));
    }
    // The outline it started from is left as it was.
    expect(ids(OUTLINE)).toEqual(['S1:abc', 'S2:d', 'S3:']);
  });

  it('moves sections and numbers them again', () => {
    const next = moveSection(OUTLINE, 2, 0);
    expect(next.map((s) => s.guId)).toEqual(['S3', 'S1', 'S2']);
    expect(next.map((s) => s.sequence)).toEqual([0, 1, 2]);
    expect(moveSection(OUTLINE, 0, 5).map((s) => s.guId)).toEqual(['S1', 'S2', 'S3']);
  });

  it('says where a thing went, for screen readers', () => {
    expect(chapterMoveAnnouncement(OUTLINE, 'b')).toBe('Chapter b moved to position 2 of 3 in Section S1.');
    expect(sectionMoveAnnouncement(OUTLINE, 'S2')).toBe('Section S2 moved to position 2 of 3.');
  });
});
