import { isClosedFull, SCHEDULE_MESSAGES, type StudentSession } from '@atrium/contracts';
import { Anchor, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { WaiverNeeded } from '../forms/WaiverNeeded';
import { MembershipBooking } from '../memberships/MembershipBooking';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import type { DayRange } from './api';
import { CalendarFeedPanel } from './CalendarFeedPanel';
import { ClassModal } from './ClassModal';
import { useBook, useCancelBooking, useConfirmBooking, useStudentSessions } from './hooks';
import { PayAtStudioNote } from './PayAtStudioNote';
import { AT_STUDIO, dropInPaymentPath, paysAtStudio, placePayment } from './place-payment';
import { CalendarScreen } from './SessionCalendar';

/** The student's own state on a session, as the calendar adds it to the event. */
export function myStateLabel(session: Pick<StudentSession, 'myStatus' | 'myWaitlistPosition'>): string | null {
  if (session.myStatus === 'booked') return 'Booked';
  if (session.myStatus === 'waitlisted') return `Waitlist #${session.myWaitlistPosition ?? '?'}`;
  if (session.myStatus === 'offered') return 'Spot held for you';
  if (session.myStatus === 'pending') return 'Awaiting payment';
  return null;
}

const clock = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));

/** What the student is told once a place is theirs (no card payment to go on to). */
const bookedToast = (session: StudentSession) =>
  paysAtStudio(session) ? `You are booked. ${AT_STUDIO}` : 'You are booked.';

/** /classes: the timetable with Book, Join waitlist and Cancel. */
export default function StudentClassesPage() {
  const tenant = useTenant();
  const title = tenant.appLabels[0] || 'Calendar';
  useDocumentHead(tenant, title);
  const [range, setRange] = useState<DayRange | null>(null);
  const [pickedId, setPickedId] = useState<string | null>(null);
  const sessions = useStudentSessions(range);
  const book = useBook();
  const cancel = useCancelBooking();
  const confirm = useConfirmBooking();
  const navigate = useNavigate();
  const [waiverNeeded, setWaiverNeeded] = useState(false);
  const timeZone = sessions.data?.timezone ?? tenant.timezone;
  const picked = sessions.data?.data.find((s) => s.guId === pickedId) ?? null;

  async function take(session: StudentSession) {
    try {
      const done = await book.mutateAsync({
        classId: session.classId,
        clsStartTime: session.clsStartTime,
        scheduleId: session.guId,
      });
      if (pay(done)) return;
      showSuccessToast(
        done.myStatus === 'booked' ? bookedToast(done) : `You are on the waitlist (#${done.myWaitlistPosition}).`,
      );
    } catch (error) {
      if (isApiError(error) && error.code === 'waiver_required') return setWaiverNeeded(true);
      showErrorToast(isApiError(error) || error instanceof Error ? error.message : String(error));
    }
  }

  /**
   * A place held for its card payment goes straight into the payment: its invoice's own page, asked
   * to start paying at once (the shop's checkout does the same), then back to the paid invoice.
   */
  function pay(session: StudentSession): boolean {
    const path = dropInPaymentPath(session);
    if (path) navigate(path);
    return path !== null;
  }

  async function accept(session: StudentSession) {
    if (!session.myBookingId) return;
    try {
      const done = await confirm.mutateAsync(session.myBookingId);
      if (pay(done)) return;
      showSuccessToast(bookedToast(done));
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
    const said: Record<string, string> = {
      booked: 'Your booking was cancelled.',
      waitlisted: 'You left the waitlist.',
      offered: 'You passed: the spot goes to the next person.',
      pending: 'Your booking was cancelled.',
    };
    if (done) showSuccessToast(said[session.myStatus ?? 'booked'] ?? 'Done.');
  }

  return (
    <CalendarScreen
      titleId="classes-title"
      title={title}
      query={sessions}
      timeZone={timeZone}
      onRangeChange={setRange}
      onPick={(s) => {
        setWaiverNeeded(false);
        setPickedId(s.guId);
      }}
      describe={myStateLabel}
    >
      <CalendarFeedPanel kind="student" />
      <ClassModal session={picked} timeZone={timeZone} onClose={() => setPickedId(null)}>
        {(picked, upcoming) => (
          <>
            {picked.myStatus ? <Text fw={500}>{myStateLabel(picked)}</Text> : null}
            {paysAtStudio(picked) ? <PayAtStudioNote invoicePublicId={picked.myInvoicePublicId} /> : null}
            {picked.myJoinUrl ? (
              <Text>
                This class is online:{' '}
                <Anchor href={picked.myJoinUrl} target="_blank" rel="noopener noreferrer">
                  Join online (opens Zoom)
                </Anchor>
              </Text>
            ) : picked.isOnline ? (
              <Text c="dimmed">This class is online: the link to join is given once you are booked.</Text>
            ) : null}
            {waiverNeeded ? <WaiverNeeded message={SCHEDULE_MESSAGES.waiverRequired} /> : null}
            {picked.myHoldExpiresAt && (picked.myStatus === 'offered' || picked.myStatus === 'pending') ? (
              <Text>
                {picked.myStatus === 'offered'
                  ? `A spot opened up and is held for you until ${clock(picked.myHoldExpiresAt, timeZone)}.`
                  : `Your spot is held until ${clock(picked.myHoldExpiresAt, timeZone)} while you pay.`}
              </Text>
            ) : null}
            {!upcoming ? (
              <Text c="dimmed">This class has started.</Text>
            ) : picked.myStatus === 'offered' ? (
              <Group justify="flex-end">
                <Button color="red.9" variant="outline" loading={cancel.isPending} onClick={() => leave(picked)}>
                  Pass
                </Button>
                <Button loading={confirm.isPending} onClick={() => accept(picked)}>
                  {picked.priceMinor ? placePayment(tenant.paymentProvider, 'Confirm').button : 'Confirm my spot'}
                </Button>
              </Group>
            ) : picked.myStatus === 'pending' ? (
              <Group justify="flex-end">
                <Button color="red.9" variant="outline" loading={cancel.isPending} onClick={() => leave(picked)}>
                  Cancel booking
                </Button>
                <Button onClick={() => pay(picked)}>Pay now</Button>
              </Group>
            ) : picked.myStatus ? (
              <Group justify="flex-end">
                <Button color="red.9" variant="outline" loading={cancel.isPending} onClick={() => leave(picked)}>
                  {picked.myStatus === 'booked' ? 'Cancel booking' : 'Leave waitlist'}
                </Button>
              </Group>
            ) : isClosedFull(picked) ? (
              <Text fw={500} role="status">
                {SCHEDULE_MESSAGES.classFull}
              </Text>
            ) : picked.priceMinor ? (
              <MembershipBooking
                dropIn={placePayment(tenant.paymentProvider, 'Book')}
                loading={book.isPending}
                full={picked.spotsLeft === 0}
                onBook={() => take(picked)}
              />
            ) : (
              <Group justify="flex-end">
                <Button loading={book.isPending} onClick={() => take(picked)}>
                  {picked.spotsLeft === 0 ? 'Join waitlist' : picked.priceMinor ? 'Book and pay' : 'Book'}
                </Button>
              </Group>
            )}
          </>
        )}
      </ClassModal>
    </CalendarScreen>
  );
}
