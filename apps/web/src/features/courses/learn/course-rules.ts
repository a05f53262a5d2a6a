import { type CoursePricing, formatMoney, type LearnCourse } from '@atrium/contracts';

// The learner screens' rules, kept pure so they are tested without a browser.

export type LearnChapterRow = LearnCourse['sections'][number]['chapters'][number];

/** Every chapter of a course in outline order, with its section's title. */
export function chaptersInOrder(course: Pick<LearnCourse, 'sections'>): (LearnChapterRow & { sectionTitle: string })[] {
  return course.sections.flatMap((section) =>
    section.chapters.map((chapter) => ({ ...chapter, sectionTitle: section.title })),
  );
}

/**
 * The chapter the player opens: the one asked for in the address when it is open to me; else where I
 * stopped (the resume point); else the first open chapter not complete; else the first open one.
 */
export function chapterToOpen(course: Pick<LearnCourse, 'sections' | 'resume'>, asked: string | null): string | null {
  const open = chaptersInOrder(course).filter((chapter) => !chapter.isLocked);
  if (asked && open.some((chapter) => chapter.guId === asked)) return asked;
  const resume = course.resume?.chapterId;
  if (resume && open.some((chapter) => chapter.guId === resume)) return resume;
  return (open.find((chapter) => !chapter.completedAt) ?? open[0])?.guId ?? null;
}

/** The open chapter after this one, for "Next chapter". */
export function nextOpenChapter(course: Pick<LearnCourse, 'sections'>, current: string): string | null {
  const all = chaptersInOrder(course);
  const at = all.findIndex((chapter) => chapter.guId === current);
  return all.slice(at + 1).find((chapter) => !chapter.isLocked)?.guId ?? null;
}

/** Where a video starts: the saved second, unless it was watched to the end (then from the start). */
export function startSecond(positionSeconds: number, durationSeconds: number | null): number {
  if (!Number.isFinite(positionSeconds) || positionSeconds <= 0) return 0;
  if (durationSeconds && positionSeconds >= durationSeconds - 2) return 0;
  return Math.floor(positionSeconds);
}

/** '1 h 05 min', '12 min', '45 s' (video lengths in the outline). */
export function formatDuration(seconds: number | null): string {
  if (!seconds || seconds <= 0) return '';
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  const minutes = Math.round(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** mm:ss or h:mm:ss of a position ('Continue at 1:05'). */
export function formatPosition(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The price as a visitor reads it. */
export function priceLabel(course: { pricing: CoursePricing; priceMinor: number; currency: string }): string {
  if (course.pricing === 'free') return 'Free';
  if (course.pricing === 'membership') return 'Included in memberships';
  return formatMoney(course.priceMinor, course.currency);
}

export const CHAPTER_TYPE_LABELS = { video: 'Video', text: 'Reading', file: 'Download', live: 'Live session' } as const;
