import { type ClassSession, dateInZone, isClosedFull, SCHEDULE_MESSAGES } from '@atrium/contracts';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MantineScope } from '../../app/MantineScope';
import { queryClient } from '../../lib/query-client';
import { signupPath } from '../navigation/pending-event';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { type DayRange, schedulingApi } from './api';
import { ClassModal } from './ClassModal';
import { nextPeriodWithClasses } from './calendar-opening';
import { scheduleKeys, usePublicSessions } from './hooks';
import { CalendarScreen } from './SessionCalendar';

const addDays = (date: string, days: number) => {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
};

/** The public /calendar: the timetable; picking a class goes to its signup (login first). */
export default function PublicCalendarPage() {
  // The public shell is plain CSS: this screen brings Mantine and the query client itself.
  return (
    <MantineScope>
      <QueryClientProvider client={queryClient}>
        <PublicTimetable />
      </QueryClientProvider>
    </MantineScope>
  );
}

function PublicTimetable() {
  const tenant = useTenant();
  const title = tenant.scheduleLabel || 'Schedule';
  useDocumentHead(tenant, title);
  const navigate = useNavigate();
  const [range, setRange] = useState<DayRange | null>(null);
  const [picked, setPicked] = useState<ClassSession | null>(null);
  const sessions = usePublicSessions(range);
  const timeZone = sessions.data?.timezone ?? tenant.timezone;
  // The next two months, to open on the next period with classes rather than an empty one.
  const today = dateInZone(new Date(), tenant.timezone);
  const ahead = useQuery({
    queryKey: [...scheduleKeys.publicSessions(null), 'ahead', today],
    queryFn: () => schedulingApi.publicSessions({ from: today, to: addDays(today, 62) }),
  });
  const openAt =
    range && sessions.data && !sessions.isPlaceholderData && ahead.data
      ? nextPeriodWithClasses(range, sessions.data.data, ahead.data.data, timeZone, new Date())
      : null;

  return (
    <CalendarScreen
      titleId="public-calendar-title"
      title={title}
      padded
      query={sessions}
      timeZone={timeZone}
      onRangeChange={setRange}
      onPick={setPicked}
      openAt={openAt}
    >
      <Text size="sm">
        <Anchor href={`webcal://${window.location.host}/public/timetable.ics`}>
          Add this {title.toLowerCase()} to your calendar
        </Anchor>{' '}
        (or copy <Anchor href="/public/timetable.ics">its address</Anchor>
        ): it stays up to date, cancellations included.
      </Text>
      <ClassModal session={picked} timeZone={timeZone} onClose={() => setPicked(null)}>
        {(picked, open) =>
          open && isClosedFull(picked) ? (
            <Text fw={500} role="status">
              {SCHEDULE_MESSAGES.classFull}
            </Text>
          ) : open ? (
            <Group justify="flex-end">
              <Button
                onClick={() =>
                  navigate(
                    signupPath({
                      classId: picked.classId,
                      clsStartTime: picked.clsStartTime,
                      scheduleId: picked.guId,
                    }),
                  )
                }
              >
                {picked.spotsLeft > 0 ? tenant.registerButtonLabel || 'Book' : 'Join waitlist'}
              </Button>
            </Group>
          ) : null
        }
      </ClassModal>
    </CalendarScreen>
  );
}
