import type { StudentSession } from '@atrium/contracts';
import { Alert, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { isApiError } from '../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { MembershipBooking } from '../memberships/MembershipBooking';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import type { DayRange } from './api';
import { useBook, useCancelBooking, useStudentSessions } from './hooks';
import { SessionCalendar } from './SessionCalendar';
import { SessionDetails } from './SessionDetails';

/** The student's own state on a session, as the calendar adds it to the event. */
export function myStateLabel(session: Pick<StudentSession, 'myStatus' | 'myWaitlistPosition'>): string | null {
  if (session.myStatus === 'booked') return 'Booked';
  if (session.myStatus === 'waitlisted') return `Waitlist #${session.myWaitlistPosition ?? '?'}`;
  return null;
}

/** /classes: the timetable with Book, Join waitlist and Cancel. */
export default function StudentClassesPage() {
  const tenant = useTenant();
  const title = tenant.appLabels[0] || 'Calendar';
  useDocumentHead(tenant, title);
  const phone = useMediaQuery('(max-width: 600px)');
  const [range, setRange] = useState<DayRange | null>(null);
  const [pickedId, setPickedId] = useState<string | null>(null);
  const sessions = useStudentSessions(range);
  const book = useBook();
  const cancel = useCancelBooking();
  const timeZone = sessions.data?.timezone ?? tenant.timezone;
  const picked = sessions.data?.data.find((s) => s.guId === pickedId) ?? null;

  async function take(session: StudentSession) {
    try {
      const done = await book.mutateAsync({
        classId: session.classId,
        clsStartTime: session.clsStartTime,
        scheduleId: session.guId,
      });
      showSuccessToast(
        done.myStatus === 'booked' ? 'You are booked.' : `You are on the waitlist (#${done.myWaitlistPosition}).`,
      );
    } catch (error) {
      showErrorToast(isApiError(error) || error instanceof Error ? error.message : String(error));
    }
  }

  async function leave(session: StudentSession) {
    if (!session.myBookingId) return;
    const done = await cancel
      .mutateAsync(session.myBookingId)
      .then(() => true)
      .catch(() => false);
    if (done)
      showSuccessToast(session.myStatus === 'booked' ? 'Your booking was cancelled.' : 'You left the waitlist.');
  }

  const upcoming = picked ? new Date(picked.startsAt).getTime() > Date.now() : false;
  return (
    <Stack component="section" aria-labelledby="classes-title" gap="md">
      <Title order={1} id="classes-title">
        {title}
      </Title>
      {sessions.isError ? (
        <Alert color="red" title="Classes could not be loaded">
          Please try again.
        </Alert>
      ) : null}
      <SessionCalendar
        label="Classes"
        sessions={sessions.data?.data ?? []}
        timeZone={timeZone}
        loading={sessions.isFetching}
        onRangeChange={setRange}
        onPick={(s) => setPickedId(s.guId)}
        describe={myStateLabel}
      />
      <Modal
        opened={picked !== null}
        onClose={() => setPickedId(null)}
        title={picked?.name ?? 'Class'}
        fullScreen={phone}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {picked ? (
          <Stack gap="sm">
            <SessionDetails session={picked} timeZone={timeZone} />
            {picked.myStatus ? <Text fw={500}>{myStateLabel(picked)}</Text> : null}
            {!upcoming ? (
              <Text c="dimmed">This class has started.</Text>
            ) : picked.myStatus ? (
              <Group justify="flex-end">
                <Button color="red.9" variant="outline" loading={cancel.isPending} onClick={() => leave(picked)}>
                  {picked.myStatus === 'booked' ? 'Cancel booking' : 'Leave waitlist'}
                </Button>
              </Group>
            ) : picked.priceMinor ? (
              <MembershipBooking loading={book.isPending} full={picked.spotsLeft === 0} onBook={() => take(picked)} />
            ) : (
              <Group justify="flex-end">
                <Button loading={book.isPending} onClick={() => take(picked)}>
                  {picked.spotsLeft > 0 ? 'Book' : 'Join waitlist'}
                </Button>
              </Group>
            )}
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
