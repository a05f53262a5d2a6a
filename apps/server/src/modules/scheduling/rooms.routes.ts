import { Room, RoomInput, RoomList, TeacherList } from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { createRoom, editRoom, listRooms, listTeachers, removeRoom } from './rooms.service.ts';
import { errors, IdParams, manage, managePre, staffPre, tags } from './scheduling-route-guards.ts';

/** Rooms and the teachers a class can name (the Facility screen; spec 1). */
export function registerRoomRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const db = platform.db;
  app.get(
    '/snode/room',
    {
      preValidation: staffPre,
      schema: { tags, summary: 'The facility’s rooms', response: { 200: RoomList, ...errors } },
    },
    async (request) => listRooms(db, requireStaff(request)),
  );
  app.post(
    '/snode/room',
    {
      preValidation: managePre,
      schema: {
        tags,
        summary: 'Adds a room (names are unique in the tenant)',
        body: RoomInput,
        response: { 201: Room, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await createRoom(db, manage(request), request.body)),
  );
  app.put(
    '/snode/room/:id',
    {
      preValidation: managePre,
      schema: {
        tags,
        summary: 'Renames a room or changes its capacity',
        params: IdParams,
        body: RoomInput,
        response: { 200: Room, ...errors },
      },
    },
    async (request) => editRoom(db, manage(request), request.params.id, request.body),
  );
  app.delete(
    '/snode/room/:id',
    {
      preValidation: managePre,
      schema: {
        tags,
        summary: 'Removes a room no class uses (409 otherwise)',
        params: IdParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeRoom(db, manage(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
  app.get(
    '/snode/teacher',
    {
      preValidation: staffPre,
      schema: { tags, summary: 'Users marked Teacher', response: { 200: TeacherList, ...errors } },
    },
    async (request) => listTeachers(db, requireStaff(request)),
  );
}
