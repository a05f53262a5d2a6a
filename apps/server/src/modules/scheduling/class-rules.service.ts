import { randomBytes } from 'node:crypto';
import {
  type ClassRule,
  type ClassRuleInput,
  type ClassRuleList,
  dateInZone,
  EVENT_MESSAGES,
  endOfDayInZone,
  type RuleKind,
  SCHEDULE_MESSAGES,
} from '@atrium/contracts';
import { type Db, readTenant, type Tx, withTenant } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Authenticated } from '../../lib/guards.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import type { OnlineMeetings, ZoomMeeting } from '../integrations/zoom-meetings.ts';
import { findTenantById } from '../payments/payments.repo.ts';
import { promoteWaitlist } from './booking-core.ts';
import { cancelBookingsOf } from './bookings.repo.ts';
import { addDays, HORIZON_DAYS, occurrencesBetween } from './recurrence.ts';
import { findRoom, findTeacher } from './rooms.repo.ts';
import * as repo from './scheduling.repo.ts';
import { bookingContext, missing, ruleNotFound, zoneOf } from './scheduling-shared.ts';

// Class rules: the weekly classes and the events, each made into its sessions up to the horizon.

function toRule(found: repo.RuleWithNames): ClassRule {
  const { row } = found;
  return {
    guId: row.id,
    name: row.name,
    daysOfWeek: [...row.daysOfWeek].sort((a, b) => a - b),
    startTime: row.startTime,
    durationMinutes: row.durationMinutes,
    startDate: row.startDate,
    endDate: row.endDate,
    exceptionDates: [...row.exceptionDates].sort(),
    capacity: row.capacity,
    roomId: row.roomId,
    roomName: found.roomName,
    teacherId: row.teacherId,
    teacherName: found.teacherName,
    priceMinor: row.priceMinor,
    timezone: row.timeZone,
    isOnline: row.onlineJoinUrl !== null,
    joinUrl: row.onlineJoinUrl,
    kind: row.kind,
    description: row.description,
    address: row.address,
    isFeatured: row.isFeatured,
    publicId: row.publicId,
    waitlistEnabled: row.waitlistEnabled,
    waitlistSize: row.waitlistSize,
  };
}

/** The weekly classes (/schedule) or the events (/rules). */
export function listRules(db: Db, actor: Authenticated, kind: RuleKind = 'class'): Promise<ClassRuleList> {
  const { tenantId } = actor.tenant;
  return readTenant(db, tenantId, async (tx) => ({ data: (await repo.listRules(tx, tenantId, kind)).map(toRule) }));
}

/** PUT /snode/classrule/{id}/regenerateurl: a new shareable link; the old one stops answering. */
export function regenerateRuleUrl(db: Db, actor: Authenticated, id: string): Promise<ClassRule> {
  const { tenantId } = actor.tenant;
  return withTenant(db, tenantId, async (tx) => {
    if (!(await repo.findRule(tx, tenantId, id, true))) throw ruleNotFound();
    await repo.updateRule(tx, tenantId, id, { publicId: newPublicId() });
    const found = await repo.findRuleWithNames(tx, tenantId, id);
    if (!found) throw ruleNotFound();
    return toRule(found);
  });
}

/** An event is made whole when saved: at most a year of sessions. */
const EVENT_MAX_DAYS = 366;

/** 96 random bits, URL-safe: a link nobody guesses. */
const newPublicId = () => randomBytes(12).toString('base64url');

export function getRule(db: Db, actor: Authenticated, id: string): Promise<ClassRule> {
  const { tenantId } = actor.tenant;
  return readTenant(db, tenantId, async (tx) => {
    const found = await repo.findRuleWithNames(tx, tenantId, id);
    if (!found) throw ruleNotFound();
    return toRule(found);
  });
}

/** A room of the tenant's, or a 404 naming roomId. */
export async function checkedRoom(tx: Tx, tenantId: string, roomId: string | null): Promise<string | null> {
  if (roomId && !(await findRoom(tx, tenantId, roomId))) throw missing('roomId', 'Room');
  return roomId;
}

/** A staff user marked Teacher, or a 404 (unknown) or 400 (not a teacher) naming teacherId. */
export async function checkedTeacher(tx: Tx, tenantId: string, teacherId: string | null): Promise<string | null> {
  if (!teacherId) return null;
  const found = await findTeacher(tx, tenantId, teacherId);
  if (!found) throw missing('teacherId', 'Teacher');
  if (!found.isTeacher || found.role === 'student') throw badRequest('teacherId', SCHEDULE_MESSAGES.notATeacher);
  return teacherId;
}

/**
 * The rule's values from the form: the account's defaults fill a missing name and capacity. An event
 * ends (endDate), and has an address when the tenant asks for one (isAddressNeededForEvent).
 */
