import {
  type ChapterInput,
  type ChapterOrder,
  type ChapterUpdate,
  COURSE_MESSAGES,
  type CourseDetail,
  type SectionInput,
  type SectionOrder,
} from '@atrium/contracts';
import type { z } from 'zod';
import { type Db, readTenant, type Tx, withTenant } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import { sanitizePageHtml } from '../../site/sanitize.ts';
import type { OnlineMeetings } from '../integrations/zoom-meetings.ts';
import { findVideoAssetIn } from '../video/video.repo.ts';
import type { ChapterRow, CourseRow } from './courses.repo.ts';
import { updateCourse } from './courses.repo.ts';
import { courseDetail, courseOr404 } from './courses.service.ts';
import {
  type ChapterValues,
  chapterSequenceAfter,
  chaptersOf,
  deleteChapter,
  deleteSection,
  findChapter,
  findFiles,
  findSection,
  insertChapter,
  insertSection,
  sectionsOf,
  updateChapter,
  updateSection,
  writeChapterOrder,
  writeSectionOrder,
} from './outline.repo.ts';

// Sections and chapters (the course's outline): add, change, delete, reorder. Each write locks the
// course row, so two editors' reorders never interleave, and answers the whole course again.

type NewChapter = z.output<typeof ChapterInput>;
type ChapterChange = z.output<typeof ChapterUpdate>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function sectionOr404(tx: Tx, tenantId: string, courseId: string, id: string) {
  const row = UUID.test(id) ? await findSection(tx, tenantId, courseId, id) : undefined;
  if (!row) throw notFound('Section');
  return row;
}

async function chapterOr404(tx: Tx, tenantId: string, courseId: string, id: string) {
  const row = UUID.test(id) ? await findChapter(tx, tenantId, courseId, id) : undefined;
  if (!row) throw notFound('Chapter');
  return row;
}

/** Runs a write on the locked course and answers the course with its outline. */
function onCourse(
  db: Db,
  actor: Authenticated,
  courseId: string,
  write: (tx: Tx, course: CourseRow) => Promise<void>,
): Promise<CourseDetail> {
  const { tenant } = actor;
  return withTenant(db, tenant.tenantId, async (tx) => {
    const course = await courseOr404(tx, tenant.tenantId, courseId, true);
    await write(tx, course);
    const fresh = await courseOr404(tx, tenant.tenantId, courseId);
    return courseDetail(tx, tenant, fresh);
  });
}

// ------------------------------------------------------------------- sections

export function addSection(db: Db, actor: Authenticated, courseId: string, body: z.output<typeof SectionInput>) {
  return onCourse(db, actor, courseId, async (tx) => {
    await insertSection(tx, actor.tenant.tenantId, courseId, body.title);
  });
}

export function renameSection(
  db: Db,
  actor: Authenticated,
  courseId: string,
  sectionId: string,
  body: z.output<typeof SectionInput>,
) {
  return onCourse(db, actor, courseId, async (tx) => {
    await sectionOr404(tx, actor.tenant.tenantId, courseId, sectionId);
    await updateSection(tx, actor.tenant.tenantId, sectionId, body.title);
  });
}

/** Deletes a section with its chapters (and their progress); meetings of its live chapters are ended after. */
export async function removeSection(
  db: Db,
  meetings: OnlineMeetings,
  actor: Authenticated,
  courseId: string,
  sectionId: string,
) {
  const ended: string[] = [];
  const answer = await onCourse(db, actor, courseId, async (tx, course) => {
    const { tenantId } = actor.tenant;
    await sectionOr404(tx, tenantId, courseId, sectionId);
    const gone = (await chaptersOf(tx, tenantId, [courseId])).filter((c) => c.sectionId === sectionId);
    ended.push(...gone.map((c) => c.meetingId).filter((id): id is string => !!id));
    if (gone.some((c) => c.id === course.previewChapterId)) {
      await updateCourse(tx, tenantId, course, { previewChapterId: null });
    }
    await deleteSection(tx, tenantId, sectionId);
  });
  for (const id of ended) await meetings.remove(actor.tenant.tenantId, id);
  return answer;
}

