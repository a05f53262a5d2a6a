import type {
  ChapterContent,
  ChapterProgress,
  CourseCatalogue,
  EnrolResult,
  LearnCourse,
  MyCourseList,
  ProgressInput,
  PublicCourse,
  PublicCourseList,
} from '@atrium/contracts';
import { apiFile, apiRequest } from '../../../lib/api';
import { saveBlob } from '../../../lib/save-file';

const id = (value: string) => encodeURIComponent(value);

/** The learners' and visitors' course calls (apps/server/src/modules/courses/learning.routes.ts). */
export const learnApi = {
  publicList: () => apiRequest<PublicCourseList>('/public/course', { silent: true }),
  publicCourse: (key: string) => apiRequest<PublicCourse>(`/stemplate/public/course/${id(key)}`, { silent: true }),
  mine: () => apiRequest<MyCourseList>('/snode/course/my', { silent: true }),
  catalogue: () => apiRequest<CourseCatalogue>('/snode/course/catalogue', { silent: true }),
  enrol: (courseId: string) => apiRequest<EnrolResult>(`/snode/course/${id(courseId)}/enrol`, { method: 'POST' }),
  learn: (courseId: string) => apiRequest<LearnCourse>(`/snode/course/${id(courseId)}/learn`, { silent: true }),
  chapter: (courseId: string, chapterId: string) =>
    apiRequest<ChapterContent>(`/snode/course/${id(courseId)}/chapter/${id(chapterId)}`, { silent: true }),
  saveProgress: (courseId: string, chapterId: string, body: ProgressInput) =>
    apiRequest<ChapterProgress>(`/snode/course/${id(courseId)}/chapter/${id(chapterId)}/progress`, {
      method: 'PUT',
      body,
      silent: true,
    }),
};

/** Saves a file chapter's document under its own name. */
export async function downloadChapterFile(courseId: string, chapterId: string, name: string): Promise<void> {
  saveBlob(await apiFile(`/snode/course/${id(courseId)}/chapter/${id(chapterId)}/file`), name);
}

/** Saves my completion certificate (PDF). */
export async function downloadCertificate(courseId: string, courseName: string): Promise<void> {
  const safe = courseName.replace(/[\\/:*?"<>|]+/g, ' ').trim() || 'course';
  saveBlob(await apiFile(`/snode/course/${id(courseId)}/certificate`), `${safe} certificate.pdf`);
}