async function ruleValues(tx: Tx, tenant: TenantContext, input: ClassRuleInput, kind: RuleKind) {
  const { tenantId } = tenant;
  const endDate = input.endDate ?? null;
  if (endDate && endDate < input.startDate) throw badRequest('endDate', SCHEDULE_MESSAGES.endBeforeStart);
  const address = input.address?.trim() || null;
  if (kind === 'event') {
    if (!endDate) throw badRequest('endDate', EVENT_MESSAGES.endDateRequired);
    if (endDate > addDays(input.startDate, EVENT_MAX_DAYS)) throw badRequest('endDate', EVENT_MESSAGES.tooLong);
    if (!address && !input.isOnline && tenant.settings.isAddressNeededForEvent)
      throw badRequest('address', EVENT_MESSAGES.addressRequired);
  }
  const roomId = await checkedRoom(tx, tenantId, input.roomId ?? null);
  const teacherId = await checkedTeacher(tx, tenantId, input.teacherId ?? null);
  return {
    name: input.name ?? tenant.settings.defaultClassName,
    daysOfWeek: [...new Set(input.daysOfWeek)].sort((a, b) => a - b),
    startTime: input.startTime,
    durationMinutes: input.durationMinutes,
    startDate: input.startDate,
    endDate,
    exceptionDates: [...new Set(input.exceptionDates ?? [])].sort(),
    capacity: input.capacity ?? tenant.settings.defaultMaxAttendees,
    roomId,
    teacherId,
    priceMinor: input.priceMinor && input.priceMinor > 0 ? input.priceMinor : null,
    description: input.description?.trim() || null,
    address,
    isFeatured: input.isFeatured ?? false,
    waitlistEnabled: input.waitlistEnabled ?? true,
    waitlistSize: input.waitlistSize ?? null,
  };
}

/**
 * Brings a rule's future sessions in line with the rule, up to the horizon (decisions.md
 * "Scheduling"): a future session whose day is still in the series is moved to the rule's time,
 * room, teacher and capacity and keeps its bookings (and its cancelled state); a new day gets a
 * session; a day no longer in the series loses its session, or, when someone is booked or waiting,
 * the session is cancelled with its bookings so the record stays. Sessions already started are
 * never touched. A session that does not change is not written, so its iCalendar sequence (raised
 * by each change a calendar shows, or for all of them when `renamed`) stays.
 */
async function syncSessions(
  tx: Tx,
  tenantId: string,
  rule: repo.RuleRow,
  now: Date,
  promote: (sessionId: string) => Promise<void>,
  renamed = false,
): Promise<Date> {
  const zone = rule.timeZone;
  const today = dateInZone(now, zone);
  // An event is made whole at once (people register for all of it); a weekly class rolls forward.
  const rolling = addDays(today, HORIZON_DAYS);
  const horizonDate = rule.kind === 'event' && rule.endDate && rule.endDate > rolling ? rule.endDate : rolling;
  const wanted = occurrencesBetween(rule, zone, today, horizonDate).filter((o) => o.startsAt > now);
  const existing = await repo.futureSessionsOf(tx, tenantId, rule.id, now);
  const byDate = new Map(existing.map((e) => [e.row.localDate, e]));
  const fresh: Parameters<typeof repo.insertSessions>[2] = [];
  for (const o of wanted) {
    const current = byDate.get(o.localDate);
    const values = {
      startsAt: o.startsAt,
      endsAt: o.endsAt,
      capacity: rule.capacity,
      roomId: rule.roomId,
      teacherId: rule.teacherId,
      waitlistEnabled: rule.waitlistEnabled,
      waitlistSize: rule.waitlistSize,
    };
    if (!current) {
      fresh.push({ ...values, ruleId: rule.id, localDate: o.localDate });
      continue;
    }
    byDate.delete(o.localDate);
    // A session edited on its own keeps its time, room, teacher, capacity and waitlist (not the class's name).
    if (current.row.detached) {
      if (renamed) await repo.updateSession(tx, tenantId, current.row, {}, now, { revised: true });
      continue;
    }
    if (renamed || repo.changesSession(current.row, values)) {
      await repo.updateSession(tx, tenantId, current.row, values, now, { revised: renamed });
    }
    if (current.row.status === 'scheduled') await promote(current.row.id);
  }
  await repo.insertSessions(tx, tenantId, fresh);
  const empty: string[] = [];
  for (const gone of byDate.values()) {
    if (gone.live === 0) {
      empty.push(gone.row.id);
      continue;
    }
    await repo.updateSession(tx, tenantId, gone.row, { status: 'cancelled', bookedCount: 0 }, now);
    await cancelBookingsOf(tx, tenantId, gone.row.id, now);
  }
  await repo.deleteSessions(tx, tenantId, empty);
  return endOfDayInZone(horizonDate, zone);
}

/** Adds a rule and its sessions up to the horizon (the create call and the demo seed). */
export async function insertRuleWithSessions(
  tx: Tx,
  tenantId: string,
  values: Omit<repo.RuleValues, 'generatedUntil'>,
  now: Date,
): Promise<repo.RuleRow> {
  const row = await repo.insertRule(tx, tenantId, { ...values, generatedUntil: now });
  // A new rule's sessions have nobody waiting: nothing to promote.
  const until = await syncSessions(tx, tenantId, row, now, async () => {});
  await repo.updateRule(tx, tenantId, row.id, { generatedUntil: until });
  return row;
}

