import type { ClassRuleInput, RoomInput, Roster, SessionEditInput, StudentBookingInput } from '@atrium/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CalendarFeedKind, type DayRange, schedulingApi } from './api';

export const scheduleKeys = {
  rooms: ['scheduling', 'rooms'] as const,
  teachers: ['scheduling', 'teachers'] as const,
  rules: ['scheduling', 'rules'] as const,
  staffSessions: (range: DayRange | null) => ['scheduling', 'sessions', 'staff', range] as const,
  studentSessions: (range: DayRange | null) => ['scheduling', 'sessions', 'student', range] as const,
  publicSessions: (range: DayRange | null) => ['scheduling', 'sessions', 'public', range] as const,
  roster: (sessionId: string | null) => ['scheduling', 'roster', sessionId] as const,
};

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['scheduling'] });
}

export const useRooms = () => useQuery({ queryKey: scheduleKeys.rooms, queryFn: schedulingApi.rooms });
export const useTeachers = (enabled = true) =>
  useQuery({ queryKey: scheduleKeys.teachers, queryFn: schedulingApi.teachers, enabled });
export const useRules = () => useQuery({ queryKey: scheduleKeys.rules, queryFn: schedulingApi.rules });

export function useSaveRoom() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ guId, body }: { guId: string | null; body: RoomInput }) =>
      guId ? schedulingApi.updateRoom(guId, body) : schedulingApi.createRoom(body),
    onSuccess: invalidate,
  });
}

export function useDeleteRoom() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: schedulingApi.deleteRoom, onSuccess: invalidate });
}

export function useSaveRule() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ guId, body }: { guId: string | null; body: ClassRuleInput }) =>
      guId ? schedulingApi.updateRule(guId, body) : schedulingApi.createRule(body),
    onSuccess: invalidate,
  });
}

export function useStaffSessions(range: DayRange | null) {
  return useQuery({
    queryKey: scheduleKeys.staffSessions(range),
    queryFn: () => schedulingApi.staffSessions(range as DayRange),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

export function useStudentSessions(range: DayRange | null) {
  return useQuery({
    queryKey: scheduleKeys.studentSessions(range),
    queryFn: () => schedulingApi.studentSessions(range as DayRange),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

export function usePublicSessions(range: DayRange | null) {
  return useQuery({
    queryKey: scheduleKeys.publicSessions(range),
    queryFn: () => schedulingApi.publicSessions(range as DayRange),
    enabled: range !== null,
    placeholderData: keepPreviousData,
  });
}

export function useRoster(sessionId: string | null) {
  return useQuery({
    queryKey: scheduleKeys.roster(sessionId),
    queryFn: () => schedulingApi.roster(sessionId as string),
    enabled: sessionId !== null,
  });
}

export function useAttendance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, attended }: { bookingId: string; attended: boolean }) =>
      schedulingApi.attendance(bookingId, attended),
    // The answer is the session's roster as it is now.
    onSuccess: (roster) => client.setQueryData(scheduleKeys.roster(roster.session.guId), roster),
  });
}

/** The front desk adds a contact to a session (booked, or waitlisted when full). */
export function useAddToRoster() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ sessionId, contactId }: { sessionId: string; contactId: string }) =>
      schedulingApi.addToRoster(sessionId, contactId),
    onSuccess: (roster) => {
      client.setQueryData(scheduleKeys.roster(roster.session.guId), roster);
      return client.invalidateQueries({ queryKey: ['scheduling', 'sessions'] });
    },
  });
}

/** One session moved or changed on its own; the calendars and its roster refresh. */
export function useEditSession() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ sessionId, body }: { sessionId: string; body: SessionEditInput }) =>
      schedulingApi.editSession(sessionId, body),
    onSuccess: invalidate,
  });
}

export function useCancelSession() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: schedulingApi.cancelSession, onSuccess: invalidate });
}

export function useBook() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: StudentBookingInput) => schedulingApi.book(body), onSuccess: invalidate });
}

export function useCancelBooking() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: schedulingApi.cancelBooking, onSuccess: invalidate });
}

export function useConfirmBooking() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: schedulingApi.confirmBooking, onSuccess: invalidate });
}

/** Roster changes from the desk: the roster answered is put in the cache, the calendars refetch. */
function useRosterChange<V>(change: (vars: V) => Promise<Roster>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (roster) => {
      client.setQueryData(scheduleKeys.roster(roster.session.guId), roster);
      return client.invalidateQueries({ queryKey: ['scheduling', 'sessions'] });
    },
  });
}

export function useReorderWaitlist() {
  return useRosterChange((vars: { sessionId: string; waitlist: string[] }) =>
    schedulingApi.reorderWaitlist(vars.sessionId, vars.waitlist),
  );
}

export function useCloseCheckIn() {
  return useRosterChange((sessionId: string) => schedulingApi.closeCheckIn(sessionId));
}

export function useCalendarFeed(kind: CalendarFeedKind, enabled: boolean) {
  return useQuery({
    queryKey: ['scheduling', 'feed', kind],
    queryFn: () => schedulingApi.calendarFeed(kind),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useRevokeCalendarFeed(kind: CalendarFeedKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => schedulingApi.revokeCalendarFeed(kind),
    onSuccess: () => client.invalidateQueries({ queryKey: ['scheduling', 'feed', kind] }),
  });
}