/** Every id of the parent exactly once, else a 400 naming the list. */
function assertSameSet(field: string, sent: string[], current: string[]): void {
  const wanted = new Set(current);
  if (sent.length !== current.length || new Set(sent).size !== sent.length || sent.some((id) => !wanted.has(id))) {
    throw badRequest(field, COURSE_MESSAGES.orderMismatch);
  }
}

export function orderSections(db: Db, actor: Authenticated, courseId: string, body: z.output<typeof SectionOrder>) {
  return onCourse(db, actor, courseId, async (tx) => {
    const current = await sectionsOf(tx, actor.tenant.tenantId, [courseId]);
    assertSameSet(
      'sections',
      body.sections,
      current.map((s) => s.id),
    );
    await writeSectionOrder(tx, actor.tenant.tenantId, body.sections);
  });
}

export function orderChapters(
  db: Db,
  actor: Authenticated,
  courseId: string,
  sectionId: string,
  body: z.output<typeof ChapterOrder>,
) {
  return onCourse(db, actor, courseId, async (tx) => {
    const { tenantId } = actor.tenant;
    await sectionOr404(tx, tenantId, courseId, sectionId);
    const current = (await chaptersOf(tx, tenantId, [courseId])).filter((c) => c.sectionId === sectionId);
    assertSameSet(
      'chapters',
      body.chapters,
      current.map((c) => c.id),
    );
    await writeChapterOrder(tx, tenantId, body.chapters);
  });
}

// ------------------------------------------------------------------- chapters

type ContentFields = Pick<ChapterValues, 'videoAssetId' | 'html' | 'fileId' | 'startsAt' | 'durationMinutes'>;

/** The content fields a chapter of this type keeps (the others are cleared), checked against the tenant's records. */
async function contentOf(
  tx: Tx,
  tenantId: string,
  type: ChapterRow['type'],
  sent: Partial<NewChapter>,
): Promise<ContentFields> {
  const none: ContentFields = { videoAssetId: null, html: '', fileId: null, startsAt: null, durationMinutes: null };
  if (type === 'video') {
    if (!sent.videoAssetId) throw badRequest('videoAssetId', 'Choose a video for a video chapter.');
    if (!(await findVideoAssetIn(tx, tenantId, sent.videoAssetId))) {
      throw new AppError(404, 'not_found', COURSE_MESSAGES.videoNotFound, 'videoAssetId');
    }
    return { ...none, videoAssetId: sent.videoAssetId };
  }
  if (type === 'text') return { ...none, html: sanitizePageHtml(sent.html ?? '') };
  if (type === 'file') {
    if (!sent.fileId) throw badRequest('fileId', 'Choose a file for a file chapter.');
    if (!(await findFiles(tx, tenantId, [sent.fileId])).has(sent.fileId)) {
      throw new AppError(404, 'not_found', COURSE_MESSAGES.fileNotFound, 'fileId');
    }
    return { ...none, fileId: sent.fileId };
  }
  if (!sent.startsAt) throw badRequest('startsAt', 'A live session needs a start time.');
  if (!sent.durationMinutes) throw badRequest('durationMinutes', 'A live session needs a duration.');
  return { ...none, startsAt: new Date(sent.startsAt), durationMinutes: sent.durationMinutes };
}

/** A Zoom refusal names the chapter's type field here (the scheduling code names its own). */
async function newMeeting(meetings: OnlineMeetings, actor: Authenticated, topic: string) {
  try {
    return await meetings.create(actor.tenant.tenantId, topic, actor.tenant.settings.timezone || 'UTC');
  } catch (error) {
    if (error instanceof AppError && error.field === 'isOnline') {
      throw new AppError(error.statusCode, error.code, error.message, 'type');
    }
    throw error;
  }
}

