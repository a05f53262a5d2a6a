import {
  ChapterContent,
  ChapterProgress,
  CourseCatalogue,
  EnrolResult,
  ErrorBody,
  LearnCourse,
  MyCourseList,
  ProgressInput,
  PublicCourse,
  PublicCourseList,
  PublicCourseListQuery,
  PublicCourseRegistration,
  PublicCourseRegistrationResult,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Authenticated, requireAuth, requireTenant } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { myCertificate } from './certificate.ts';
import { requireCourses } from './courses.service.ts';
import { saveProgress } from './progress.service.ts';
import { publicCourse, publicCourseOf, publicCourses, registerForCourse } from './public.service.ts';
import * as student from './student.service.ts';

// Visitors' and learners' calls: the published courses and a course's page (spec 3 §7.2), the
// demo-course registration (spec 3 §2.3), and the signed-in learner's courses, chapters, progress
// and certificate. A tenant with courses off answers 404 to all of them.

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 429: ErrorBody };
const tags = ['courses'];
const Course = z.object({ id: z.string().max(200) });
const ChapterParams = z.object({ id: z.string(), chapterId: z.string() });

/** A signed-in person (a learner, or staff looking at the learner's side) on a tenant that shows courses. */
const learner = (request: FastifyRequest): Authenticated => {
  requireCourses(requireTenant(request));
  return requireAuth(request);
};
const learnerPre = async (request: FastifyRequest) => void learner(request);
const tenantOf = (request: FastifyRequest) => requireCourses(requireTenant(request));

export function registerLearningRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const db = platform.db;
  const page = { 200: PublicCourse, ...errors };

  // ------------------------------------------------------------ public
  app.get(
    '/public/course',
    {
      schema: {
        tags,
        summary: 'The published courses (the /courses page and the courses standard page)',
        querystring: PublicCourseListQuery,
        response: { 200: PublicCourseList, ...errors },
      },
    },
    async (request) => publicCourses(db, tenantOf(request), request.query.search),
  );
  app.get(
    '/stemplate/public/course/:id',
    { schema: { tags, summary: "A published course's page by id (or address)", params: Course, response: page } },
    async (request) => publicCourse(db, tenantOf(request), request.params.id),
  );
  app.get(
    '/stemplate/public/program/:name',
    {
      schema: {
        tags,
        summary: "A published course's page by its address (slug)",
        params: z.object({ name: z.string().max(200) }),
        response: page,
      },
    },
    async (request) => publicCourse(db, tenantOf(request), request.params.name),
  );
  app.get(
    '/snode/pcourse/:a/:b',
    {
      schema: {
        tags,
        summary: "A published course's page: {a} the studio (org id or tenant id), {b} the course (id or slug)",
        params: z.object({ a: z.string().max(100), b: z.string().max(200) }),
        response: page,
      },
    },
    async (request) => publicCourseOf(db, tenantOf(request), request.params.a, request.params.b),
  );
  app.post(
    '/public/course/register',
    {
      schema: {
        tags,
        summary: 'The demo-course flow of a registration form: enrols in a free course or a demo',
        body: PublicCourseRegistration,
        response: { 200: PublicCourseRegistrationResult, ...errors },
      },
    },
    async (request) => registerForCourse(platform, tenantOf(request), request.body, request.ip),
  );

  // ------------------------------------------------------------ learners
  app.get(
    '/snode/course/my',
    {
      preValidation: learnerPre,
      schema: {
        tags,
        summary: 'My courses with progress and where to continue',
        response: { 200: MyCourseList, ...errors },
      },
    },
    async (request) => student.myCourses(db, learner(request)),
  );
  app.get(
    '/snode/course/catalogue',
    {
      preValidation: learnerPre,
      schema: {
        tags,
        summary: 'The published courses and what I may do with each',
        response: { 200: CourseCatalogue, ...errors },
      },
    },
    async (request) => student.courseCatalogue(db, learner(request)),
  );
  app.post(
    '/snode/course/:id/enrol',
    {
      preValidation: learnerPre,
      schema: {
        tags,
        summary: 'Enrols me in a free course or one my membership includes',
        params: Course,
        response: { 200: EnrolResult, ...errors },
      },
    },
    async (request) => student.enrolSelf(db, learner(request), request.params.id),
  );
  app.get(
    '/snode/course/:id/learn',
    {
      preValidation: learnerPre,
      schema: {
        tags,
        summary: 'The outline with my progress (locked chapters marked)',
        params: Course,
        response: { 200: LearnCourse, ...errors },
      },
    },
    async (request) => student.learnCourse(db, learner(request), request.params.id),
  );
  app.get(
    '/snode/course/:id/chapter/:chapterId',
    {
      preValidation: learnerPre,
      schema: {
        tags,
        summary: "A chapter's content (403 when not enrolled)",
        params: ChapterParams,
        response: { 200: ChapterContent, ...errors },
      },
    },
    async (request) => student.chapterContent(db, learner(request), request.params.id, request.params.chapterId),
  );
  app.get(
    '/snode/course/:id/chapter/:chapterId/file',
    { schema: { tags, summary: "A file chapter's document (the preview chapter's to anyone)", params: ChapterParams } },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const file = await student.chapterFile(
        platform,
        tenant,
        request.auth,
        request.params.id,
        request.params.chapterId,
      );
      // the plain filename is ASCII (a header may carry nothing else); filename* keeps the real name
      const name = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
      return reply
        .header('content-type', file.type)
        .header('content-length', String(file.size))
        .header(
          'content-disposition',
          `attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );
  app.put(
    '/snode/course/:id/chapter/:chapterId/progress',
    {
      preValidation: learnerPre,
      schema: {
        tags,
        summary: 'Saves where I am in a chapter (every few seconds)',
        params: ChapterParams,
        body: ProgressInput,
        response: { 200: ChapterProgress, ...errors },
      },
    },
    async (request) =>
      saveProgress(
        db,
        learner(request),
        request.params.id,
        request.params.chapterId,
        request.body,
        platform.clock.now(),
      ),
  );
  app.get(
    '/snode/course/:id/certificate',
    {
      preValidation: learnerPre,
      schema: { tags, summary: 'My completion certificate (PDF) once every chapter is complete', params: Course },
    },
    async (request, reply) => {
      const { pdf, filename } = await myCertificate(db, learner(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
}
