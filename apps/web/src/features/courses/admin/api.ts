import type {
  ChapterInput,
  ChapterUpdate,
  CourseDetail,
  CourseInput,
  CourseList,
  CourseStatus,
  CourseStudent,
  CourseStudentList,
  CourseUpdate,
  StudentProgress,
} from '@atrium/contracts';
import { apiRequest } from '../../../lib/api';

const id = (value: string) => encodeURIComponent(value);
const program = (courseId: string) => `/stemplate/program/${id(courseId)}`;

export interface CourseListParams {
  start: number;
  length: number;
  search: string;
  status: CourseStatus | null;
}

/**
 * Staff's course calls (spec 3 §7.2 /stemplate/program*, §7.4 studentProgress). Writes that a dialog
 * shows on its fields are silent (the dialog puts the refusal under the field it names); the others
 * toast the server's message through the API client.
 */
export const coursesAdminApi = {
  list: (params: CourseListParams) =>
    apiRequest<CourseList>('/stemplate/program', {
      query: {
        start: params.start,
        length: params.length,
        search: params.search || undefined,
        status: params.status ?? undefined,
      },
    }),
  get: (courseId: string) => apiRequest<CourseDetail>(program(courseId)),
  create: (body: CourseInput) => apiRequest<CourseDetail>('/stemplate/program', { method: 'POST', body, silent: true }),
  update: (courseId: string, body: CourseUpdate) =>
    apiRequest<CourseDetail>(program(courseId), { method: 'PUT', body, silent: true }),
  setStatus: (courseId: string, status: CourseStatus) =>
    apiRequest<CourseDetail>(`${program(courseId)}/status`, { method: 'PUT', body: { status } }),
  remove: (courseId: string) => apiRequest<null>(program(courseId), { method: 'DELETE' }),

  addSection: (courseId: string, title: string) =>
    apiRequest<CourseDetail>(`${program(courseId)}/section`, { method: 'POST', body: { title }, silent: true }),
  renameSection: (courseId: string, sectionId: string, title: string) =>
    apiRequest<CourseDetail>(`${program(courseId)}/section/${id(sectionId)}`, {
      method: 'PUT',
      body: { title },
      silent: true,
    }),
  removeSection: (courseId: string, sectionId: string) =>
    apiRequest<CourseDetail>(`${program(courseId)}/section/${id(sectionId)}`, { method: 'DELETE' }),
  orderSections: (courseId: string, sections: string[]) =>
    apiRequest<CourseDetail>(`${program(courseId)}/section/sequence`, {
      method: 'PUT',
      body: { sections },
      silent: true,
    }),

  addChapter: (courseId: string, sectionId: string, body: ChapterInput) =>
    apiRequest<CourseDetail>(`${program(courseId)}/section/${id(sectionId)}/chapter`, {
      method: 'POST',
      body,
      silent: true,
    }),
  changeChapter: (courseId: string, chapterId: string, body: ChapterUpdate) =>
    apiRequest<CourseDetail>(`${program(courseId)}/chapter/${id(chapterId)}`, { method: 'PUT', body, silent: true }),
  removeChapter: (courseId: string, chapterId: string) =>
    apiRequest<CourseDetail>(`${program(courseId)}/chapter/${id(chapterId)}`, { method: 'DELETE' }),
  orderChapters: (courseId: string, sectionId: string, chapters: string[]) =>
    apiRequest<CourseDetail>(`${program(courseId)}/section/${id(sectionId)}/chapter/sequence`, {
      method: 'PUT',
      body: { chapters },
      silent: true,
    }),

  students: (courseId: string, start: number, length: number) =>
    apiRequest<CourseStudentList>(`${program(courseId)}/attendee`, { query: { start, length } }),
  enrol: (courseId: string, contactId: string) =>
    apiRequest<CourseStudent>(`${program(courseId)}/attendee`, { method: 'POST', body: { contactId } }),
  unenrol: (courseId: string, contactId: string) =>
    apiRequest<null>(`${program(courseId)}/attendee/${id(contactId)}`, { method: 'DELETE' }),
  studentProgress: (contactId: string) =>
    apiRequest<StudentProgress>(`/rest/courseAttendee/${id(contactId)}/studentProgress`),
};

/** The query keys of the staff's course screens. */
export const courseKeys = {
  all: ['courses-admin'] as const,
  list: (params: CourseListParams) => ['courses-admin', 'list', params] as const,
  detail: (courseId: string) => ['courses-admin', 'detail', courseId] as const,
  students: (courseId: string, start: number, length: number) =>
    ['courses-admin', 'students', courseId, start, length] as const,
  progress: (contactId: string) => ['courses-admin', 'progress', contactId] as const,
};
