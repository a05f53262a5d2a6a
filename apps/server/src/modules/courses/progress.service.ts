import { type ChapterProgress, completesChapter, type ProgressInput, progressPercent } from '@atrium/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, type Tx, withTenant } from '../../db/client.ts';
import { courseProgress, videoAssets } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import { assertMayOpen, learnerAccess } from './course-access.ts';
import type { ChapterRow } from './courses.repo.ts';
import { courseOr404 } from './courses.service.ts';
import { enrol, type ProgressRow, touchEnrolment } from './enrolments.repo.ts';
import { chaptersOf, findChapter } from './outline.repo.ts';

// Progress per chapter, saved every few seconds by the player (docs/decisions/courses.md
// "Progress across devices"): the position is the newest reading by the device's time (clamped to
// the server's), so an old reading that arrives late changes nothing; how far the learner got and
// completion only ever grow, so replays and two devices never undo them. A chapter is complete at
// 90 % of its duration (text, file and live chapters when the learner marks them done).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EPOCH = new Date(0);

/** One contact's progress row on one chapter. */
const progressOf = (tenantId: string, contactId: string, chapterId: string) =>
  and(
    eq(courseProgress.tenantId, tenantId),
    eq(courseProgress.contactId, contactId),
    eq(courseProgress.chapterId, chapterId),
  );

async function lockProgress(tx: Tx, tenantId: string, contactId: string, chapter: ChapterRow): Promise<ProgressRow> {
  await tx
    .insert(courseProgress)
    .values({ tenantId, contactId, chapterId: chapter.id, courseId: chapter.courseId, positionAt: EPOCH })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(courseProgress)
    .where(progressOf(tenantId, contactId, chapter.id))
    .for('update');
  if (!row) throw new Error('progress row vanished');
  return row;
}

/** The video's own duration when the transcode measured it (the server's figure beats the player's). */
async function knownSeconds(tx: Tx, tenantId: string, chapter: ChapterRow): Promise<number | null> {
  if (!chapter.videoAssetId) return null;
  const [asset] = await tx
    .select({ durationMs: videoAssets.durationMs })
    .from(videoAssets)
    .where(and(eq(videoAssets.tenantId, tenantId), eq(videoAssets.id, chapter.videoAssetId)));
  return asset?.durationMs ? asset.durationMs / 1000 : null;
}

/** PUT /snode/course/{id}/chapter/{chapterId}/progress. */
export function saveProgress(
  db: Db,
  actor: Authenticated,
  courseId: string,
  chapterId: string,
  body: z.output<typeof ProgressInput>,
  now = new Date(),
): Promise<ChapterProgress> {
  const { tenant, auth } = actor;
  const { tenantId } = tenant;
  return withTenant(db, tenantId, async (tx) => {
    const course = await courseOr404(tx, tenantId, courseId);
    const chapter = UUID.test(chapterId) ? await findChapter(tx, tenantId, courseId, chapterId) : undefined;
    if (!chapter) throw notFound('Chapter');
    const access = await learnerAccess(tx, tenantId, auth, course);
    assertMayOpen(access.level, course, chapter);
    let enrolment = access.enrolment;
    if (!enrolment && access.viaMembership) {
      enrolment = (await enrol(tx, tenantId, { courseId, contactId: auth.sub, source: 'membership', at: now })).row;
    }
    // progress is kept for learners (a visitor's preview or staff looking around keeps none)
    if (!enrolment) throw new AppError(403, 'not_enrolled', 'Enrol in this course to keep your progress.');

    const current = await lockProgress(tx, tenantId, auth.sub, chapter);
    const sentAt = body.sentAt ? new Date(body.sentAt) : now;
    const readAt = sentAt > now ? now : sentAt;
    const duration = (await knownSeconds(tx, tenantId, chapter)) ?? body.durationSeconds ?? current.durationSeconds;
    const position = duration ? Math.min(body.positionSeconds, duration) : body.positionSeconds;
    const newer = readAt >= current.positionAt;
    const furthest = Math.max(current.furthestSeconds, position);
    const completes =
      chapter.type === 'video'
        ? completesChapter(furthest, duration ?? null)
        : body.completed || current.completedAt !== null;
    const [row] = await tx
      .update(courseProgress)
      .set({
        positionSeconds: newer ? position : current.positionSeconds,
        positionAt: newer ? readAt : current.positionAt,
        durationSeconds: duration ?? null,
        furthestSeconds: furthest,
        completedAt: current.completedAt ?? (completes ? now : null),
        updatedAt: sql`now()`,
      })
      .where(progressOf(tenantId, auth.sub, chapter.id))
      .returning();
    if (!row) throw new Error('progress update returned nothing');

    const chapters = await chaptersOf(tx, tenantId, [courseId]);
    const [done] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(courseProgress)
      .where(
        and(
          eq(courseProgress.tenantId, tenantId),
          eq(courseProgress.contactId, auth.sub),
          eq(courseProgress.courseId, courseId),
          sql`${courseProgress.completedAt} is not null`,
        ),
      );
    const completed = done?.n ?? 0;
    const courseDone = chapters.length > 0 && completed >= chapters.length;
    const courseCompletedAt = enrolment.completedAt ?? (courseDone ? now : null);
    const newestActivity = !enrolment.lastActivityAt || readAt >= enrolment.lastActivityAt;
    await touchEnrolment(tx, tenantId, courseId, auth.sub, {
      ...(newestActivity && { lastChapterId: chapter.id, lastActivityAt: readAt }),
      completedAt: courseCompletedAt,
    });
    return {
      chapterId: chapter.id,
      positionSeconds: row.positionSeconds,
      durationSeconds: row.durationSeconds,
      furthestSeconds: row.furthestSeconds,
      completedAt: row.completedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
      courseProgressPercent: progressPercent(completed, chapters.length),
      courseCompletedAt: courseCompletedAt?.toISOString() ?? null,
    };
  });
}

export interface ResumeFrom {
  chapterId: string;
  chapterTitle: string;
  positionSeconds: number;
}

/**
 * Where "continue" goes: the chapter last saved, at its position, unless it is complete; then the
 * next unfinished chapter in outline order from its start (wrapping to the first unfinished one).
 * A learner who has not started begins at the first chapter.
 */
export function resumePoint(
  chapters: ChapterRow[],
  progress: Map<string, ProgressRow>,
  lastChapterId: string | null,
  canOpen: (chapter: ChapterRow) => boolean = () => true,
): ResumeFrom | null {
  const open = chapters.filter(canOpen);
  if (open.length === 0) return null;
  const at = (chapter: ChapterRow, seconds: number): ResumeFrom => ({
    chapterId: chapter.id,
    chapterTitle: chapter.title,
    positionSeconds: seconds,
  });
  const lastIndex = lastChapterId ? open.findIndex((c) => c.id === lastChapterId) : -1;
  const last = lastIndex >= 0 ? open[lastIndex] : undefined;
  if (last) {
    const row = progress.get(last.id);
    if (!row?.completedAt) return at(last, row?.positionSeconds ?? 0);
    const after = [...open.slice(lastIndex + 1), ...open.slice(0, lastIndex)];
    const next = after.find((c) => !progress.get(c.id)?.completedAt);
    return next ? at(next, progress.get(next.id)?.positionSeconds ?? 0) : at(last, 0);
  }
  const first = open.find((c) => !progress.get(c.id)?.completedAt) ?? open[0];
  return first ? at(first, progress.get(first.id)?.positionSeconds ?? 0) : null;
}
