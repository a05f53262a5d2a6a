import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { classRules, classSessions, contacts, rooms } from '../../db/schema/index.ts';

// Rooms (with their capacity) and the teachers a class can name: the Facility screen's rows.

export type RoomRow = typeof rooms.$inferSelect;

// ---------------------------------------------------------------- rooms

export function listRooms(tx: Tx, tenantId: string): Promise<RoomRow[]> {
  return tx
    .select()
    .from(rooms)
    .where(eq(rooms.tenantId, tenantId))
    .orderBy(asc(sql`lower(${rooms.name})`), asc(rooms.id));
}

export async function findRoom(tx: Tx, tenantId: string, id: string): Promise<RoomRow | undefined> {
  const [row] = await tx
    .select()
    .from(rooms)
    .where(and(eq(rooms.tenantId, tenantId), eq(rooms.id, id)));
  return row;
}

export async function findRoomByName(tx: Tx, tenantId: string, name: string): Promise<RoomRow | undefined> {
  const [row] = await tx
    .select()
    .from(rooms)
    .where(and(eq(rooms.tenantId, tenantId), sql`lower(${rooms.name}) = lower(${name})`));
  return row;
}

export async function insertRoom(tx: Tx, tenantId: string, values: { name: string; capacity: number }) {
  const [row] = await tx
    .insert(rooms)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('room insert returned nothing');
  return row;
}

export async function updateRoom(tx: Tx, tenantId: string, id: string, values: { name: string; capacity: number }) {
  const [row] = await tx
    .update(rooms)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(rooms.tenantId, tenantId), eq(rooms.id, id)))
    .returning();
  return row;
}

/** Whether any rule or session names the room. */
export async function roomInUse(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const [rule] = await tx
    .select({ id: classRules.id })
    .from(classRules)
    .where(and(eq(classRules.tenantId, tenantId), eq(classRules.roomId, id)))
    .limit(1);
  if (rule) return true;
  const [session] = await tx
    .select({ id: classSessions.id })
    .from(classSessions)
    .where(and(eq(classSessions.tenantId, tenantId), eq(classSessions.roomId, id)))
    .limit(1);
  return Boolean(session);
}

export async function deleteRoom(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const gone = await tx
    .delete(rooms)
    .where(and(eq(rooms.tenantId, tenantId), eq(rooms.id, id)))
    .returning({ id: rooms.id });
  return gone.length > 0;
}

// ---------------------------------------------------------------- teachers

export function listTeachers(tx: Tx, tenantId: string) {
  return tx
    .select({ id: contacts.id, name: contacts.name, lastName: contacts.lastName })
    .from(contacts)
    .where(
      and(
        eq(contacts.tenantId, tenantId),
        eq(contacts.isTeacher, true),
        inArray(contacts.role, ['admin', 'staff', 'frontdesk']),
      ),
    )
    .orderBy(asc(sql`lower(${contacts.name})`), asc(contacts.id));
}

export async function findTeacher(tx: Tx, tenantId: string, id: string) {
  const [row] = await tx
    .select({ id: contacts.id, isTeacher: contacts.isTeacher, role: contacts.role })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, id)));
  return row;
}