/** POST .../section/{sectionId}/chapter: a chapter at the end of the section. A live one gets its Zoom meeting. */
export async function addChapter(
  db: Db,
  meetings: OnlineMeetings,
  actor: Authenticated,
  courseId: string,
  sectionId: string,
  body: NewChapter,
): Promise<CourseDetail> {
  const { tenantId } = actor.tenant;
  // checked before Zoom is asked for a meeting (which happens outside any transaction)
  const course = await readTenant(db, tenantId, async (tx) => {
    const row = await courseOr404(tx, tenantId, courseId);
    await sectionOr404(tx, tenantId, courseId, sectionId);
    await contentOf(tx, tenantId, body.type, body);
    return row;
  });
  const meeting = body.type === 'live' ? await newMeeting(meetings, actor, `${course.name}: ${body.title}`) : null;
  try {
    return await onCourse(db, actor, courseId, async (tx) => {
      await sectionOr404(tx, tenantId, courseId, sectionId);
      await insertChapter(tx, tenantId, {
        courseId,
        sectionId,
        title: body.title,
        type: body.type,
        ...(await contentOf(tx, tenantId, body.type, body)),
        meetingId: meeting?.id ?? null,
        joinUrl: meeting?.joinUrl ?? null,
        isDemo: body.isDemo,
        joinIntro: body.type === 'video' && body.joinIntro,
        joinOutro: body.type === 'video' && body.joinOutro,
      });
    });
  } catch (error) {
    if (meeting) await meetings.remove(tenantId, meeting.id);
    throw error;
  }
}

/** PUT .../chapter/{chapterId}: the fields sent change; a new sectionId moves it to that section's end. */
export function changeChapter(
  db: Db,
  actor: Authenticated,
  courseId: string,
  chapterId: string,
  body: ChapterChange,
): Promise<CourseDetail> {
  return onCourse(db, actor, courseId, async (tx) => {
    const { tenantId } = actor.tenant;
    const current = await chapterOr404(tx, tenantId, courseId, chapterId);
    const merged = {
      videoAssetId: body.videoAssetId !== undefined ? body.videoAssetId : current.videoAssetId,
      html: body.html ?? current.html,
      fileId: body.fileId !== undefined ? body.fileId : current.fileId,
      startsAt: body.startsAt !== undefined ? body.startsAt : (current.startsAt?.toISOString() ?? null),
      durationMinutes: body.durationMinutes !== undefined ? body.durationMinutes : current.durationMinutes,
    };
    let move: { sectionId: string; sequence: number } | null = null;
    if (body.sectionId && body.sectionId !== current.sectionId) {
      const target = UUID.test(body.sectionId) ? await findSection(tx, tenantId, courseId, body.sectionId) : undefined;
      if (!target) throw new AppError(404, 'not_found', COURSE_MESSAGES.sectionNotFound, 'sectionId');
      move = { sectionId: target.id, sequence: await chapterSequenceAfter(tx, tenantId, target.id) };
    }
    const isVideo = current.type === 'video';
    await updateChapter(tx, tenantId, chapterId, {
      ...(body.title !== undefined && { title: body.title }),
      ...(await contentOf(tx, tenantId, current.type, merged)),
      ...(body.isDemo !== undefined && { isDemo: body.isDemo }),
      ...(body.joinIntro !== undefined && { joinIntro: isVideo && body.joinIntro }),
      ...(body.joinOutro !== undefined && { joinOutro: isVideo && body.joinOutro }),
      ...(move ?? {}),
    });
  });
}

export async function removeChapter(
  db: Db,
  meetings: OnlineMeetings,
  actor: Authenticated,
  courseId: string,
  chapterId: string,
): Promise<CourseDetail> {
  let meetingId: string | null = null;
  const answer = await onCourse(db, actor, courseId, async (tx, course) => {
    const { tenantId } = actor.tenant;
    const current = await chapterOr404(tx, tenantId, courseId, chapterId);
    meetingId = current.meetingId;
    if (course.previewChapterId === chapterId) await updateCourse(tx, tenantId, course, { previewChapterId: null });
    await deleteChapter(tx, tenantId, chapterId);
  });
  if (meetingId) await meetings.remove(actor.tenant.tenantId, meetingId);
  return answer;
}
