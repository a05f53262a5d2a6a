import { and, asc, eq, exists, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { classBookings, classRules, classSessions } from '../../db/schema/index.ts';
import { sessionOfBooking } from './booking-session.ts';
import { type RuleWithNames, rulesWithNames, type SessionRow } from './scheduling.repo.ts';

// Events are class rules of kind 'event' (decisions.md "Events"): these are the reads their public
// pages and registration need beside the scheduling repo's.

/** An event by its shareable link id. */
export async function findEventByPublicId(
  tx: Tx,
  tenantId: string,
  publicId: string,
): Promise<RuleWithNames | undefined> {
  const [row] = await rulesWithNames(tx, tenantId).where(
    and(eq(classRules.tenantId, tenantId), eq(classRules.kind, 'event'), eq(classRules.publicId, publicId)),
  );
  return row;
}

/** Events with a scheduled session still to come, soonest first (featured ones only when asked). */
export function upcomingEvents(tx: Tx, tenantId: string, now: Date, featuredOnly: boolean): Promise<RuleWithNames[]> {
  const upcoming = tx
    .select({ one: sql`1` })
    .from(classSessions)
    .where(
      and(
        eq(classSessions.tenantId, tenantId),
        eq(classSessions.ruleId, classRules.id),
        eq(classSessions.status, 'scheduled'),
        gt(classSessions.startsAt, now),
      ),
    );
  const firstStart = sql`(select min(s.starts_at) from ${classSessions} s where s.tenant_id = ${classRules.tenantId}
    and s.rule_id = ${classRules.id} and s.status = 'scheduled' and s.starts_at > ${now.toISOString()}::timestamptz)`;
  return rulesWithNames(tx, tenantId)
    .where(
      and(
        eq(classRules.tenantId, tenantId),
        eq(classRules.kind, 'event'),
        featuredOnly ? eq(classRules.isFeatured, true) : undefined,
        exists(upcoming),
      ),
    )
    .orderBy(asc(firstStart), asc(classRules.name), asc(classRules.id))
    .limit(200);
}

/**
 * The sessions of these events, in time order (cancelled ones too: the page says so); with `endingAfter`,
 * only those not over by then (what a public page shows).
 */
export function sessionsOfEvents(
  tx: Tx,
  tenantId: string,
  ruleIds: string[],
  endingAfter?: Date,
): Promise<SessionRow[]> {
  if (ruleIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(classSessions)
    .where(
      and(
        eq(classSessions.tenantId, tenantId),
        inArray(classSessions.ruleId, ruleIds),
        endingAfter ? gt(classSessions.endsAt, endingAfter) : undefined,
      ),
    )
    .orderBy(asc(classSessions.startsAt), asc(classSessions.id));
}

/** A person's places (not cancelled) in an event's sessions still to come, in time order. */
export function livePlacesInEvent(tx: Tx, tenantId: string, ruleId: string, contactId: string, now: Date) {
  return tx
    .select({ booking: classBookings, startsAt: classSessions.startsAt })
    .from(classBookings)
    .innerJoin(classSessions, sessionOfBooking())
    .where(
      and(
        eq(classBookings.tenantId, tenantId),
        eq(classBookings.contactId, contactId),
        ne(classBookings.status, 'cancelled'),
        eq(classSessions.ruleId, ruleId),
        gt(classSessions.startsAt, now),
      ),
    )
    .orderBy(asc(classSessions.startsAt));
}
