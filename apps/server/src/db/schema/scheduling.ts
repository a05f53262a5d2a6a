import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantForeignKey, tenantIdColumn, timestamps } from './columns.ts';
import { contacts } from './contacts.ts';
import { invoices } from './invoices.ts';

/** The facility's rooms (issue 11): where a class is held and how many it holds. */
export const rooms = pgTable(
  'rooms',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('rooms_tenant_name_uq').on(t.tenantId, sql`lower(${t.name})`),
    check('rooms_capacity_positive', sql`${t.capacity} > 0`),
  ],
);

/**
 * A weekly class rule: the days, the wall-clock start and the dates are the tenant's, read in
 * `time_zone` (the tenant's zone when the sessions were last generated). Its sessions are
 * materialised up to `generated_until` (decisions.md "Scheduling").
 */
export const classRules = pgTable(
  'class_rules',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    daysOfWeek: smallint('days_of_week').array().notNull(),
    startTime: text('start_time').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date'),
    exceptionDates: text('exception_dates').array().notNull().default(sql`'{}'::text[]`),
    capacity: integer('capacity').notNull(),
    roomId: uuid('room_id'),
    teacherId: uuid('teacher_id'),
    priceMinor: integer('price_minor'),
    /** An online class: its Zoom meeting (one recurring meeting with no fixed time) and join link. */
    onlineMeetingId: text('online_meeting_id'),
    onlineJoinUrl: text('online_join_url'),
    timeZone: text('time_zone').notNull(),
    /** A weekly class, or an event (a workshop or program: people register once for all its sessions). */
    kind: text('kind', { enum: ['class', 'event'] })
      .notNull()
      .default('class'),
    description: text('description'),
    /** Where an event is held (required when the tenant sets isAddressNeededForEvent). */
    address: text('address'),
    /** Shown in the public featured events. */
    isFeatured: boolean('is_featured').notNull().default(false),
    /** The shareable link's id (/events/{publicId}); regenerating it retires the old link. */
    publicId: text('public_id').notNull().default(sql`substr(md5(random()::text || clock_timestamp()::text), 1, 16)`),
    /** A full class takes names on a waitlist (off: "This class is full."); copied to its sessions as capacity is. */
    waitlistEnabled: boolean('waitlist_enabled').notNull().default(true),
    /** At most this many waiting; null: no limit. */
    waitlistSize: integer('waitlist_size'),
    generatedUntil: timestamp('generated_until', { withTimezone: true }).notNull(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    tenantForeignKey(t.tenantId, t.roomId, rooms).onDelete('restrict'),
    tenantForeignKey(t.tenantId, t.teacherId, contacts).onDelete('restrict'),
    index('class_rules_generated_idx').on(t.generatedUntil),
    check('class_rules_waitlist_size', sql`${t.waitlistSize} is null or ${t.waitlistSize} between 1 and 1000`),
    uniqueIndex('class_rules_public_id_idx').on(t.tenantId, t.publicId),
    check('class_rules_capacity_positive', sql`${t.capacity} > 0`),
    check('class_rules_duration', sql`${t.durationMinutes} between 5 and 720`),
    check('class_rules_dates_ordered', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
    check('class_rules_price', sql`${t.priceMinor} is null or ${t.priceMinor} >= 0`),
  ],
);

/**
 * One occurrence of a rule. `local_date` is the day it falls on in the rule's zone: the key that
 * survives an edit of the series (a Monday session moved from 18:00 to 19:00 keeps its bookings).
 * `booked_count` is taken under the row lock of the booking transaction (never above capacity
 * through booking; an edit that lowers capacity keeps who is booked).
 */
export const classSessions = pgTable(
  'class_sessions',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    ruleId: uuid('rule_id').notNull(),
    localDate: text('local_date').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity').notNull(),
    roomId: uuid('room_id'),
    teacherId: uuid('teacher_id'),
    bookedCount: integer('booked_count').notNull().default(0),
    status: text('status', { enum: ['scheduled', 'cancelled'] })
      .notNull()
      .default('scheduled'),
    /** When the desk closed check-in: the booked who were not checked in were marked no-show. */
    checkInClosedAt: timestamp('check_in_closed_at', { withTimezone: true }),
    /** Edited on its own (moved, another room): edits of its series leave its time, room, teacher and capacity alone. */
    detached: boolean('detached').notNull().default(false),
    /** The rule's waitlist switch and size, or the session's own once it is edited on its own. */
    waitlistEnabled: boolean('waitlist_enabled').notNull().default(true),
    waitlistSize: integer('waitlist_size'),
    /**
     * iCalendar SEQUENCE (RFC 5545 §3.8.7.4): raised by one on each change a calendar shows (time,
     * room, teacher, name, cancellation), so subscribed calendar apps take the new version.
     */
    sequence: integer('sequence').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    tenantForeignKey(t.tenantId, t.ruleId, classRules).onDelete('cascade'),
    tenantForeignKey(t.tenantId, t.roomId, rooms).onDelete('restrict'),
    tenantForeignKey(t.tenantId, t.teacherId, contacts).onDelete('restrict'),
    uniqueIndex('class_sessions_rule_date_uq').on(t.tenantId, t.ruleId, t.localDate),
    index('class_sessions_tenant_start_idx').on(t.tenantId, t.startsAt),
    check('class_sessions_ordered', sql`${t.endsAt} > ${t.startsAt}`),
    check('class_sessions_booked', sql`${t.bookedCount} >= 0`),
    check('class_sessions_waitlist_size', sql`${t.waitlistSize} is null or ${t.waitlistSize} between 1 and 1000`),
    // durationMinutes is 5..720: the overlap searches look back 12 hours from a session's start.
    check('class_sessions_at_most_12_hours', sql`${t.endsAt} <= ${t.startsAt} + interval '12 hours'`),
  ],
);

