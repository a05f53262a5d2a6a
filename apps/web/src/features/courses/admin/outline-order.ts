import type { Section } from '@atrium/contracts';
import { moveItem } from '../../../lib/move-item';

/**
 * The course outline's order: sections, and chapters inside them. The editor moves things on the
 * screen at once and then tells the server (PUT .../section/sequence, PUT .../chapter/sequence,
 * PUT .../chapter/{id} with sectionId to move a chapter to another section). These functions plan
 * a move and apply it to the outline the screen shows; docs/decisions/courses.md, "Admin: ordering".
 */

/** Where a chapter should go: a section and its position in that section's new order. */
export interface ChapterTarget {
  sectionId: string;
  index: number;
}

/** What the server is told: first the move to another section (it lands last there), then the order. */
export interface ChapterMovePlan {
  chapterId: string;
  /** Set when the chapter changes section. */
  toSection: string | null;
  /** The full order of the target section's chapters (every id once). */
  order: { sectionId: string; chapters: string[] } | null;
}

export function findChapterPlace(
  sections: readonly Section[],
  chapterId: string,
): { sectionIndex: number; chapterIndex: number } | null {
  for (const [sectionIndex, section] of sections.entries()) {
    const chapterIndex = section.chapters.findIndex((chapter) => chapter.guId === chapterId);
    if (chapterIndex >= 0) return { sectionIndex, chapterIndex };
  }
  return null;
}

/**
 * The place one step up or down for the move buttons (and the keyboard): inside its section, or at
 * a section's edge to the end of the section before / the start of the section after. Null at the
 * outline's very top or bottom.
 */
export function chapterStep(
  sections: readonly Section[],
  chapterId: string,
  direction: 'up' | 'down',
): ChapterTarget | null {
  const place = findChapterPlace(sections, chapterId);
  if (!place) return null;
  const section = sections[place.sectionIndex] as Section;
  if (direction === 'up') {
    if (place.chapterIndex > 0) return { sectionId: section.guId, index: place.chapterIndex - 1 };
    const before = sections[place.sectionIndex - 1];
    return before ? { sectionId: before.guId, index: before.chapters.length } : null;
  }
  if (place.chapterIndex < section.chapters.length - 1)
    return { sectionId: section.guId, index: place.chapterIndex + 1 };
  const after = sections[place.sectionIndex + 1];
  return after ? { sectionId: after.guId, index: 0 } : null;
}

/** The server calls that put a chapter at the target; null when it is already there. */
export function planChapterMove(
  sections: readonly Section[],
  chapterId: string,
  target: ChapterTarget,
): ChapterMovePlan | null {
  const place = findChapterPlace(sections, chapterId);
  const targetSection = sections.find((section) => section.guId === target.sectionId);
  if (!place || !targetSection) return null;
  const from = sections[place.sectionIndex] as Section;
  const sameSection = from.guId === targetSection.guId;
  const others = targetSection.chapters.map((chapter) => chapter.guId).filter((id) => id !== chapterId);
  const index = Math.max(0, Math.min(target.index, others.length));
  if (sameSection && index === place.chapterIndex) return null;
  const chapters = [...others.slice(0, index), chapterId, ...others.slice(index)];
  // Moved to another section it lands last there: the order is only needed when it should stand elsewhere.
  const needsOrder = sameSection || index < others.length;
  return {
    chapterId,
    toSection: sameSection ? null : targetSection.guId,
    order: needsOrder ? { sectionId: targetSection.guId, chapters } : null,
  };
}

/** The outline as it will be once the plan is done (what the screen shows while the server works). */
export function applyChapterMove(sections: readonly Section[], plan: ChapterMovePlan): Section[] {
  const place = findChapterPlace(sections, plan.chapterId);
  if (!place) return [...sections];
  const moving = (sections[place.sectionIndex] as Section).chapters[place.chapterIndex];
  if (!moving) return [...sections];
  const targetId = plan.toSection ?? (sections[place.sectionIndex] as Section).guId;
  return sections.map((section) => {
    const without = section.chapters.filter((chapter) => chapter.guId !== plan.chapterId);
    if (section.guId !== targetId) {
      return { ...section, chapters: without.map((chapter, sequence) => ({ ...chapter, sequence })) };
    }
    const moved = { ...moving, sectionId: targetId };
    const ordered = plan.order
      ? plan.order.chapters.map((id) =>
          id === plan.chapterId ? moved : (without.find((chapter) => chapter.guId === id) as typeof moved),
        )
      : [...without, moved];
    return { ...section, chapters: ordered.map((chapter, sequence) => ({ ...chapter, sequence })) };
  });
}

/** Sections with the one at `from` moved to `to`, numbered again. */
export function moveSection(sections: readonly Section[], from: number, to: number): Section[] {
  return moveItem(sections, from, to).map((section, sequence) => ({ ...section, sequence }));
}

/** How a screen reader hears a finished move ("Chapter X moved to position 2 of 3 in Section Y."). */
export function chapterMoveAnnouncement(sections: readonly Section[], chapterId: string): string {
  const place = findChapterPlace(sections, chapterId);
  if (!place) return '';
  const section = sections[place.sectionIndex] as Section;
  const chapter = section.chapters[place.chapterIndex];
  return `${chapter?.title ?? 'Chapter'} moved to position ${place.chapterIndex + 1} of ${section.chapters.length} in ${section.title}.`;
}

export function sectionMoveAnnouncement(sections: readonly Section[], sectionId: string): string {
  const index = sections.findIndex((section) => section.guId === sectionId);
  if (index < 0) return '';
  return `${sections[index]?.title ?? 'Section'} moved to position ${index + 1} of ${sections.length}.`;
}
