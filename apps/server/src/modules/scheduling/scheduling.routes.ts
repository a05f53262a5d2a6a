import {
  AttendanceInput,
  CalendarFeed,
  CalendarFeedQuery,
  ClassSession,
  ClassSessionList,
  ContactBookings,
  ContactBookingsQuery,
  DateRangeQuery,
  MyBookings,
  PublicSessionQuery,
  Roster,
  SessionEdited,
  SessionEditInput,
  StaffBookingInput,
  StaffCalendar,
  StudentBookingInput,
  StudentSession,
  StudentSessionList,
  WaitlistOrderInput,
} from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { concurrencyGate } from '../../lib/concurrency-gate.ts';
import { requireAuth, requireStaff, requireTenant } from '../../lib/guards.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';
import type { Platform } from '../../platform.ts';
import { zoomMeetingsOf } from '../integrations/zoom-meetings.ts';
import { closeSessionCheckIn, registerBookingJobs, reorderWaitlist } from './booking-jobs.service.ts';
import {
  getRoster,
  markAttendance,
  scheduleHorizonExtension,
  staffBook,
  staffCancel,
  studentBook,
  studentCancel,
  studentConfirm,
  studentSessions,
} from './bookings.service.ts';
import { calendarFeedText, myCalendarFeed, revokeMyCalendarFeed, timetableFeedText } from './calendar-feed.service.ts';
import { registerClassRuleRoutes } from './class-rules.routes.ts';
import { contactBookings, myBookings } from './contact-bookings.service.ts';
import { registerRoomRoutes } from './rooms.routes.ts';
import { errors, IdParams, manage, managePre, signedInPre, staffPre, tags } from './scheduling-route-guards.ts';
import { editSession } from './session-edit.service.ts';
import { cancelSession, publicSession, publicSessions, staffSessions } from './sessions.service.ts';
import { staffCalendarBytes } from './staff-calendar.service.ts';

/** How long a served public timetable may be reused (bounds what other processes' writes take to show). */
export const PUBLIC_TIMETABLE_TTL_MS = 5_000;

