import type {
  Chapter,
  ChapterContent,
  Course,
  CourseDetail,
  PublicCourse,
  PublicCourseSummary,
  Section,
} from '@atrium/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { videoAssets } from '../../db/schema/index.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { currencyOf } from '../catalogue/catalogue-rules.ts';
import {
  type ChapterRow,
  type CourseRow,
  countsOf,
  findStaff,
  membershipIdsOf,
  type PersonRow,
  type SectionRow,
} from './courses.repo.ts';
import { chaptersOf, type FileRow, findFiles, sectionsOf } from './outline.repo.ts';

// What each face sees of a course: staff the whole record, visitors and learners the published
// outline. Built from rows read in a handful of queries, however many courses are listed.

const iso = (date: Date | null) => (date ? date.toISOString() : null);
export const mediaUrl = (id: string | null) => (id ? `/media/${id}` : null);
/** A file chapter's download, through the courses module (the access rules are the course's). */
export const chapterFileUrl = (courseId: string, chapterId: string) =>
  `/snode/course/${courseId}/chapter/${chapterId}/file`;
export const courseUrl = (slug: string) => `/courses/${slug}`;

/** Everything the views need about a set of courses, read once. */
export interface CourseBundle {
  courses: CourseRow[];
  sections: Map<string, SectionRow[]>;
  chapters: Map<string, ChapterRow[]>;
  teachers: Map<string, PersonRow>;
  memberships: Map<string, string[]>;
  students: Map<string, number>;
  files: Map<string, FileRow>;
  /** Seconds of each video asset, when the transcode has measured it. */
  videoSeconds: Map<string, number>;
  currency: string;
}

const group = <T extends { courseId: string }>(rows: T[]) => {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(row.courseId, [...(map.get(row.courseId) ?? []), row]);
  return map;
};

export async function loadBundle(tx: Tx, tenant: TenantContext, rows: CourseRow[]): Promise<CourseBundle> {
  const { tenantId } = tenant;
  const ids = rows.map((row) => row.id);
  const chapters = await chaptersOf(tx, tenantId, ids);
  const assetIds = [...new Set(chapters.map((c) => c.videoAssetId).filter((id): id is string => !!id))];
  const assets =
    assetIds.length === 0
      ? []
      : await tx
          .select({ id: videoAssets.id, durationMs: videoAssets.durationMs })
          .from(videoAssets)
          .where(and(eq(videoAssets.tenantId, tenantId), inArray(videoAssets.id, assetIds)));
  const counts = await countsOf(tx, tenantId, ids);
  return {
    courses: rows,
    sections: group(await sectionsOf(tx, tenantId, ids)),
    chapters: group(chapters),
    teachers: await findStaff(tx, tenantId, [
      ...new Set(rows.map((row) => row.teacherId).filter((id): id is string => !!id)),
    ]),
    memberships: await membershipIdsOf(tx, tenantId, ids),
    students: new Map(ids.map((id) => [id, counts.get(id)?.students ?? 0])),
    files: await findFiles(
      tx,
      tenantId,
      chapters.map((c) => c.fileId).filter((id): id is string => !!id),
    ),
    videoSeconds: new Map(
      assets.filter((a) => a.durationMs !== null).map((a) => [a.id, Math.round((a.durationMs ?? 0) / 100) / 10]),
    ),
    currency: currencyOf(tenant),
  };
}

export const secondsOf = (bundle: CourseBundle, chapter: ChapterRow): number | null =>
  chapter.videoAssetId ? (bundle.videoSeconds.get(chapter.videoAssetId) ?? null) : null;

/** The course's teacher, while that staff member exists. */
const teacherOf = (bundle: CourseBundle, row: CourseRow): PersonRow | undefined =>
  row.teacherId ? bundle.teachers.get(row.teacherId) : undefined;

export function toCourse(bundle: CourseBundle, row: CourseRow): Course {
  const teacher = teacherOf(bundle, row);
  return {
    guId: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    teacher: teacher ? { guId: teacher.id, name: teacher.name } : null,
    imageId: row.imageId,
    imageUrl: mediaUrl(row.imageId),
    pricing: row.pricing,
    priceMinor: row.priceMinor,
    currency: bundle.currency,
    status: row.status,
    previewChapterId: row.previewChapterId,
    membershipIds: bundle.memberships.get(row.id) ?? [],
    itemId: row.itemId,
    sectionCount: bundle.sections.get(row.id)?.length ?? 0,
    chapterCount: bundle.chapters.get(row.id)?.length ?? 0,
    studentCount: bundle.students.get(row.id) ?? 0,
    publishedAt: iso(row.publishedAt),
    dateCreated: row.createdAt.toISOString(),
    dateUpdated: row.updatedAt.toISOString(),
  };
}

