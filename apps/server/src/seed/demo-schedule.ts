import { dateInZone } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { type Db, withTenant } from '../db/client.ts';
import { contacts } from '../db/schema/index.ts';
import { insertRuleWithSessions } from '../modules/scheduling/class-rules.service.ts';
import { addDays } from '../modules/scheduling/recurrence.ts';
import { insertRoom } from '../modules/scheduling/rooms.repo.ts';

/**
 * The demo timetable: room Studio A and a weekly Morning Yoga (Tuesday, Thursday and Saturday at
 * 09:00, taught by the staff user, now a Teacher), so the calendars show something; and a featured
 * weekend event (Saturday and Sunday three weeks or so ahead), so the events pages do too.
 */
export async function seedDemoSchedule(
  db: Db,
  tenantId: string,
  teacherEmail: string,
  timeZone: string,
): Promise<void> {
  const now = new Date();
  await withTenant(db, tenantId, async (tx) => {
    const [teacher] = await tx
      .update(contacts)
      .set({ isTeacher: true })
      .where(and(eq(contacts.tenantId, tenantId), eq(contacts.email, teacherEmail)))
      .returning({ id: contacts.id });
    const room = await insertRoom(tx, tenantId, { name: 'Studio A', capacity: 20 });
    await insertRuleWithSessions(
      tx,
      tenantId,
      {
        name: 'Morning Yoga',
        daysOfWeek: [2, 4, 6],
        startTime: '09:00',
        durationMinutes: 60,
        startDate: dateInZone(now, timeZone),
        endDate: null,
        exceptionDates: [],
        capacity: 15,
        roomId: room.id,
        teacherId: teacher?.id ?? null,
        priceMinor: null,
        timeZone,
      },
      now,
    );
    const saturday = nextSaturday(addDays(dateInZone(now, timeZone), 14));
    await insertRuleWithSessions(
      tx,
      tenantId,
      {
        kind: 'event',
        name: 'Weekend Retreat',
        description: 'Two mornings of slow flow, breathing and a shared brunch. All levels welcome.',
        address: '12 River Road',
        isFeatured: true,
        daysOfWeek: [0, 6],
        startTime: '10:00',
        durationMinutes: 180,
        startDate: saturday,
        endDate: addDays(saturday, 1),
        exceptionDates: [],
        capacity: 12,
        roomId: null,
        teacherId: null,
        priceMinor: 12_000,
        timeZone,
      },
      now,
    );
  });
}

/** The first Saturday on or after a calendar date (YYYY-MM-DD). */
function nextSaturday(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, (6 - weekday + 7) % 7);
}
