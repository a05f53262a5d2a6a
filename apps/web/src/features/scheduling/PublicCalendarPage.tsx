import { type ClassSession, SCHEDULE_MESSAGES } from '@atrium/contracts';
import { Anchor, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { MantineScope } from '../../app/MantineScope';
import { queryClient } from '../../lib/query-client';
import { signupPath } from '../navigation/pending-event';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import type { DayRange } from './api';
import { usePublicSessions } from './hooks';
import { ClassesCalendar } from './SessionCalendar';
import { SessionDetails } from './SessionDetails';
import { isClosedFull } from './session-format';

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
  const phone = useMediaQuery('(max-width: 600px)');
  const [range, setRange] = useState<DayRange | null>(null);
  const [picked, setPicked] = useState<ClassSession | null>(null);
  const sessions = usePublicSessions(range);
  const timeZone = sessions.data?.timezone ?? tenant.timezone;
  const open = picked ? new Date(picked.startsAt).getTime() > Date.now() : false;

  return (
    <Stack component="section" aria-labelledby="public-calendar-title" gap="md" p="md">
      <Title order={1} id="public-calendar-title">
        {title}
      </Title>
      <ClassesCalendar query={sessions} timeZone={timeZone} onRangeChange={setRange} onPick={setPicked} />
      <Text size="sm">
        <Anchor href={`webcal://${window.location.host}/public/timetable.ics`}>
          Add this {title.toLowerCase()} to your calendar
        </Anchor>{' '}
        (or copy <Anchor href="/public/timetable.ics">its address</Anchor>
        ): it stays up to date, cancellations included.
      </Text>
      <Modal
        opened={picked !== null}
        onClose={() => setPicked(null)}
        title={picked?.name ?? 'Class'}
        fullScreen={phone}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {picked ? (
          <Stack gap="sm">
            <SessionDetails session={picked} timeZone={timeZone} />
            {open && isClosedFull(picked) ? (
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
            ) : null}
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