/**
 * An online class's meeting is made before the class is stored (the provider's answer is needed for
 * its link) and removed again when the store fails, so a refused save leaves no meeting behind.
 */
async function withNewMeeting<T>(
  meetings: OnlineMeetings,
  tenantId: string,
  meeting: ZoomMeeting | null,
  save: () => Promise<T>,
): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (meeting) await meetings.remove(tenantId, meeting.id);
    throw error;
  }
}

const onlineColumns = (meeting: ZoomMeeting | null) => ({
  onlineMeetingId: meeting?.id ?? null,
  onlineJoinUrl: meeting?.joinUrl ?? null,
});

export async function createRule(
  db: Db,
  actor: Authenticated,
  input: ClassRuleInput,
  now: Date,
  meetings: OnlineMeetings,
): Promise<ClassRule> {
  const { tenant } = actor;
  const zone = zoneOf(tenant);
  const meeting = input.isOnline
    ? await meetings.create(tenant.tenantId, input.name ?? tenant.settings.defaultClassName, zone)
    : null;
  return withNewMeeting(meetings, tenant.tenantId, meeting, () =>
    withTenant(db, tenant.tenantId, async (tx) => {
      const kind = input.kind ?? 'class';
      const values = {
        ...(await ruleValues(tx, tenant, input, kind)),
        kind,
        publicId: newPublicId(),
        timeZone: zone,
        ...onlineColumns(meeting),
      };
      const row = await insertRuleWithSessions(tx, tenant.tenantId, values, now);
      const found = await repo.findRuleWithNames(tx, tenant.tenantId, row.id);
      if (!found) throw ruleNotFound();
      return toRule(found);
    }),
  );
}

/**
 * PUT: the whole series changes; its future sessions follow (see syncSessions). isOnline true makes
 * the meeting when the class has none; false removes it after the save (its link stops working).
 */
export async function editRule(
  platform: Platform,
  actor: Authenticated,
  id: string,
  input: ClassRuleInput,
  now: Date,
  meetings: OnlineMeetings,
): Promise<ClassRule> {
  const { tenant } = actor;
  const zone = zoneOf(tenant);
  const ctx = bookingContext(platform, tenant, now);
  const before = await readTenant(platform.db, tenant.tenantId, (tx) => repo.findRule(tx, tenant.tenantId, id));
  if (!before) throw ruleNotFound();
  const meeting =
    input.isOnline && !before.onlineMeetingId
      ? await meetings.create(tenant.tenantId, input.name ?? before.name, zone)
      : null;
  let dropped: string | null = null;
  const rule = await withNewMeeting(meetings, tenant.tenantId, meeting, () =>
    withTenant(platform.db, tenant.tenantId, async (tx) => {
      const current = await repo.findRule(tx, tenant.tenantId, id, true);
      if (!current) throw ruleNotFound();
      const online =
        meeting !== null
          ? onlineColumns(meeting)
          : input.isOnline === false && current.onlineMeetingId
            ? onlineColumns(null)
            : {};
      if (input.isOnline === false) dropped = current.onlineMeetingId;
      const values = { ...(await ruleValues(tx, tenant, input, current.kind)), timeZone: zone, ...online };
      await repo.updateRule(tx, tenant.tenantId, id, values);
      const until = await syncSessions(
        tx,
        tenant.tenantId,
        { ...current, ...values },
        now,
        (sessionId) => promoteWaitlist(tx, ctx, sessionId),
        values.name !== current.name,
      );
      await repo.updateRule(tx, tenant.tenantId, id, { generatedUntil: until });
      const found = await repo.findRuleWithNames(tx, tenant.tenantId, id);
      if (!found) throw ruleNotFound();
      return toRule(found);
    }),
  );
  if (dropped) await meetings.remove(tenant.tenantId, dropped);
  await platform.outbox.kick();
  return rule;
}

/**
 * The daily job: every rule whose sessions stop less than the horizon ahead gets the days that
 * came into reach. One transaction per tenant, so row-level security scopes each.
 */
export async function extendHorizons(platform: Platform, now: Date): Promise<number> {
  const { db } = platform;
  const before = new Date(now.getTime() + (HORIZON_DAYS - 1) * 86_400_000);
  const tenantIds = await db.transaction((tx) => repo.tenantsToExtend(tx, before));
  let extended = 0;
  for (const tenantId of tenantIds) {
    const tenant = await findTenantById(db, tenantId);
    if (!tenant) continue;
    const ctx = bookingContext(platform, tenant, now);
    await withTenant(db, tenantId, async (tx) => {
      for (const rule of await repo.rulesToExtend(tx, tenantId, before)) {
        const until = await syncSessions(tx, tenantId, rule, now, (sessionId) => promoteWaitlist(tx, ctx, sessionId));
        await repo.updateRule(tx, tenantId, rule.id, { generatedUntil: until });
        extended += 1;
      }
    });
  }
  return extended;
}
