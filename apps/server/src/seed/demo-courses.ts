import { and, eq } from 'drizzle-orm';
import { type Db, withTenant } from '../db/client.ts';
import { contacts } from '../db/schema/index.ts';
import { findCourseBySlug, insertCourse, updateCourse } from '../modules/courses/courses.repo.ts';
import { insertChapter, insertSection, sectionsOf } from '../modules/courses/outline.repo.ts';

// The demo studio's courses (spec 2 §9: the default demo course is 'Introductory Session'), with
// text chapters written here. Videos are added by the video module's seed job once it has made its
// short generated clips: it calls addDemoVideoChapter with the ready asset.

export const DEMO_COURSE_SLUG = 'introductory-session';

const INTRO_SECTIONS: Array<{ title: string; chapters: Array<{ title: string; html: string; isDemo?: boolean }> }> = [
  {
    title: 'Welcome',
    chapters: [
      {
        title: 'Welcome to Demo Studio',
        html: '<p>This short course shows you around the studio and gets you ready for your first class.</p>',
        isDemo: true,
      },
      {
        title: 'What to bring',
        html: '<ul><li>A mat (or borrow one at the desk)</li><li>Water</li><li>Comfortable clothes you can move in</li></ul>',
        isDemo: true,
      },
    ],
  },
  {
    title: 'Your first practice',
    chapters: [
      {
        title: 'Breathing basics',
        html: '<p>Sit tall. Breathe in through the nose for four counts, out for six. Repeat ten times.</p>',
      },
      {
        title: 'A gentle flow',
        html: '<ol><li>Mountain pose</li><li>Forward fold</li><li>Cat and cow</li><li>Child’s pose</li></ol>',
      },
    ],
  },
];

export async function seedDemoCourses(db: Db, tenantId: string, teacherEmail: string): Promise<void> {
  await withTenant(db, tenantId, async (tx) => {
    const [teacher] = await tx
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.tenantId, tenantId), eq(contacts.email, teacherEmail)));
    const course = await insertCourse(tx, tenantId, {
      name: 'Introductory Session',
      slug: DEMO_COURSE_SLUG,
      description:
        '<p>New to the studio? Start here: a free introduction to our classes, what to bring and your first breaths.</p>',
      teacherId: teacher?.id ?? null,
      imageId: null,
      pricing: 'free',
      priceMinor: 0,
    });
    let preview: string | null = null;
    for (const section of INTRO_SECTIONS) {
      const row = await insertSection(tx, tenantId, course.id, section.title);
      for (const chapter of section.chapters) {
        const made = await insertChapter(tx, tenantId, {
          courseId: course.id,
          sectionId: row.id,
          title: chapter.title,
          type: 'text',
          html: chapter.html,
          isDemo: chapter.isDemo ?? false,
        });
        preview ??= made.id;
      }
    }
    await updateCourse(tx, tenantId, course, {
      status: 'published',
      publishedAt: new Date(),
      previewChapterId: preview,
    });
  });
}

/**
 * The video module's seed job adds its generated clip to the demo course: a video chapter at the
 * end of the named section (made when missing). Answers false when the demo course is not there.
 */
export async function addDemoVideoChapter(
  db: Db,
  tenantId: string,
  chapter: { sectionTitle: string; title: string; videoAssetId: string; joinIntro?: boolean; joinOutro?: boolean },
): Promise<boolean> {
  return withTenant(db, tenantId, async (tx) => {
    const course = await findCourseBySlug(tx, tenantId, DEMO_COURSE_SLUG);
    if (!course) return false;
    const section =
      (await sectionsOf(tx, tenantId, [course.id])).find((s) => s.title === chapter.sectionTitle) ??
      (await insertSection(tx, tenantId, course.id, chapter.sectionTitle));
    await insertChapter(tx, tenantId, {
      courseId: course.id,
      sectionId: section.id,
      title: chapter.title,
      type: 'video',
      videoAssetId: chapter.videoAssetId,
      joinIntro: chapter.joinIntro ?? false,
      joinOutro: chapter.joinOutro ?? false,
    });
    return true;
  });
}
