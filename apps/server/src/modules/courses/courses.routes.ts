import {
  ChapterInput,
  ChapterOrder,
  ChapterUpdate,
  CourseDetail,
  CourseInput,
  CourseList,
  CourseListQuery,
  CourseStatusInput,
  CourseStudent,
  CourseStudentList,
  CourseUpdate,
  EnrolContactInput,
  ErrorBody,
  pageLength,
  pageStart,
  SectionInput,
  SectionOrder,
  StudentProgress,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, requireTenant } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { zoomMeetingsOf } from '../integrations/zoom-meetings.ts';
import { registerCourseHooks } from './course-hooks.ts';
import * as courses from './courses.service.ts';
import { manageCourses, requireCourses } from './courses.service.ts';
import * as enrolments from './enrolments.service.ts';
import { registerLearningRoutes } from './learning.routes.ts';
import * as outline from './outline.service.ts';

// Staff's courses (spec 3 §7.2 /stemplate/program*, §7.4 studentProgress; docs/decisions/courses.md):
// every call needs 'Manage Courses' (isShowCourse) and courses on (isShowCourses), checked before
// the body is read; another tenant's course, section or chapter is a 404.

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody };
const tags = ['courses'];
const Course = z.object({ id: z.string() });
const SectionParams = z.object({ id: z.string(), sectionId: z.string() });
const ChapterParams = z.object({ id: z.string(), chapterId: z.string() });
const StudentParams = z.object({ id: z.string(), contactId: z.string() });
const Page = z.object({ start: pageStart, length: pageLength(50, 1000) });

const manage = (request: FastifyRequest) => manageCourses(request);
const managePre = async (request: FastifyRequest) => void manage(request);