/** Scheduling (issue 11; decisions.md "Scheduling"). Public calls keep the spec's constant paths. */
export function registerSchedulingRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const db = platform.db;
  const meetings = zoomMeetingsOf(platform);
  // The public timetable, serialized, for a few seconds per tenant and range: the month's answer costs
  // ~35 ms of CPU to build, and a studio's calendar page is its busiest public read. Any successful
  // write on the tenant's host drops its entries once answered (after its commit); writes that come
  // another way (webhooks, jobs, other processes) show within the TTL (decisions.md).
  const timetables = new TtlCache<string>(PUBLIC_TIMETABLE_TTL_MS, 1_000);
  // The staff calendar's months, a few at a time (decisions/scheduling.md "Months a few at a time").
  const calendarMonths = concurrencyGate(platform.config.calendarReadConcurrency);
  // Callback style: every answer of the app passes here, and an async hook costs each a promise.
  server.addHook('onResponse', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400 && request.tenant)
      timetables.clear(`${request.tenant.tenantId}:`);
    done();
  });

  scheduleHorizonExtension(platform.jobs, platform);
  registerBookingJobs(platform);

  // rooms and teachers, then class rules (in their own files)
  registerRoomRoutes(server, platform);
  registerClassRuleRoutes(server, platform, meetings);

  // ------------------------------------------------------------ sessions, rosters, check-in
  app.get(
    '/snode/session',
    {
      preValidation: staffPre,
      schema: {
        tags,
        summary: 'The staff calendar: sessions on the tenant’s days from..to (at most 62 days)',
        querystring: DateRangeQuery,
        response: { 200: ClassSessionList, ...errors },
      },
    },
    async (request) => staffSessions(db, requireStaff(request), request.query),
  );
  app.get(
    '/snode/session/calendar',
    {
      preValidation: staffPre,
      schema: {
        tags,
        summary:
          'The staff calendar in a compact form (what the screen draws: classes, rooms and teachers listed once, each session a row of numbers); from..to at most 62 days',
        querystring: DateRangeQuery,
        response: { 200: StaffCalendar, ...errors },
      },
    },
    async (request, reply) => {
      const actor = requireStaff(request);
      const bytes = await calendarMonths(() => staffCalendarBytes(db, actor, request.query));
      // The StaffCalendar JSON as PostgreSQL wrote it (staff-calendar.repo.ts): sent as it comes, no
      // objects built, checked or stringified for a month's ~2,000 rows.
      return reply.type('application/json; charset=utf-8').send(bytes as never);
    },
  );
  app.get(
    '/snode/session/:id',
    {
      preValidation: staffPre,
      schema: { tags, summary: 'A session and its roster', params: IdParams, response: { 200: Roster, ...errors } },
    },
    async (request) => getRoster(db, requireStaff(request), request.params.id),
  );
  app.get(
    '/snode/contact/:id/bookings',
    {
      preValidation: staffPre,
      schema: {
        tags,
        summary: "A contact's classes to come, a page of past ones (start, length) and their attendance",
        params: IdParams,
        querystring: ContactBookingsQuery,
        response: { 200: ContactBookings, ...errors },
      },
    },
    async (request) => contactBookings(db, requireStaff(request), request.params.id, request.query, new Date()),
  );
  app.put(
    '/snode/session/:id',
    {
      preValidation: managePre,
      schema: {
        tags,
        summary:
          'Moves or changes one session on its own (tenant date and time); people with a place are emailed; overlaps are flagged',
        params: IdParams,
        body: SessionEditInput,
        response: { 200: SessionEdited, ...errors },
      },
    },
    async (request) => editSession(platform, manage(request), request.params.id, request.body, new Date()),
  );
  app.put(
    '/snode/session/:id/cancel',
    {
      preValidation: managePre,
      schema: {
        tags,
        summary: 'Cancels one session and its bookings',
        params: IdParams,
        response: { 200: ClassSession, ...errors },
      },
    },
    async (request) => cancelSession(platform, manage(request), request.params.id, new Date()),
  );
  app.post(
    '/snode/session/:id/booking',
    {
      preValidation: staffPre,
      schema: {
        tags,
        summary: 'Adds a contact to the roster (waitlisted when full)',
        params: IdParams,
        body: StaffBookingInput,
        response: { 201: Roster, ...errors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await staffBook(platform, requireStaff(request), request.params.id, request.body.contactId, new Date())),
  );
  app.delete(
    '/snode/booking/:id',
    {
      preValidation: staffPre,
      schema: {
        tags,
        summary: 'Cancels a booking; the first in line takes a freed spot',
        params: IdParams,
        response: { 200: Roster, ...errors },
      },
    },
    async (request) => staffCancel(platform, requireStaff(request), request.params.id, new Date()),
  );
  app.put(
    '/snode/booking/:id/attendance',
    {
      preValidation: staffPre,
      schema: {
        tags,
        summary: 'Checks a booked person in, or undoes it',
        params: IdParams,
        body: AttendanceInput,
        response: { 200: Roster, ...errors },
      },
    },
    async (request) => markAttendance(db, requireStaff(request), request.params.id, request.body.attended, new Date()),
  );

  // ------------------------------------------------------------ the student
  app.get(
    '/snode/myclasses',
    {
      preValidation: signedInPre,
      schema: {
        tags,
        summary: 'The timetable with the signed-in person’s bookings',
        querystring: DateRangeQuery,
        response: { 200: StudentSessionList, ...errors },
      },
    },
    async (request) => studentSessions(db, requireAuth(request), request.query),
  );
  app.get(
    '/snode/mybookings',
    {
      preValidation: signedInPre,
      schema: {
        tags,
        summary:
          'The signed-in person’s own places: those to come, a page of past ones (start, length), and the cancel cutoff',
        querystring: ContactBookingsQuery,
        response: { 200: MyBookings, ...errors },
      },
    },
    async (request) => myBookings(db, requireAuth(request), request.query, new Date()),
  );
  app.post(
    '/snode/mybooking',
    {
      preValidation: signedInPre,
      schema: {
        tags,
        summary:
          'Books the session the signup route names: booked, waitlisted when full, or pending (held) while a drop-in is paid at checkout',
        body: StudentBookingInput,
        response: { 201: StudentSession, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await studentBook(platform, requireAuth(request), request.body, new Date())),
  );
  app.delete(
    '/snode/mybooking/:id',
    {
      preValidation: signedInPre,
      schema: {
        tags,
        summary: 'Cancels one’s own booking before the class',
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await studentCancel(platform, requireAuth(request), request.params.id, new Date());
      return reply.code(204).send(null);
    },
  );

  // ------------------------------------------------------------ public (spec 1 §7 constant paths)
  app.get(
    '/public/publicFitnessClass',
    {
      schema: {
        tags,
        summary: 'Public: the timetable from..to; 404 when the tenant hides its schedule',
        querystring: DateRangeQuery,
        response: { 200: ClassSessionList, ...errors },
      },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const { from, to } = request.query;
      const body = await timetables.get(`${tenant.tenantId}:${from}:${to}`, async () =>
        JSON.stringify(await publicSessions(db, tenant, request.query)),
      );
      // Already serialized (and built from the contract's own mapping): sent as it is.
      return reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'public, max-age=5')
        .send(body as unknown as ClassSessionList);
    },
  );
  app.get(
    '/public/publicScheduleMoreInfo',
    {
      schema: {
        tags,
        summary: 'Public: one session, by id or by classId and clsStartTime',
        querystring: PublicSessionQuery,
        response: { 200: ClassSession, ...errors },
      },
    },
    async (request) => publicSession(db, requireTenant(request), request.query),
  );

  // ------------------------------------------------------------ slice 2: holds, waitlist order, check-in, feeds
  app.put(
    '/snode/mybooking/:id/confirm',
    {
      preValidation: signedInPre,
      schema: {
        tags,
        summary: 'Takes the spot held for one from the waitlist (then pending its drop-in payment when priced)',
        params: IdParams,
        response: { 200: StudentSession, ...errors },
      },
    },
    async (request) => studentConfirm(platform, requireAuth(request), request.params.id, new Date()),
  );
  app.put(
    '/snode/session/:id/waitlist',
    {
      preValidation: staffPre,
      schema: {
        tags,
        summary: 'Sets the order of a session’s waitlist (every waiting booking once)',
        params: IdParams,
        body: WaitlistOrderInput,
        response: { 200: Roster, ...errors },
      },
    },
    async (request) => reorderWaitlist(platform, requireStaff(request), request.params.id, request.body, new Date()),
  );
  app.put(
    '/snode/session/:id/checkin/close',
    {
      preValidation: staffPre,
      schema: {
        tags,
        summary: 'Closes check-in once the class started: booked places not checked in are marked no-show',
        params: IdParams,
        response: { 200: Roster, ...errors },
      },
    },
    async (request) => closeSessionCheckIn(platform, requireStaff(request), request.params.id, new Date()),
  );
  app.get(
    '/snode/calendarfeed',
    {
      preValidation: signedInPre,
      schema: {
        tags,
        summary: 'The caller’s private calendar feed address (student: their bookings; teacher: their classes)',
        querystring: CalendarFeedQuery,
        response: { 200: CalendarFeed, ...errors },
      },
    },
    async (request) => myCalendarFeed(platform, requireAuth(request), request.query.kind),
  );
  app.delete(
    '/snode/calendarfeed',
    {
      preValidation: signedInPre,
      schema: {
        tags,
        summary: 'Revokes the caller’s calendar feed address; the next one is new',
        querystring: CalendarFeedQuery,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await revokeMyCalendarFeed(platform, requireAuth(request), request.query.kind);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/public/timetable.ics',
    {
      schema: {
        tags,
        summary: 'Public: the timetable as a calendar to subscribe to (a week back, 60 days ahead); 404 when hidden',
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const text = await timetableFeedText(platform, requireTenant(request), new Date());
      return reply.type('text/calendar; charset=utf-8').header('cache-control', 'public, max-age=300').send(text);
    },
  );
  app.get(
    '/public/ical/:file',
    {
      schema: {
        tags,
        summary: 'Public: a private calendar feed (text/calendar) by its token; 404 when unknown or revoked',
        params: z.object({ file: z.string().max(100) }),
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, '');
      const text = await calendarFeedText(platform, requireTenant(request), token, new Date());
      return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(text);
    },
  );
}
