import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
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
import { contacts } from './contacts.ts';
import { tenants } from './tenants.ts';

/** The facility's rooms (issue 11): where a class is held and how many it holds. */
export const rooms = pgTable(
  'rooms',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    name: text('name').notNull(),
    capacity: integer('capacity').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
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
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
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
    timeZone: text('time_zone').notNull(),
    generatedUntil: timestamp('generated_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.roomId], foreignColumns: [rooms.tenantId, rooms.id] }).onDelete('restrict'),
    foreignKey({ columns: [t.tenantId, t.teacherId], foreignColumns: [contacts.tenantId, contacts.id] }).onDelete(
      'restrict',
    ),
    index('class_rules_generated_idx').on(t.generatedUntil),
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
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.ruleId], foreignColumns: [classRules.tenantId, classRules.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ columns: [t.tenantId, t.roomId], foreignColumns: [rooms.tenantId, rooms.id] }).onDelete('restrict'),
    foreignKey({ columns: [t.tenantId, t.teacherId], foreignColumns: [contacts.tenantId, contacts.id] }).onDelete(
      'restrict',
    ),
    uniqueIndex('class_sessions_rule_date_uq').on(t.tenantId, t.ruleId, t.localDate),
    index('class_sessions_tenant_start_idx').on(t.tenantId, t.startsAt),
    check('class_sessions_ordered', sql`${t.endsAt} > ${t.startsAt}`),
    check('class_sessions_booked', sql`${t.bookedCount} >= 0`),
  ],
);

/**
 * A student's place in a session: booked, waitlisted (in `seq` order, the order the booking
 * transactions took the session's lock) or cancelled. One live booking per person and session.
 */
export const classBookings = pgTable(
  'class_bookings',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    sessionId: uuid('session_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    status: text('status', { enum: ['booked', 'waitlisted', 'cancelled'] }).notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    attendedAt: timestamp('attended_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      columns: [t.tenantId, t.sessionId],
      foreignColumns: [classSessions.tenantId, classSessions.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.tenantId, t.contactId], foreignColumns: [contacts.tenantId, contacts.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('class_bookings_live_uq')
      .on(t.tenantId, t.sessionId, t.contactId)
      .where(sql`${t.status} <> 'cancelled'`),
    index('class_bookings_session_idx').on(t.tenantId, t.sessionId, t.status, t.seq),
    index('class_bookings_contact_idx').on(t.tenantId, t.contactId),
  ],
);
