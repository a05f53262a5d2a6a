import { dateInZone } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { type Db, withTenant } from '../db/client.ts';
import { contacts } from '../db/schema/index.ts';
import { insertRoom } from '../modules/scheduling/scheduling.repo.ts';
import { insertRuleWithSessions } from '../modules/scheduling/scheduling.service.ts';

/**
 * The demo timetable: room Studio A and a weekly Morning Yoga (Tuesday, Thursday and Saturday at
 * 09:00, taught by the staff user, now a Teacher), so the calendars show something.
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
  });
}
