import type {
  ClassRule,
  ClassRuleInput,
  ClassRuleList,
  ClassSession,
  ClassSessionList,
  Room,
  RoomInput,
  RoomList,
  Roster,
  StudentBookingInput,
  StudentSession,
  StudentSessionList,
  TeacherList,
} from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

const id = (value: string) => encodeURIComponent(value);

/** A range of the tenant's days, both ends included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

/** The scheduling calls (decisions.md "Scheduling"). Form saves are silent: the form shows the field's message. */
export const schedulingApi = {
  rooms: () => apiRequest<RoomList>('/schedule/room'),
  createRoom: (body: RoomInput) => apiRequest<Room>('/schedule/room', { method: 'POST', body, silent: true }),
  updateRoom: (guId: string, body: RoomInput) =>
    apiRequest<Room>(`/schedule/room/${id(guId)}`, { method: 'PUT', body, silent: true }),
  deleteRoom: (guId: string) => apiRequest<null>(`/schedule/room/${id(guId)}`, { method: 'DELETE' }),
  teachers: () => apiRequest<TeacherList>('/schedule/teacher'),
  rules: () => apiRequest<ClassRuleList>('/schedule/classrule'),
  createRule: (body: ClassRuleInput) =>
    apiRequest<ClassRule>('/schedule/classrule', { method: 'POST', body, silent: true }),
  updateRule: (guId: string, body: ClassRuleInput) =>
    apiRequest<ClassRule>(`/schedule/classrule/${id(guId)}`, { method: 'PUT', body, silent: true }),
  staffSessions: (range: DayRange) => apiRequest<ClassSessionList>('/schedule/session', { query: { ...range } }),
  roster: (sessionId: string) => apiRequest<Roster>(`/schedule/session/${id(sessionId)}`),
  cancelSession: (sessionId: string) =>
    apiRequest<ClassSession>(`/schedule/session/${id(sessionId)}/cancel`, { method: 'PUT' }),
  attendance: (bookingId: string, attended: boolean) =>
    apiRequest<Roster>(`/schedule/booking/${id(bookingId)}/attendance`, { method: 'PUT', body: { attended } }),
  studentSessions: (range: DayRange) => apiRequest<StudentSessionList>('/student/classes', { query: { ...range } }),
  book: (body: StudentBookingInput) =>
    apiRequest<StudentSession>('/student/booking', { method: 'POST', body, silent: true }),
  cancelBooking: (bookingId: string) => apiRequest<null>(`/student/booking/${id(bookingId)}`, { method: 'DELETE' }),
  publicSessions: (range: DayRange) =>
    apiRequest<ClassSessionList>('/public/publicFitnessClass', { query: { ...range } }),
  publicSession: (classId: string, clsStartTime: string) =>
    apiRequest<ClassSession>('/public/publicScheduleMoreInfo', { query: { classId, clsStartTime }, silent: true }),
};
