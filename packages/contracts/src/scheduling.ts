import { z } from 'zod';
import { isCalendarDate } from './tenant-dates.ts';

/**
 * Scheduling (issue 11): rooms, weekly class rules, their sessions, bookings with a waitlist and
 * check-in. Dates (YYYY-MM-DD) and wall times (HH:mm) are the tenant's, in its IANA zone; instants
 * on the wire are ISO strings.
 */

export const SCHEDULE_MESSAGES = {
  sessionPast: 'This class has already started.',
  sessionCancelled: 'This class has been cancelled.',
  alreadyBooked: 'You are already booked or on the waitlist for this class.',
  paymentRequired: 'This class has a drop-in price: payment is required to book it.',
  waiverRequired: 'Please sign the waiver before booking a class.',
  roomInUse: 'This room is used by a class rule; change the rule first.',
  notATeacher: 'The teacher must be a staff user marked Teacher.',
  endBeforeStart: 'The end date must be on or after the start date.',
  rangeTooLong: 'Ask for at most 62 days at a time.',
  rangeOrder: 'to must be on or after from.',
  noSession: 'There is no class at that time.',
  noHold: 'There is no spot held for you in this class.',
  holdExpired: 'The spot held for you has been released.',
  notWaitlisted: 'waitlist must list every person waiting for this class, once each.',
  checkInNotStarted: 'Check-in can be closed once the class has started.',
  checkInClosed: 'Check-in for this class is closed.',
  moveIntoPast: 'A class cannot be moved to a time that has passed.',
  capacityBelowBooked: (booked: number) =>
    `${booked} ${booked === 1 ? 'person is' : 'people are'} booked: the capacity cannot be less than that.`,
  nothingToChange:
    'Send at least one of date, startTime, durationMinutes, capacity, roomId, teacherId, waitlistEnabled or waitlistSize.',
  /** A full class whose waitlist is off, or full too (409). */
  classFull: 'This class is full.',
} as const;

/** A class's start as people read it, in the tenant's zone: "Wed, Mar 11, 2026, 6:00 PM EDT". */
export function classTimeLabel(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(instant);
}

const calendarDate = (field: string) =>
  z
    .string({ error: `${field} must be a date (YYYY-MM-DD)` })
    .refine(isCalendarDate, `${field} must be a date (YYYY-MM-DD)`);

