import type {
  CalendarFeed,
  ClassRule,
  ClassRuleInput,
  ClassRuleList,
  ClassSession,
  ClassSessionList,
  ContactBookings,
  MyBookings,
  Room,
  RoomInput,
  RoomList,
  Roster,
  SessionEdited,
  SessionEditInput,
  StaffCalendar,
  StudentBookingInput,
  StudentSession,
  StudentSessionList,
  TeacherList,
} from '@atrium/contracts';
import { decodeStaffCalendar } from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

const id = (value: string) => encodeURIComponent(value);

export type CalendarFeedKind = CalendarFeed['kind'];

/** A range of the tenant's days, both ends included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

/** The scheduling calls (decisions.md "Scheduling"). Form saves are silent: the form shows the field's message. */
export const schedulingApi = {
  rooms: () => apiRequest<RoomList>('/snode/room'),
  createRoom: (body: RoomInput) => apiRequest<Room>('/snode/room', { method: 'POST', body, silent: true }),
  updateRoom: (guId: string, body: RoomInput) =>
    apiRequest<Room>(`/snode/room/${id(guId)}`, { method: 'PUT', body, silent: true }),
  deleteRoom: (guId: string) => apiRequest<null>(`/snode/room/${id(guId)}`, { method: 'DELETE' }),
  teachers: () => apiRequest<TeacherList>('/snode/teacher'),
  rules: () => apiRequest<ClassRuleList>('/snode/classrule'),
  createRule: (body: ClassRuleInput) =>
    apiRequest<ClassRule>('/snode/classrule', { method: 'POST', body, silent: true }),
  updateRule: (guId: string, body: ClassRuleInput) =>
    apiRequest<ClassRule>(`/snode/classrule/${id(guId)}`, { method: 'PUT', body, silent: true }),
  /** The staff calendar: fetched in its compact form (a month is ~75 bytes a session), decoded here. */
  staffSessions: async (range: DayRange): Promise<ClassSessionList> => {
    const calendar = await apiRequest<StaffCalendar>('/snode/session/calendar', { query: { ...range } });
    return { data: decodeStaffCalendar(calendar), timezone: calendar.timezone };
  },
  roster: (sessionId: string) => apiRequest<Roster>(`/snode/session/${id(sessionId)}`),
  /** Silent: the drag reverts and says why; the form shows the field's message. */
  editSession: (sessionId: string, body: SessionEditInput) =>
    apiRequest<SessionEdited>(`/snode/session/${id(sessionId)}`, { method: 'PUT', body, silent: true }),
  cancelSession: (sessionId: string) =>
    apiRequest<ClassSession>(`/snode/session/${id(sessionId)}/cancel`, { method: 'PUT' }),
  addToRoster: (sessionId: string, contactId: string) =>
    apiRequest<Roster>(`/snode/session/${id(sessionId)}/booking`, { method: 'POST', body: { contactId } }),
  attendance: (bookingId: string, attended: boolean) =>
    apiRequest<Roster>(`/snode/booking/${id(bookingId)}/attendance`, { method: 'PUT', body: { attended } }),
  contactBookings: (contactId: string, start: number) =>
    apiRequest<ContactBookings>(`/snode/contact/${id(contactId)}/bookings`, { query: { start } }),
  studentSessions: (range: DayRange) => apiRequest<StudentSessionList>('/snode/myclasses', { query: { ...range } }),
  /** The signed-in person's own places (to come, and past ones from `start`) and the cancel cutoff. */
  myBookings: (start: number) => apiRequest<MyBookings>('/snode/mybookings', { query: { start } }),
  book: (body: StudentBookingInput) =>
    apiRequest<StudentSession>('/snode/mybooking', { method: 'POST', body, silent: true }),
  cancelBooking: (bookingId: string) => apiRequest<null>(`/snode/mybooking/${id(bookingId)}`, { method: 'DELETE' }),
  /** Takes the spot held for the student from the waitlist. */
  confirmBooking: (bookingId: string) =>
    apiRequest<StudentSession>(`/snode/mybooking/${id(bookingId)}/confirm`, { method: 'PUT', silent: true }),
  reorderWaitlist: (sessionId: string, waitlist: string[]) =>
    apiRequest<Roster>(`/snode/session/${id(sessionId)}/waitlist`, { method: 'PUT', body: { waitlist } }),
  closeCheckIn: (sessionId: string) =>
    apiRequest<Roster>(`/snode/session/${id(sessionId)}/checkin/close`, { method: 'PUT' }),
  calendarFeed: (kind: CalendarFeedKind) => apiRequest<CalendarFeed>('/snode/calendarfeed', { query: { kind } }),
  revokeCalendarFeed: (kind: CalendarFeedKind) =>
    apiRequest<null>('/snode/calendarfeed', { method: 'DELETE', query: { kind } }),
  publicSessions: (range: DayRange) =>
    apiRequest<ClassSessionList>('/public/publicFitnessClass', { query: { ...range } }),
  publicSession: (classId: string, clsStartTime: string) =>
    apiRequest<ClassSession>('/public/publicScheduleMoreInfo', { query: { classId, clsStartTime }, silent: true }),
};
