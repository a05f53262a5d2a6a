import {
  ContactActivity,
  ContactActivityInput,
  ContactActivityUpdate,
  ContactNote,
  ContactNoteInput,
  ErrorBody,
  MessageResponse,
} from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform.ts';
import { manageContacts } from './contact-permission.ts';
import { ContactParams } from './contact-records.routes.ts';
import {
  addActivity,
  addNote,
  editActivity,
  editNote,
  listActivities,
  listNotes,
  removeActivity,
  removeNote,
} from './contact-timeline.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const NoteParams = ContactParams.extend({ noteId: z.uuid('noteId must be a note id') });
const ActivityParams = ContactParams.extend({ activityId: z.uuid('activityId must be an activity id') });

/** Spec 3 §7.4: a contact's notes and activity timeline. Staff only. */
export function registerContactTimelineRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const db = platform.db;

  app.get(
    '/rest/contact/:id/notes',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Notes, newest first',
        params: ContactParams,
        response: { 200: z.array(ContactNote), ...errors },
      },
    },
    async (request) => listNotes(db, manageContacts(request).tenant, request.params.id),
  );
  app.post(
    '/rest/contact/:id/notes',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Adds a note',
        params: ContactParams,
        body: ContactNoteInput,
        response: { 201: ContactNote, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addNote(db, manageContacts(request), request.params.id, request.body.note)),
  );
  app.put(
    '/rest/contact/:id/notes/:noteId',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Edits a note',
        params: NoteParams,
        body: ContactNoteInput,
        response: { 200: ContactNote, ...errors },
      },
    },
    async (request) =>
      editNote(db, manageContacts(request).tenant, request.params.id, request.params.noteId, request.body.note),
  );
  app.delete(
    '/rest/contact/:id/notes/:noteId',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Deletes a note',
        params: NoteParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => removeNote(db, manageContacts(request).tenant, request.params.id, request.params.noteId),
  );

  app.get(
    '/rest/contact/:id/activity',
    {
      schema: {
        tags: ['contacts'],
        summary: 'The activity timeline, newest first',
        params: ContactParams,
        response: { 200: z.array(ContactActivity), ...errors },
      },
    },
    async (request) => listActivities(db, manageContacts(request).tenant, request.params.id),
  );
  app.post(
    '/rest/contact/:id/activity',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Adds an activity',
        params: ContactParams,
        body: ContactActivityInput,
        response: { 201: ContactActivity, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addActivity(db, manageContacts(request), request.params.id, request.body)),
  );
  app.put(
    '/rest/contact/:id/activity/:activityId',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Edits an activity (only the fields given change)',
        params: ActivityParams,
        body: ContactActivityUpdate,
        response: { 200: ContactActivity, ...errors },
      },
    },
    async (request) =>
      editActivity(db, manageContacts(request).tenant, request.params.id, request.params.activityId, request.body),
  );
  app.delete(
    '/rest/contact/:id/activity/:activityId',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Deletes an activity',
        params: ActivityParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => removeActivity(db, manageContacts(request).tenant, request.params.id, request.params.activityId),
  );
}
