import { type DateRangeQuery, SESSION_STATUSES, STAFF_CALENDAR_FLAGS, type StaffCalendar } from '@atrium/contracts';
import { type Db, readTenant } from '../../db/client.ts';
import type { Authenticated } from '../../lib/guards.ts';
import { waitlistTakesNames } from './booking-core.ts';
import { zoneOf } from './scheduling-shared.ts';
import { rangeOf } from './sessions.service.ts';
import { staffCalendarRows } from './staff-calendar.repo.ts';

/** Each distinct value once, in first-seen order; a row holds its index. */
class IndexedList<T> {
  readonly values: T[] = [];
  private readonly indexes = new Map<string, number>();
  indexOf(key: string, value: () => T): number {
    let index = this.indexes.get(key);
    if (index === undefined) {
      index = this.values.push(value()) - 1;
      this.indexes.set(key, index);
    }
    return index;
  }
}

/**
 * GET /snode/session/calendar: the staff calendar's range (every session, cancelled ones too) in the
 * compact form the screen decodes. Room names only when the tenant shows them (isShowRoomName), as
 * on every calendar; overlaps are flagged whether or not the room is shown.
 */
export function staffCalendar(db: Db, actor: Authenticated, range: DateRangeQuery): Promise<StaffCalendar> {
  const { tenant } = actor;
  const showRoom = tenant.settings.isShowRoomName;
  return readTenant(db, tenant.tenantId, async (tx) => {
    const { from, to } = rangeOf(tenant, range);
    const rows = await staffCalendarRows(tx, tenant.tenantId, from, to);
    const classes = new IndexedList<StaffCalendar['classes'][number]>();
    const roomNames = new IndexedList<string>();
    const teacherNames = new IndexedList<string>();
    const sessions = rows.map((row): StaffCalendar['sessions'][number] => {
      const flags =
        (row.overlap ? STAFF_CALENDAR_FLAGS.overlap : 0) |
        (waitlistTakesNames(row, row.waitlisted) ? STAFF_CALENDAR_FLAGS.waitlistOpen : 0);
      return [
        row.id,
        classes.indexOf(row.ruleId, () => ({
          id: row.ruleId,
          name: row.name,
          priceMinor: row.priceMinor,
          isOnline: row.isOnline,
        })),
        row.start,
        row.seconds,
        row.capacity,
        row.booked,
        row.waitlisted,
        SESSION_STATUSES.indexOf(row.status),
        showRoom && row.roomName !== null ? roomNames.indexOf(row.roomName, () => row.roomName as string) : -1,
        row.teacherName !== null ? teacherNames.indexOf(row.teacherName, () => row.teacherName as string) : -1,
        flags,
      ];
    });
    return {
      timezone: zoneOf(tenant),
      classes: classes.values,
      rooms: roomNames.values,
      teachers: teacherNames.values,
      sessions,
    };
  });
}
