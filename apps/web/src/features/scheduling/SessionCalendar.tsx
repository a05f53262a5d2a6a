import { type ClassSession, dateInZone, eventTitle } from '@atrium/contracts';
import FullCalendar, { type CalendarRef } from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/react/daygrid';
import interactionPlugin from '@fullcalendar/react/interaction';
import listPlugin from '@fullcalendar/react/list';
import classicThemePlugin from '@fullcalendar/react/themes/classic';
import timeGridPlugin from '@fullcalendar/react/timegrid';
import { Alert, Box, Loader, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useEffect, useRef } from 'react';
import '@fullcalendar/react/skeleton.css';
import '@fullcalendar/react/themes/classic/theme.css';
import '@fullcalendar/react/themes/classic/palette.css';
import './session-calendar.css';
import type { DayRange } from './api';
import { classHours } from './calendar-opening';
import { movedWallTime } from './session-format';

interface Props<S extends ClassSession> {
  sessions: readonly S[];
  timeZone: string;
  loading: boolean;
  /** The tenant's days the visible range covers (a day more each side: the zone's midnights). */
  onRangeChange: (range: DayRange) => void;
  onPick: (session: S) => void;
  /** Extra text on an event (the student's own booking state). */
  describe?: (session: S) => string | null;
  /**
   * Staff who manage classes drag a session to move it (its tenant date and time); false reverts
   * the drop. The roster's "Change this class" form is the keyboard way to do the same.
   */
  onMove?: (session: S, to: { date: string; startTime: string }) => Promise<boolean>;
  label: string;
  /** A day to open on instead of this period (once, before the viewer moves): the next period with classes. */
  openAt?: string | null;
}

const addDay = (date: string, days: number) => {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

/**
 * FullCalendar 7 in the tenant's zone: month, week, day and list views (the list first at phone
 * width). Each session shows its name, the room when the answer carries it and the spots left.
 */
export function SessionCalendar<S extends ClassSession>({
  sessions,
  timeZone,
  loading,
  onRangeChange,
  onPick,
  describe,
  onMove,
  label,
  openAt,
}: Props<S>) {
  const phone = useMediaQuery('(max-width: 600px)', false, { getInitialValueInEffect: false });
  const calendar = useRef<CalendarRef>(null);
  const moves = useRef(0);
  const opened = useRef(false);
  useEffect(() => {
    // only the calendar's own first period gives way; once the viewer has moved, it stays theirs
    if (!openAt || opened.current || moves.current > 1) return;
    opened.current = true;
    calendar.current?.getApi().gotoDate(openAt);
  }, [openAt]);
  // A screen that turns phone-sized (a rotated tablet, a narrowed window) gets the list, as a phone
  // opens with: a week's columns at 390 px squeeze side-by-side classes below a 24 px target.
  const wasPhone = useRef(phone);
  useEffect(() => {
    if (wasPhone.current === phone) return;
    wasPhone.current = phone;
    calendar.current?.getApi().changeView(phone ? 'listWeek' : 'timeGridWeek');
  }, [phone]);
  const hours = classHours(sessions, timeZone);
  const byId = new Map(sessions.map((s) => [s.guId, s]));
  const events = sessions.map((s) => {
    const extra = describe?.(s);
    return {
      id: s.guId,
      title: extra ? `${eventTitle(s)} · ${extra}` : eventTitle(s),
      start: s.startsAt,
      end: s.endsAt,
      // Only a session still to come, and not cancelled, can be moved.
      editable: Boolean(onMove) && s.status !== 'cancelled' && new Date(s.startsAt).getTime() > Date.now(),
    };
  });
  return (
    <Box component="section" className="session-calendar" aria-label={label} pos="relative" aria-busy={loading}>
      {loading ? <Loader size="sm" pos="absolute" top={8} right={8} aria-label="Loading classes" /> : null}
      <FullCalendar
        ref={calendar}
        plugins={[dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin, classicThemePlugin]}
        timeZone={timeZone}
        initialView={phone ? 'listWeek' : 'timeGridWeek'}
        headerToolbar={
          phone
            ? { start: 'prev,next today', center: 'title', end: 'listWeek,dayGridMonth' }
            : { start: 'prev,next today', center: 'title', end: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' }
        }
        // A week spanning two months ("November 29 – December 5, 2026") ran off a 390 px phone.
        views={{ listWeek: { titleFormat: { year: 'numeric', month: 'short', day: 'numeric' } } }}
        height="auto"
        eventColor="#1d4ed8"
        eventContrastColor="#ffffff"
        allDaySlot={false}
        // the grid opens at the studio's first class hour, not at midnight
        slotMinTime={hours.slotMinTime}
        slotMaxTime={hours.slotMaxTime}
        // each entry is a target of at least 24 px (WCAG 2.2 2.5.8), in the month view too
        eventClass="session-event"
        noEventsText="No classes in this period."
        events={events}
        eventDurationEditable={false}
        eventDrop={async (info) => {
          const session = byId.get(info.event.id);
          const moved =
            session && onMove ? await onMove(session, movedWallTime(session.startsAt, timeZone, info.delta)) : false;
          if (!moved) info.revert();
        }}
        eventClick={(info) => {
          info.jsEvent.preventDefault();
          const session = byId.get(info.event.id);
          if (session) onPick(session);
        }}
        datesSet={(info) => {
          moves.current += 1;
          onRangeChange({
            from: addDay(dateInZone(info.start, timeZone), -1),
            to: addDay(dateInZone(new Date(info.end.getTime() - 1), timeZone), 1),
          });
        }}
      />
    </Box>
  );
}

/** The studio's classes on the calendar, under the alert a failed load shows. */
export function ClassesCalendar<S extends ClassSession>({
  query,
  ...props
}: Omit<Props<S>, 'sessions' | 'loading' | 'label'> & {
  query: { data?: { data: S[] }; isError: boolean; isFetching: boolean };
}) {
  return (
    <>
      {query.isError ? (
        <Alert color="red" title="Classes could not be loaded">
          Please try again.
        </Alert>
      ) : null}
      <SessionCalendar label="Classes" sessions={query.data?.data ?? []} loading={query.isFetching} {...props} />
    </>
  );
}

/**
 * A calendar screen (staff's, a member's, the public timetable): a section named by its level-1 title,
 * the studio's classes, and what goes under them (the feed panel, the class's dialog).
 */
export function CalendarScreen<S extends ClassSession>({
  titleId,
  title,
  padded = false,
  children,
  ...calendar
}: Parameters<typeof ClassesCalendar<S>>[0] & {
  titleId: string;
  title: string;
  padded?: boolean;
  children: ReactNode;
}) {
  return (
    <Stack component="section" aria-labelledby={titleId} gap="md" p={padded ? 'md' : undefined}>
      <Title order={1} id={titleId}>
        {title}
      </Title>
      <ClassesCalendar {...calendar} />
      {children}
    </Stack>
  );
}