export function registerCourseRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const db = platform.db;
  const meetings = zoomMeetingsOf(platform);
  registerCourseHooks(platform);
  registerLearningRoutes(server, platform);

  const detail = { 200: CourseDetail, ...errors };

  // ------------------------------------------------------------ courses
  app.get(
    '/stemplate/program',
    {
      preValidation: managePre,
      schema: {
        tags,
        summary: 'Courses by name, with counts',
        querystring: CourseListQuery,
        response: { 200: CourseList, ...errors },
      },
    },
    async (request) => courses.findCourses(db, manage(request), request.query),
  );
  app.post(
    '/stemplate/program',
    {
      preValidation: managePre,
      schema: {
        tags,
        summary: 'Adds a draft course (a SERVICE category with its sale item)',
        body: CourseInput,
        response: { 201: CourseDetail, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await courses.createCourse(db, manage(request), request.body)),
  );
  app.get(
    '/stemplate/program/:id',
    {
      preValidation: managePre,
      schema: { tags, summary: 'One course with its outline', params: Course, response: detail },
    },
    async (request) => courses.getCourse(db, manage(request), request.params.id),
  );
  app.put(
    '/stemplate/program/:id',
    {
      preValidation: managePre,
      schema: { tags, summary: 'Changes the fields sent', params: Course, body: CourseUpdate, response: detail },
    },
    async (request) => courses.changeCourse(db, manage(request), request.params.id, request.body),
  );
  app.put(
    '/stemplate/program/:id/status',
    {
      preValidation: managePre,
      schema: { tags, summary: 'Publishes or unpublishes', params: Course, body: CourseStatusInput, response: detail },
    },
    async (request) => courses.setCourseStatus(db, manage(request), request.params.id, request.body),
  );
  app.delete(
    '/stemplate/program/:id',
    {
      preValidation: managePre,
      schema: {
        tags,
        summary: 'Deletes a course nobody is enrolled in',
        params: Course,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await courses.removeCourse(db, manage(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  // ------------------------------------------------------------ sections
  app.post(
    '/stemplate/program/:id/section',
    {
      preValidation: managePre,
      schema: {
        tags,
        summary: 'Adds a section at the end',
        params: Course,
        body: SectionInput,
        response: { 201: CourseDetail, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await outline.addSection(db, manage(request), request.params.id, request.body)),
  );
  app.put(
    '/stemplate/program/:id/section/sequence',
    {
      preValidation: managePre,
      schema: {
        tags,
        summary: 'Orders the sections (every id once)',
        params: Course,
        body: SectionOrder,
        response: detail,
      },
    },
    async (request) => outline.orderSections(db, manage(request), request.params.id, request.body),
  );
  app.put(
    '/stemplate/program/:id/section/:sectionId',
    {
      preValidation: managePre,
      schema: { tags, summary: 'Renames a section', params: SectionParams, body: SectionInput, response: detail },
    },
    async (request) =>
      outline.renameSection(db, manage(request), request.params.id, request.params.sectionId, request.body),
  );
  app.delete(
    '/stemplate/program/:id/section/:sectionId',
    {
      preValidation: managePre,
      schema: { tags, summary: 'Deletes a section and its chapters', params: SectionParams, response: detail },
    },
    async (request) =>
      outline.removeSection(db, meetings, manage(request), request.params.id, request.params.sectionId),
  );

  // ------------------------------------------------------------ chapters
  app.post(
    '/stemplate/program/:id/section/:sectionId/chapter',
    {
      preValidation: managePre,
      schema: {
        tags,
        summary: 'Adds a chapter at the end of a section',
        params: SectionParams,
        body: ChapterInput,
        response: { 201: CourseDetail, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await outline.addChapter(
            db,
            meetings,
            manage(request),
            request.params.id,
            request.params.sectionId,
            request.body,
          ),
        ),
  );
  app.put(
    '/stemplate/program/:id/section/:sectionId/chapter/sequence',
    {
      preValidation: managePre,
      schema: {
        tags,
        summary: "Orders a section's chapters (every id once)",
        params: SectionParams,
        body: ChapterOrder,
        response: detail,
      },
    },
    async (request) =>
      outline.orderChapters(db, manage(request), request.params.id, request.params.sectionId, request.body),
  );
  app.put(
    '/stemplate/program/:id/chapter/:chapterId',
    {
      preValidation: managePre,
      schema: {
        tags,
        summary: 'Changes a chapter; sectionId moves it',
        params: ChapterParams,
        body: ChapterUpdate,
        response: detail,
      },
    },
    async (request) =>
      outline.changeChapter(db, manage(request), request.params.id, request.params.chapterId, request.body),
  );
  app.delete(
    '/stemplate/program/:id/chapter/:chapterId',
    {
      preValidation: managePre,
      schema: { tags, summary: 'Deletes a chapter', params: ChapterParams, response: detail },
    },
    async (request) =>
      outline.removeChapter(db, meetings, manage(request), request.params.id, request.params.chapterId),
  );

  // ------------------------------------------------------------ students
  app.get(
    '/stemplate/program/:id/attendee',
    {
      preValidation: managePre,
      schema: {
        tags,
        summary: "The course's students with their progress",
        params: Course,
        querystring: Page,
        response: { 200: CourseStudentList, ...errors },
      },
    },
    async (request) => enrolments.listStudents(db, manage(request), request.params.id, request.query),
  );
  app.post(
    '/stemplate/program/:id/attendee',
    {
      preValidation: managePre,
      schema: {
        tags,
        summary: 'Enrols a contact (201 when new, 200 when already enrolled)',
        params: Course,
        body: EnrolContactInput,
        response: { 200: CourseStudent, 201: CourseStudent, ...errors },
      },
    },
    async (request, reply) => {
      const { student, created } = await enrolments.enrolContact(db, manage(request), request.params.id, request.body);
      return reply.code(created ? 201 : 200).send(student);
    },
  );
  app.delete(
    '/stemplate/program/:id/attendee/:contactId',
    {
      preValidation: managePre,
      schema: {
        tags,
        summary: 'Takes a contact out of the course',
        params: StudentParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await enrolments.unenrolContact(db, manage(request), request.params.id, request.params.contactId);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/rest/courseAttendee/:id/studentProgress',
    {
      preValidation: async (request) => void requireAuth(request),
      schema: {
        tags,
        summary: "A contact's courses and chapter progress (staff; a student their own)",
        params: Course,
        response: { 200: StudentProgress, ...errors },
      },
    },
    async (request) => {
      requireCourses(requireTenant(request));
      return enrolments.studentProgress(db, requireAuth(request), request.params.id);
    },
  );
}
