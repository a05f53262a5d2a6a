import {
  instantOfWallTime,
  SCHEDULE_MESSAGES,
  type SessionEdited,
  type SessionEditInput,
  wallTimeInZone,
} from '@atrium/contracts';
import { withTenant } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { promoteWaitlist } from './booking-core.ts';
import { livePeopleOf } from './booking-work.repo.ts';
import { checkedRoom, checkedTeacher } from './class-rules.service.ts';
import { lockSession, updateSession } from './scheduling.repo.ts';
import { mailable, queueSessionMoved } from './scheduling-mail.ts';
import { bookingContext, zoneOf } from './scheduling-shared.ts';
import { forgetReminders, overlapsOf, roomName } from './session-edit.repo.ts';
import { sessionView } from './sessions.service.ts';

const MINUTE = 60_000;

/**
 * PUT /snode/session/{id}: one session moved or changed on its own (a drag on the staff calendar, or
 * the roster's edit form). The session is marked detached so series edits leave it be. Everyone with
 * a place is emailed when the time or the room changes, and the reminders go again before the new
 * time. A larger capacity offers the freed places to the waitlist; a smaller one may not drop below
 * the people already booked. Overlaps in the room or for the teacher are flagged, not refused.
 */
export async function editSession(
  platform: Platform,
  actor: Authenticated,
  id: string,
  input: SessionEditInput,
  now: Date,
): Promise<SessionEdited> {
  const { tenant } = actor;
  const { tenantId } = tenant;
  const zone = zoneOf(tenant);
  const ctx = bookingContext(platform, tenant, now);
  const edited = await withTenant(platform.db, tenantId, async (tx) => {
    const locked = await lockSession(tx, tenantId, id);
    if (!locked) throw notFound('Class session');
    const before = locked.row;
    if (before.status === 'cancelled') throw badRequest('id', SCHEDULE_MESSAGES.sessionCancelled);
    if (before.startsAt <= now) throw badRequest('id', SCHEDULE_MESSAGES.sessionPast);

    const wall = wallTimeInZone(before.startsAt, zone);
    const startsAt = instantOfWallTime(`${input.date ?? wall.slice(0, 10)}T${input.startTime ?? wall.slice(11)}`, zone);
    if (startsAt <= now) throw badRequest(input.date ? 'date' : 'startTime', SCHEDULE_MESSAGES.moveIntoPast);
    const minutes = input.durationMinutes ?? Math.round((before.endsAt.getTime() - before.startsAt.getTime()) / MINUTE);
    const endsAt = new Date(startsAt.getTime() + minutes * MINUTE);
    const roomId = input.roomId === undefined ? before.roomId : await checkedRoom(tx, tenantId, input.roomId);
    const teacherId =
      input.teacherId === undefined ? before.teacherId : await checkedTeacher(tx, tenantId, input.teacherId);
    const capacity = input.capacity ?? before.capacity;
    if (capacity < before.bookedCount) {
      throw badRequest('capacity', SCHEDULE_MESSAGES.capacityBelowBooked(before.bookedCount));
    }

    // Turning the waitlist off (or a smaller size) takes no new names; those already waiting stay.
    const waitlistEnabled = input.waitlistEnabled ?? before.waitlistEnabled;
    const waitlistSize = input.waitlistSize === undefined ? before.waitlistSize : input.waitlistSize;
    await updateSession(
      tx,
      tenantId,
      before,
      { startsAt, endsAt, roomId, teacherId, capacity, waitlistEnabled, waitlistSize, detached: true },
      now,
    );
    if (capacity > before.capacity) await promoteWaitlist(tx, ctx, id);

    const moved = startsAt.getTime() !== before.startsAt.getTime() || endsAt.getTime() !== before.endsAt.getTime();
    let notified = 0;
    if (moved || roomId !== before.roomId) {
      if (moved) await forgetReminders(tx, tenantId, id);
      const room = await roomName(tx, tenantId, roomId);
      for (const person of await livePeopleOf(tx, tenantId, id)) {
        if (!mailable(person.email)) continue;
        await queueSessionMoved(tx, ctx, person.email, {
          className: locked.name,
          was: before.startsAt,
          startsAt,
          roomName: room,
        });
        notified += 1;
      }
    }
    const overlaps = await overlapsOf(tx, tenantId, { id, startsAt, endsAt, roomId, teacherId });
    return { session: await sessionView(tx, tenantId, id, true), notified, overlaps };
  });
  await platform.outbox.kick();
  return edited;
}
