import { type Room, type RoomInput, type RoomList, SCHEDULE_MESSAGES, type TeacherList } from '@atrium/contracts';
import { type Db, readTenant, withTenant } from '../../db/client.ts';
import type { Authenticated } from '../../lib/guards.ts';
import * as repo from './rooms.repo.ts';
import { conflict, roomNotFound } from './scheduling-shared.ts';

// Rooms (with their capacity) and the teachers a class can name (spec 1, the Facility screen).

const toRoom = (row: repo.RoomRow): Room => ({ guId: row.id, name: row.name, capacity: row.capacity });

export function listRooms(db: Db, actor: Authenticated): Promise<RoomList> {
  const { tenantId } = actor.tenant;
  return readTenant(db, tenantId, async (tx) => ({ data: (await repo.listRooms(tx, tenantId)).map(toRoom) }));
}

const roomNameTaken = (name: string) => conflict(`A room named '${name}' already exists.`, 'name');

export function createRoom(db: Db, actor: Authenticated, input: RoomInput): Promise<Room> {
  const { tenantId } = actor.tenant;
  return withTenant(db, tenantId, async (tx) => {
    if (await repo.findRoomByName(tx, tenantId, input.name)) throw roomNameTaken(input.name);
    return toRoom(await repo.insertRoom(tx, tenantId, input));
  });
}

export function editRoom(db: Db, actor: Authenticated, id: string, input: RoomInput): Promise<Room> {
  const { tenantId } = actor.tenant;
  return withTenant(db, tenantId, async (tx) => {
    const other = await repo.findRoomByName(tx, tenantId, input.name);
    if (other && other.id !== id) throw roomNameTaken(input.name);
    const row = await repo.updateRoom(tx, tenantId, id, input);
    if (!row) throw roomNotFound();
    return toRoom(row);
  });
}

export function removeRoom(db: Db, actor: Authenticated, id: string): Promise<void> {
  const { tenantId } = actor.tenant;
  return withTenant(db, tenantId, async (tx) => {
    if (!(await repo.findRoom(tx, tenantId, id))) throw roomNotFound();
    if (await repo.roomInUse(tx, tenantId, id)) throw conflict(SCHEDULE_MESSAGES.roomInUse);
    await repo.deleteRoom(tx, tenantId, id);
  });
}

export function listTeachers(db: Db, actor: Authenticated): Promise<TeacherList> {
  const { tenantId } = actor.tenant;
  return readTenant(db, tenantId, async (tx) => ({
    data: (await repo.listTeachers(tx, tenantId)).map((t) => ({
      guId: t.id,
      name: `${t.name} ${t.lastName}`.trim(),
    })),
  }));
}