export function toChapter(bundle: CourseBundle, course: CourseRow, row: ChapterRow): Chapter {
  const file = row.fileId ? bundle.files.get(row.fileId) : undefined;
  return {
    guId: row.id,
    sectionId: row.sectionId,
    title: row.title,
    type: row.type,
    sequence: row.sequence,
    videoAssetId: row.videoAssetId,
    html: row.html,
    fileId: row.fileId,
    fileName: file?.fileName ?? null,
    fileUrl: file ? chapterFileUrl(course.id, row.id) : null,
    startsAt: iso(row.startsAt),
    durationMinutes: row.durationMinutes,
    joinUrl: row.joinUrl,
    durationSeconds: secondsOf(bundle, row),
    isDemo: row.isDemo,
    isPreview: course.previewChapterId === row.id,
    joinIntro: row.joinIntro,
    joinOutro: row.joinOutro,
  };
}

export function toCourseDetail(bundle: CourseBundle, row: CourseRow): CourseDetail {
  const chapters = bundle.chapters.get(row.id) ?? [];
  const sections: Section[] = (bundle.sections.get(row.id) ?? []).map((section) => ({
    guId: section.id,
    title: section.title,
    sequence: section.sequence,
    chapters: chapters.filter((c) => c.sectionId === section.id).map((c) => toChapter(bundle, row, c)),
  }));
  return { ...toCourse(bundle, row), sections };
}

export function toPublicSummary(bundle: CourseBundle, row: CourseRow): PublicCourseSummary {
  const chapters = bundle.chapters.get(row.id) ?? [];
  return {
    guId: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    teacherName: teacherOf(bundle, row)?.name ?? null,
    imageUrl: mediaUrl(row.imageId),
    pricing: row.pricing,
    priceMinor: row.priceMinor,
    currency: bundle.currency,
    itemId: row.itemId,
    sectionCount: bundle.sections.get(row.id)?.length ?? 0,
    chapterCount: chapters.length,
    durationSeconds: chapters.reduce((sum, c) => sum + (secondsOf(bundle, c) ?? 0), 0),
    allowsDemo: chapters.some((c) => c.isDemo),
    url: courseUrl(row.slug),
  };
}

/** One chapter's content for someone allowed to open it (the join link only to learners and staff). */
export function toChapterContent(
  bundle: CourseBundle,
  course: CourseRow,
  row: ChapterRow,
  withJoinLink: boolean,
): ChapterContent {
  const file = row.fileId ? bundle.files.get(row.fileId) : undefined;
  return {
    guId: row.id,
    title: row.title,
    type: row.type,
    videoAssetId: row.videoAssetId,
    html: row.html,
    file: file ? { name: file.fileName, url: chapterFileUrl(course.id, row.id) } : null,
    live:
      row.startsAt && row.durationMinutes
        ? {
            startsAt: row.startsAt.toISOString(),
            durationMinutes: row.durationMinutes,
            joinUrl: withJoinLink ? row.joinUrl : null,
          }
        : null,
    durationSeconds: secondsOf(bundle, row),
  };
}

export function toPublicCourse(bundle: CourseBundle, row: CourseRow): PublicCourse {
  const chapters = bundle.chapters.get(row.id) ?? [];
  const teacher = teacherOf(bundle, row);
  const preview = chapters.find((c) => c.id === row.previewChapterId);
  return {
    ...toPublicSummary(bundle, row),
    teacher: teacher ? { name: teacher.name, pictureUrl: teacher.picture } : null,
    sections: courseOutline(bundle, row),
    previewChapter: preview ? toChapterContent(bundle, row, preview, false) : null,
  };
}

/**
 * A course's outline as its page and its learner see it: each section with its chapters (title, type,
 * length, preview, demo); `more` adds what one viewer sees of a chapter (the learner's progress).
 */
export function courseOutline<T extends object = Record<never, never>>(
  bundle: CourseBundle,
  course: CourseRow,
  more?: (chapter: ChapterRow) => T,
) {
  const chapters = bundle.chapters.get(course.id) ?? [];
  return (bundle.sections.get(course.id) ?? []).map((section) => ({
    guId: section.id,
    title: section.title,
    chapters: chapters
      .filter((c) => c.sectionId === section.id)
      .map((c) => ({
        guId: c.id,
        title: c.title,
        type: c.type,
        durationSeconds: secondsOf(bundle, c),
        isPreview: c.id === course.previewChapterId,
        isDemo: c.isDemo,
        ...(more ? more(c) : ({} as T)),
      })),
  }));
}