/**
 * The scheduled sessions that share their room or teacher with another scheduled session at the same
 * time (back to back is not an overlap): the staff calendar's overlap flag. Kept by triggers on
 * class_sessions in the statement that changes a session, whatever writes it (migration 0071); the
 * session's start is kept beside it so a range of the calendar reads its flags through one index range.
 */
export const classSessionOverlaps = pgTable(
  'class_session_overlaps',
  {
    tenantId: tenantIdColumn(),
    sessionId: uuid('session_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.sessionId] }),
    // the session's id in the key too: a range of the calendar reads its flags from the index alone
    index('class_session_overlaps_tenant_start_idx').on(t.tenantId, t.startsAt, t.sessionId),
  ],
);

/**
 * A student's place in a session: booked, waitlisted (in `waitlist_rank`, then `placed_at` order:
 * the order staff set, then the time each booking took its place behind the session's lock), offered (a
 * freed spot held for the first in line until `hold_expires_at`), pending (a spot held until
 * `hold_expires_at` while the drop-in's invoice is paid) or cancelled. Offered and pending places
 * count in the session's `booked_count`. One live booking per person and session.
 */
export const classBookings = pgTable(
  'class_bookings',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    sessionId: uuid('session_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    status: text('status', { enum: ['booked', 'waitlisted', 'offered', 'pending', 'cancelled'] }).notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    /** Set when staff reorder the waitlist; ranked places come first, the rest in `placed_at` (then `seq`) order. */
    waitlistRank: integer('waitlist_rank'),
    /** Until when an offered or pending place is held. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** How the place is paid: free, through checkout (the invoice), paid, or settled at the desk. */
    payment: text('payment', { enum: ['free', 'checkout', 'paid', 'at_desk', 'membership'] })
      .notNull()
      .default('free'),
    invoiceId: uuid('invoice_id'),
    attendedAt: timestamp('attended_at', { withTimezone: true }),
    noShow: boolean('no_show').notNull().default(false),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Cancelled inside the account's cancel cutoff. */
    lateCancel: boolean('late_cancel').notNull().default(false),
    /**
     * When the place was taken: the database's clock at the insert (clock_timestamp(), not now(),
     * which is the transaction's start), so two joins waiting on the session's lock are ordered by
     * when each got it. The waitlist queues in this order (after staff's ranks).
     */
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    tenantForeignKey(t.tenantId, t.sessionId, classSessions).onDelete('cascade'),
    tenantForeignKey(t.tenantId, t.contactId, contacts).onDelete('cascade'),
    uniqueIndex('class_bookings_live_uq')
      .on(t.tenantId, t.sessionId, t.contactId)
      .where(sql`${t.status} <> 'cancelled'`),
    index('class_bookings_session_idx').on(t.tenantId, t.sessionId, t.status, t.seq),
    index('class_bookings_contact_idx').on(t.tenantId, t.contactId),
    // Check-ins by day (the dashboard's today): only the places someone checked in to.
    // The attendance report's per-session counts read from the index alone (no visit to each booking).
    index('class_bookings_session_counts_idx').on(
      t.tenantId,
      t.sessionId,
      t.status,
      t.attendedAt,
      t.noShow,
      t.lateCancel,
      t.id,
    ),
    index('class_bookings_attended_idx').on(t.tenantId, t.attendedAt).where(sql`${t.attendedAt} is not null`),
    // The dashboard's "waiting for a place": only the waitlisted places (usually few), not every booking of a session.
    index('class_bookings_waitlisted_idx').on(t.tenantId, t.sessionId).where(sql`${t.status} = 'waitlisted'`),
    tenantForeignKey(t.tenantId, t.invoiceId, invoices),
    // An event registration's places share one invoice.
    index('class_bookings_invoice_idx').on(t.tenantId, t.invoiceId),
    index('class_bookings_hold_idx').on(t.holdExpiresAt).where(sql`${t.status} in ('offered', 'pending')`),
    check('class_bookings_hold', sql`(${t.status} in ('offered', 'pending')) = (${t.holdExpiresAt} is not null)`),
  ],
);

/**
 * A message about a booking that must go out once (a reminder): the key is claimed in the same
 * transaction that queues the email, so two job runners never send it twice.
 */
export const classBookingNotices = pgTable(
  'class_booking_notices',
  {
    tenantId: tenantIdColumn(),
    bookingId: uuid('booking_id').notNull(),
    kind: text('kind', { enum: ['reminder', 'sms-reminder'] }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.bookingId, t.kind] }),
    tenantForeignKey(t.tenantId, t.bookingId, classBookings).onDelete('cascade'),
  ],
);

/**
 * A private iCalendar feed: a student's bookings or a teacher's classes, at an address holding an
 * unguessable token (32 random bytes). The token is kept so the owner can copy the same address
 * again (calendar apps poll it); a revoked feed answers 404 and the next one gets a new token. One
 * live feed per person and kind.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    contactId: uuid('contact_id').notNull(),
    kind: text('kind', { enum: ['student', 'teacher'] }).notNull(),
    token: text('token').notNull(),
    createdAt: createdAtColumn(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    tenantForeignKey(t.tenantId, t.contactId, contacts).onDelete('cascade'),
    uniqueIndex('calendar_feeds_token_uq').on(t.tenantId, t.token),
    uniqueIndex('calendar_feeds_live_uq').on(t.tenantId, t.contactId, t.kind).where(sql`${t.revokedAt} is null`),
  ],
);