const name = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be at most ${max} characters`);

// ---------------------------------------------------------------- rooms

export const RoomInput = z
  .object({
    name: name('name', 100),
    capacity: z
      .number({ error: 'capacity must be a whole number from 1 to 1000' })
      .int('capacity must be a whole number from 1 to 1000')
      .min(1, 'capacity must be a whole number from 1 to 1000')
      .max(1000, 'capacity must be a whole number from 1 to 1000'),
  })
  .strict();
export type RoomInput = z.infer<typeof RoomInput>;

export const Room = z.object({ guId: z.string(), name: z.string(), capacity: z.number().int() });
export type Room = z.infer<typeof Room>;
export const RoomList = z.object({ data: z.array(Room) });
export type RoomList = z.infer<typeof RoomList>;

export const Teacher = z.object({ guId: z.string(), name: z.string() });
export type Teacher = z.infer<typeof Teacher>;
export const TeacherList = z.object({ data: z.array(Teacher) });
export type TeacherList = z.infer<typeof TeacherList>;

// ---------------------------------------------------------------- class rules

/** Days of the week as numbers: 0 Sunday … 6 Saturday. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const DAYS = 'daysOfWeek must list days 0 (Sunday) to 6 (Saturday)';

/** A rule makes a weekly class, or an event: a workshop or program people register for once, all its sessions. */
export const RULE_KINDS = ['class', 'event'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];

export const EVENT_MESSAGES = {
  endDateRequired: 'An event needs an end date (the same as the start date for a one-day event).',
  addressRequired: 'Address is required',
  closed: 'Registration for this event is closed.',
  full: 'This event is full.',
  alreadyRegistered: 'You are already registered for this event.',
  tooLong: 'An event lasts at most a year (366 days); make a weekly class for longer.',
} as const;

/** The fields of a class rule; name and capacity fall back to the account's defaults when absent. */
const classRuleFields = {
  name: name('name', 120).optional(),
  daysOfWeek: z
    .array(z.number({ error: DAYS }).int(DAYS).min(0, DAYS).max(6, DAYS), { error: DAYS })
    .min(1, 'daysOfWeek: pick at least one day')
    .max(7, DAYS),
  startTime: z
    .string({ error: 'startTime must be a time (HH:mm)' })
    .regex(TIME_PATTERN, 'startTime must be a time (HH:mm)'),
  durationMinutes: z
    .number({ error: 'durationMinutes must be from 5 to 720 minutes' })
    .int('durationMinutes must be from 5 to 720 minutes')
    .min(5, 'durationMinutes must be from 5 to 720 minutes')
    .max(720, 'durationMinutes must be from 5 to 720 minutes'),
  startDate: calendarDate('startDate'),
  endDate: calendarDate('endDate').nullable().optional(),
  exceptionDates: z.array(calendarDate('exceptionDates')).max(366, 'exceptionDates: at most 366 dates').optional(),
  capacity: z
    .number({ error: 'capacity must be a whole number from 1 to 1000' })
    .int('capacity must be a whole number from 1 to 1000')
    .min(1, 'capacity must be a whole number from 1 to 1000')
    .max(1000, 'capacity must be a whole number from 1 to 1000')
    .optional(),
  roomId: z.uuid('roomId must be a room id').nullable().optional(),
  teacherId: z.uuid('teacherId must be a teacher id').nullable().optional(),
  /** A drop-in price in minor units of the tenant's currency; null or absent: free. */
  priceMinor: z
    .number({ error: 'priceMinor must be a whole number of minor units (0 or more)' })
    .int('priceMinor must be a whole number of minor units (0 or more)')
    .min(0, 'priceMinor must be a whole number of minor units (0 or more)')
    .max(100_000_000, 'priceMinor is too large')
    .nullable()
    .optional(),
  /** Held online: a Zoom meeting is made through the tenant's Zoom connection (absent: as it is). */
  isOnline: z.boolean({ error: 'isOnline must be true or false' }).optional(),
  /** A weekly class (the default) or an event; fixed when the rule is made (an edit keeps it). */
  kind: z.enum(RULE_KINDS, { error: "kind must be 'class' or 'event'" }).optional(),
  description: z
    .string({ error: 'description must be text' })
    .trim()
    .max(5000, 'description must be at most 5000 characters')
    .nullable()
    .optional(),
  address: z
    .string({ error: 'address must be text' })
    .trim()
    .max(500, 'address must be at most 500 characters')
    .nullable()
    .optional(),
  isFeatured: z.boolean({ error: 'isFeatured must be true or false' }).optional(),
  /** A full class takes names on a waitlist (the default); off, a full class answers 'This class is full.'. */
  waitlistEnabled: z.boolean({ error: 'waitlistEnabled must be true or false' }).optional(),
  /** At most this many on the waitlist; null or absent: no limit. */
  waitlistSize: z
    .number({ error: 'waitlistSize must be a whole number from 1 to 1000' })
    .int('waitlistSize must be a whole number from 1 to 1000')
    .min(1, 'waitlistSize must be a whole number from 1 to 1000')
    .max(1000, 'waitlistSize must be a whole number from 1 to 1000')
    .nullable()
    .optional(),
};

export const ClassRuleInput = z.object(classRuleFields).strict();
export type ClassRuleInput = z.infer<typeof ClassRuleInput>;

export const ClassRule = z.object({
  guId: z.string(),
  name: z.string(),
  daysOfWeek: z.array(z.number().int()),
  startTime: z.string(),
  durationMinutes: z.number().int(),
  startDate: z.string(),
  endDate: z.string().nullable(),
  exceptionDates: z.array(z.string()),
  capacity: z.number().int(),
  roomId: z.string().nullable(),
  roomName: z.string().nullable(),
  teacherId: z.string().nullable(),
  teacherName: z.string().nullable(),
  priceMinor: z.number().int().nullable(),
  timezone: z.string(),
  isOnline: z.boolean(),
  /** The meeting's join link (staff see it; a student sees it once booked). */
  joinUrl: z.string().nullable(),
  kind: z.enum(RULE_KINDS),
  description: z.string().nullable(),
  address: z.string().nullable(),
  isFeatured: z.boolean(),
  /** The shareable link's id: /events/{publicId} (PUT /snode/classrule/{id}/regenerateurl makes a new one). */
  publicId: z.string(),
  waitlistEnabled: z.boolean(),
  waitlistSize: z.number().int().nullable(),
});
export type ClassRule = z.infer<typeof ClassRule>;
export const ClassRuleList = z.object({ data: z.array(ClassRule) });
export type ClassRuleList = z.infer<typeof ClassRuleList>;
export const ClassRuleListQuery = z.object({
  kind: z.enum(RULE_KINDS, { error: "kind must be 'class' or 'event'" }).default('class'),
});

// ---------------------------------------------------------------- events

/** One of an event's sessions, as its public page lists them. */
export const EventSession = z.object({
  guId: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(['scheduled', 'cancelled']),
});
export type EventSession = z.infer<typeof EventSession>;

/** An event as visitors see it (GET /snode/pevent/{id}, the events list, featured events). */
export const PublicEvent = z.object({
  /** The shareable id: the page is /events/{guId}. */
  guId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  /** Null unless the tenant shows room names (isShowRoomName). */
  roomName: z.string().nullable(),
  teacherName: z.string().nullable(),
  /** The price of the whole event, in minor units; null: free. */
  priceMinor: z.number().int().nullable(),
  isOnline: z.boolean(),
  isFeatured: z.boolean(),
  capacity: z.number().int(),
  /** Places left for a new registration (the fullest of its sessions to come). */
  spotsLeft: z.number().int(),
  /** Sessions still to come: registration is open while there is one and a place is left. */
  isOpen: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  sessions: z.array(EventSession),
  timezone: z.string(),
});
export type PublicEvent = z.infer<typeof PublicEvent>;
export const PublicEventList = z.object({ data: z.array(PublicEvent) });
export type PublicEventList = z.infer<typeof PublicEventList>;
export const PublicEventParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{8,32}$/, 'id must be an event link id'),
});

/** A registration: a place in every session to come; a priced event is held while its invoice is paid. */
export const EventRegistration = z.object({
  status: z.enum(['booked', 'pending']),
  sessions: z.number().int(),
  /** The event's invoice link id while it is to be paid (the public invoice page). */
  invoicePublicId: z.string().nullable(),
  holdExpiresAt: z.string().nullable(),
  /**
   * How a priced event is paid, decided by the server from the studio's provider: by card now (the
   * places held until paid), or at the studio (the places booked, the invoice left open); null: free.
   */
  payment: z.enum(['card', 'at_studio']).nullable(),
});
export type EventRegistration = z.infer<typeof EventRegistration>;

// ---------------------------------------------------------------- sessions

/** A range of the tenant's calendar days, both ends included, at most 62 days. */
export const DateRangeQuery = z
  .object({ from: calendarDate('from'), to: calendarDate('to') })
  .superRefine((value, ctx) => {
    if (!isCalendarDate(value.from) || !isCalendarDate(value.to)) return;
    if (value.to < value.from) ctx.addIssue({ code: 'custom', path: ['to'], message: SCHEDULE_MESSAGES.rangeOrder });
    const days = (Date.parse(value.to) - Date.parse(value.from)) / 86_400_000;
    if (days > 62) ctx.addIssue({ code: 'custom', path: ['to'], message: SCHEDULE_MESSAGES.rangeTooLong });
  });
export type DateRangeQuery = z.infer<typeof DateRangeQuery>;

export const SESSION_STATUSES = ['scheduled', 'cancelled'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** One session as the calendars show it. */
export const ClassSession = z.object({
  guId: z.string(),
  classId: z.string(),
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The start as epoch milliseconds, as the signup route carries it. */
  clsStartTime: z.string(),
  capacity: z.number().int(),
  booked: z.number().int(),
  spotsLeft: z.number().int(),
  waitlisted: z.number().int(),
  status: z.enum(SESSION_STATUSES),
  /** Null on the public calendar unless the tenant shows room names (isShowRoomName). */
  roomName: z.string().nullable(),
  teacherName: z.string().nullable(),
  priceMinor: z.number().int().nullable(),
  /** Held online (Zoom): the join link goes to those booked. */
  isOnline: z.boolean(),
  /** Staff calendar only: another scheduled session shares its room or teacher at the same time. */
  overlap: z.boolean().optional(),
  /** Whether a full class still takes names on its waitlist (its waitlist is on and not full). */
  waitlistOpen: z.boolean(),
});
export type ClassSession = z.infer<typeof ClassSession>;
export const ClassSessionList = z.object({ data: z.array(ClassSession), timezone: z.string() });
export type ClassSessionList = z.infer<typeof ClassSessionList>;

/**
 * offered: a freed spot held for the first on the waitlist to confirm; pending: a spot held while
 * the drop-in is paid at checkout.
 */
export const BOOKING_STATUSES = ['booked', 'waitlisted', 'offered', 'pending', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** How a place is paid: free, held for the checkout, paid, to pay at the desk, or by the person's membership (an unlimited plan or a class credit). */
export const BOOKING_PAYMENTS = ['free', 'checkout', 'paid', 'at_desk', 'membership'] as const;
export type BookingPayment = (typeof BOOKING_PAYMENTS)[number];

/** A session as a signed-in student sees it: with their own booking, when they have one. */
export const StudentSession = ClassSession.extend({
  myBookingId: z.string().nullable(),
  myStatus: z.enum(BOOKING_STATUSES).nullable(),
  /** 1 for the first in line; null unless waitlisted. */
  myWaitlistPosition: z.number().int().nullable(),
  /** Until when an offered or pending spot is held for the student. */
  myHoldExpiresAt: z.string().nullable(),
  myPayment: z.enum(BOOKING_PAYMENTS).nullable(),
  /**
   * The drop-in's invoice link id while it is to be paid: by card while the spot is held (pending),
   * or at the studio (booked, myPayment at_desk, when the studio takes no cards online).
   */
  myInvoicePublicId: z.string().nullable(),
  /** An online class's join link, once the student holds a booked place. */
  myJoinUrl: z.string().nullable(),
});
export type StudentSession = z.infer<typeof StudentSession>;
export const StudentSessionList = z.object({ data: z.array(StudentSession), timezone: z.string() });
export type StudentSessionList = z.infer<typeof StudentSessionList>;

export const Booking = z.object({
  guId: z.string(),
  sessionId: z.string(),
  contactId: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(BOOKING_STATUSES),
  waitlistPosition: z.number().int().nullable(),
  attended: z.boolean(),
  /** When the place was taken (the waitlist's order after staff's ranks). */
  bookedAt: z.string(),
  payment: z.enum(BOOKING_PAYMENTS),
  holdExpiresAt: z.string().nullable(),
  /** Cancelled inside the account's cancel cutoff (shown on the roster). */
  lateCancel: z.boolean(),
  noShow: z.boolean(),
});
export type Booking = z.infer<typeof Booking>;

/** Another session in the same room, or with the same teacher, at an overlapping time. */
export const SessionOverlap = z.object({
  sessionId: z.string(),
  name: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  reason: z.enum(['room', 'teacher']),
});
export type SessionOverlap = z.infer<typeof SessionOverlap>;

export const Roster = z.object({
  session: ClassSession,
  bookings: z.array(Booking),
  /** When the desk closed check-in (absent booked places were marked no-show); null while open. */
  checkInClosedAt: z.string().nullable(),
  /** The session's own room and teacher (the edit form starts from them). */
  roomId: z.string().nullable(),
  teacherId: z.string().nullable(),
  /** The session's own waitlist switch and size (its class's, unless changed on the session). */
  waitlistEnabled: z.boolean(),
  waitlistSize: z.number().int().nullable(),
  /** An online class's join link. */
  joinUrl: z.string().nullable(),
  /** Other sessions in its room or with its teacher at an overlapping time (flagged, not refused). */
  overlaps: z.array(SessionOverlap),
});
export type Roster = z.infer<typeof Roster>;

/** POST /snode/mybooking: the session by its rule and start (the signup route's parts), or its id. */
export const StudentBookingInput = z
  .object({
    classId: z.uuid('classId must be a class id'),
    clsStartTime: z
      .string({ error: 'clsStartTime must be the start time in milliseconds' })
      .regex(/^\d{1,15}$/, 'clsStartTime must be the start time in milliseconds'),
    scheduleId: z.uuid('scheduleId must be a session id').optional(),
  })
  .strict();
export type StudentBookingInput = z.infer<typeof StudentBookingInput>;

/** POST /snode/session/{id}/booking: staff add a contact to the roster. */
export const StaffBookingInput = z.object({ contactId: z.uuid('contactId must be a contact id') }).strict();
export type StaffBookingInput = z.infer<typeof StaffBookingInput>;

/** PUT /snode/session/{id}/waitlist: the waitlist in the new order (every waiting booking id once). */
export const WaitlistOrderInput = z
  .object({
    waitlist: z
      .array(z.uuid('waitlist must list booking ids'), { error: 'waitlist must list booking ids' })
      .min(1, 'waitlist must list booking ids')
      .max(500, 'waitlist must list booking ids'),
  })
  .strict();
export type WaitlistOrderInput = z.infer<typeof WaitlistOrderInput>;

/** A private calendar feed's address (GET /snode/calendarfeed?kind=). */
export const CALENDAR_FEED_KINDS = ['student', 'teacher'] as const;
export const CalendarFeedQuery = z.object({
  kind: z.enum(CALENDAR_FEED_KINDS, { error: 'kind must be student or teacher' }),
});
export const CalendarFeed = z.object({ url: z.string(), kind: z.enum(CALENDAR_FEED_KINDS) });
export type CalendarFeed = z.infer<typeof CalendarFeed>;

export const AttendanceInput = z.object({ attended: z.boolean({ error: 'attended must be true or false' }) }).strict();
export type AttendanceInput = z.infer<typeof AttendanceInput>;

export const PublicSessionQuery = z
  .object({
    id: z.uuid('id must be a session id').optional(),
    classId: z.uuid('classId must be a class id').optional(),
    clsStartTime: z
      .string()
      .regex(/^\d{1,15}$/, 'clsStartTime must be the start time in milliseconds')
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.id && !(value.classId && value.clsStartTime))
      ctx.addIssue({ code: 'custom', path: ['id'], message: 'id (or classId and clsStartTime) is required' });
  });
export type PublicSessionQuery = z.infer<typeof PublicSessionQuery>;

/** A day's label for a list of weekdays: "Mon, Wed". */
export function weekdaysLabel(days: readonly number[]): string {
  return [...days]
    .sort((a, b) => a - b)
    .map((d) => (WEEKDAY_NAMES[d] ?? '').slice(0, 3))
    .join(', ');
}

// ---------------------------------------------------------------- a contact's bookings (detail screen)

/** One of a contact's places as their detail screen lists it. */
export const ContactBooking = z.object({
  guId: z.string(),
  sessionId: z.string(),
  className: z.string(),
  startsAt: z.string(),
  status: z.enum(BOOKING_STATUSES),
  /** The studio cancelled the class itself. */
  sessionCancelled: z.boolean(),
  waitlistPosition: z.number().int().nullable(),
  attended: z.boolean(),
  noShow: z.boolean(),
  lateCancel: z.boolean(),
  payment: z.enum(BOOKING_PAYMENTS),
});
export type ContactBooking = z.infer<typeof ContactBooking>;

/** Counted over the contact's classes that have started; rate is attended / (attended + no-shows), in percent. */
export const ContactAttendance = z.object({
  attended: z.number().int(),
  noShows: z.number().int(),
  lateCancels: z.number().int(),
  rate: z.number().int().nullable(),
});
export type ContactAttendance = z.infer<typeof ContactAttendance>;

export const CONTACT_BOOKINGS_PAGE = 20;
/** GET /snode/contact/{id}/bookings: start and length page the past classes (newest first). */
export const ContactBookingsQuery = z.object({
  start: z.coerce.number({ error: 'start must be a number' }).int().min(0, 'start must be 0 or more').default(0),
  length: z.coerce
    .number({ error: 'length must be a number' })
    .int()
    .min(1, 'length must be between 1 and 100')
    .max(100, 'length must be between 1 and 100')
    .default(CONTACT_BOOKINGS_PAGE),
});
export type ContactBookingsQuery = z.infer<typeof ContactBookingsQuery>;

export const ContactBookings = z.object({
  /** Every live place in a class still to come, soonest first. */
  upcoming: z.array(ContactBooking),
  /** Classes that have started (attended, no-shows, late cancels, still open), newest first. */
  past: z.array(ContactBooking),
  pastTotal: z.number().int(),
  attendance: ContactAttendance,
  timezone: z.string(),
});
export type ContactBookings = z.infer<typeof ContactBookings>;

/**
 * GET /snode/mybookings: the signed-in person's own places (as the desk sees a contact's), with the
 * studio's cancel cutoff, so the portal can say before a cancel that it is late and what that costs.
 */
export const MyBookings = ContactBookings.extend({ cancelCutoffHours: z.number().int() });
export type MyBookings = z.infer<typeof MyBookings>;

// ---------------------------------------------------------------- one session edited on its own

/**
 * PUT /snode/session/{id}: this session only (a drag on the staff calendar sends date and
 * startTime). Date and time are the tenant's; what is left out stays as it is. The session then
 * keeps these values when its series is edited.
 */
export const SessionEditInput = z
  .object({
    date: calendarDate('date').optional(),
    startTime: z
      .string({ error: 'startTime must be a time (HH:mm)' })
      .regex(TIME_PATTERN, 'startTime must be a time (HH:mm)')
      .optional(),
    durationMinutes: classRuleFields.durationMinutes.optional(),
    capacity: classRuleFields.capacity,
    roomId: classRuleFields.roomId,
    teacherId: classRuleFields.teacherId,
    waitlistEnabled: classRuleFields.waitlistEnabled,
    waitlistSize: classRuleFields.waitlistSize,
  })
  .strict()
  .refine((value) => Object.values(value).some((v) => v !== undefined), {
    message: SCHEDULE_MESSAGES.nothingToChange,
    path: ['date'],
  });
export type SessionEditInput = z.infer<typeof SessionEditInput>;

export const SessionEdited = z.object({
  session: ClassSession,
  /** How many people with a place (booked, held or waiting) were told of the new time or room. */
  notified: z.number().int(),
  /** Flagged, not refused: the desk may mean it (a shared room, a teacher covering back to back). */
  overlaps: z.array(SessionOverlap),
});
export type SessionEdited = z.infer<typeof SessionEdited>;

/** "The room is also used by Yoga (Mon 6:00 PM)." */
export function overlapLabel(overlap: SessionOverlap, when: string): string {
  return overlap.reason === 'room'
    ? `The room is also used by ${overlap.name} (${when}).`
    : `The teacher also teaches ${overlap.name} (${when}).`;
}
