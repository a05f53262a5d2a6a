import type { CourseDetail } from '@atrium/contracts';
import { useRef, useState } from 'react';
import { showErrorToast, showSuccessToast } from '../../../lib/notify';
import { coursesAdminApi } from './api';
import {
  applyChapterMove,
  type ChapterTarget,
  chapterMoveAnnouncement,
  moveSection,
  planChapterMove,
  sectionMoveAnnouncement,
} from './outline-order';

/** Spec 3 §8: the texts of a sequence update (the website's pages; the same act here). */
export const SEQUENCE_UPDATED = 'Sequence updated.';
export const SEQUENCE_FAILED = 'Some error occured. Please try again.';

type Calls = Pick<typeof coursesAdminApi, 'changeChapter' | 'orderChapters' | 'orderSections'>;

/**
 * Moving sections and chapters: the screen shows the new order at once, the server is told, and its
 * answer replaces the outline (a refusal puts the old order back and says so). One move at a time.
 */
export function useOutlineMoves(
  course: CourseDetail,
  setCourse: (course: CourseDetail) => void,
  calls: Calls = coursesAdminApi,
) {
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const running = useRef(false);

  const run = async (optimistic: CourseDetail, work: () => Promise<CourseDetail>, say: (c: CourseDetail) => string) => {
    if (running.current) return false;
    running.current = true;
    setBusy(true);
    const before = course;
    setCourse(optimistic);
    try {
      const saved = await work();
      setCourse(saved);
      setAnnouncement(say(saved));
      showSuccessToast(SEQUENCE_UPDATED);
      return true;
    } catch {
      setCourse(before);
      setAnnouncement(SEQUENCE_FAILED);
      showErrorToast(SEQUENCE_FAILED);
      return false;
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  const moveChapter = (chapterId: string, target: ChapterTarget) => {
    const plan = planChapterMove(course.sections, chapterId, target);
    if (!plan) return Promise.resolve(false);
    const optimistic = { ...course, sections: applyChapterMove(course.sections, plan) };
    return run(
      optimistic,
      async () => {
        let saved = course;
        if (plan.toSection) saved = await calls.changeChapter(course.guId, chapterId, { sectionId: plan.toSection });
        if (plan.order) saved = await calls.orderChapters(course.guId, plan.order.sectionId, plan.order.chapters);
        return saved;
      },
      (saved) => chapterMoveAnnouncement(saved.sections, chapterId),
    );
  };

  const moveSectionTo = (from: number, to: number) => {
    if (from === to || to < 0 || to >= course.sections.length) return Promise.resolve(false);
    const sections = moveSection(course.sections, from, to);
    const sectionId = course.sections[from]?.guId ?? '';
    return run(
      { ...course, sections },
      () =>
        calls.orderSections(
          course.guId,
          sections.map((section) => section.guId),
        ),
      (saved) => sectionMoveAnnouncement(saved.sections, sectionId),
    );
  };

  return { busy, announcement, moveChapter, moveSectionTo };
}
