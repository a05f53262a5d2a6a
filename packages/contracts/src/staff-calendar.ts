import { z } from 'zod';
import { type ClassSession, SESSION_STATUSES } from './scheduling.ts';

/**
 * GET /snode/session/calendar: the staff calendar's range in a compact form, only what the screen
 * draws. A month of 2,000 sessions as ClassSession objects is ~800 KB of JSON; here each session is
 * one row of numbers and indexes into the lists of classes, rooms and teachers (~75 bytes a session).
 * `decodeStaffCalendar` turns it back into the sessions the calendar component takes.
 */
export const StaffCalendarClass = z.object({
  id: z.string(),
  name: z.string(),
  priceMinor: z.number().int().nullable(),
  isOnline: z.boolean(),
});

/** Bits of a session row's `flags`. */
export const STAFF_CALENDAR_FLAGS = {
  /** Another scheduled session shares its room or teacher at the same time. */
  overlap: 1,
  /** A full session still takes names on its waitlist. */
  waitlistOpen: 2,
} as const;

/**
 * One session: [id, class index, start (epoch seconds), length (seconds), capacity, booked,
 * waitlisted, status index (SESSION_STATUSES), room index (-1: none or not shown), teacher index
 * (-1: none), flags].
 */
export const StaffCalendarSession = z.tuple([
  z.string(),
  z.number().int(),
  z.number().int(),
  z.number().int(),
  z.number().int(),
  z.number().int(),
  z.number().int(),
  z.number().int(),
  z.number().int(),
  z.number().int(),
  z.number().int(),
]);
export type StaffCalendarSession = z.infer<typeof StaffCalendarSession>;

export const StaffCalendar = z.object({
  timezone: z.string(),
  classes: z.array(StaffCalendarClass),
  rooms: z.array(z.string()),
  teachers: z.array(z.string()),
  sessions: z.array(StaffCalendarSession),
});
export type StaffCalendar = z.infer<typeof StaffCalendar>;

/** The staff calendar's sessions as ClassSession objects (what the calendar and the roster show). */
export function decodeStaffCalendar(calendar: StaffCalendar): ClassSession[] {
  return calendar.sessions.map(
    ([id, classIndex, start, seconds, capacity, booked, waitlisted, statusIndex, roomIndex, teacherIndex, flags]) => {
      const rule = calendar.classes[classIndex];
      if (!rule) throw new Error(`session ${id} names class ${classIndex}, which the calendar does not list`);
      const status = SESSION_STATUSES[statusIndex] ?? 'scheduled';
      return {
        guId: id,
        classId: rule.id,
        name: rule.name,
        startsAt: new Date(start * 1000).toISOString(),
        endsAt: new Date((start + seconds) * 1000).toISOString(),
        clsStartTime: String(start * 1000),
        capacity,
        booked,
        spotsLeft: status === 'cancelled' ? 0 : Math.max(0, capacity - booked),
        waitlisted,
        status,
        roomName: calendar.rooms[roomIndex] ?? null,
        teacherName: calendar.teachers[teacherIndex] ?? null,
        priceMinor: rule.priceMinor,
        isOnline: rule.isOnline,
        overlap: (flags & STAFF_CALENDAR_FLAGS.overlap) !== 0,
        waitlistOpen: (flags & STAFF_CALENDAR_FLAGS.waitlistOpen) !== 0,
      };
    },
  );
}
