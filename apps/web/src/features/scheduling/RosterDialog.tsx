import { type Booking, type ClassSession, overlapLabel, spotsLabel } from '@atrium/contracts';
import { Alert, Anchor, Badge, Button, Checkbox, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { showErrorToast, showSuccessToast } from '../../lib/notify';
import { ContactSearch } from '../contacts/ContactSearch';
import { useAddToRoster, useAttendance, useCancelSession, useCloseCheckIn, useRoster } from './hooks';
import { SessionEditForm } from './SessionEditForm';
import { timeRange } from './session-format';
import { WaitlistEditor } from './WaitlistEditor';

interface Props {
  session: ClassSession | null;
  timeZone: string;
  /** Whether the user may cancel a session ('Manage Classes / Programs'). */
  canManage: boolean;
  /** Whether the user may search contacts ('Manage Contacts'), to add someone at the door. */
  canAddPeople: boolean;
  onClose: () => void;
}

const dayLabel = (iso: string, timeZone: string) => {
  try {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'full' }).format(new Date(iso));
  }
};

/** What the desk needs to know about a booked place: how it is paid, and a no-show. */
function PlaceBadges({ booking }: { booking: Booking }) {
  return (
    <Group gap={4}>
      {booking.payment === 'at_desk' ? (
        <Badge color="orange" variant="light">
          Unpaid: pay at the desk
        </Badge>
      ) : null}
      {booking.payment === 'paid' ? (
        <Badge color="teal" variant="light">
          Paid
        </Badge>
      ) : null}
      {booking.noShow ? <Badge color="red.9">No-show</Badge> : null}
    </Group>
  );
}

const HELD_LABEL: Record<string, string> = {
  offered: 'Spot offered from the waitlist, waiting for an answer',
  pending: 'Paying for the drop-in online',
};

/** A session's roster: check people in (works at phone width), see the waitlist, cancel the session. */
export function RosterDialog({ session, timeZone, canManage, canAddPeople, onClose }: Props) {
  const phone = useMediaQuery('(max-width: 600px)');
  const roster = useRoster(session?.guId ?? null);
  const attendance = useAttendance();
  const cancel = useCancelSession();
  const add = useAddToRoster();
  const current = roster.data?.session ?? session;
  const booked = roster.data?.bookings.filter((b) => b.status === 'booked') ?? [];
  const waiting = roster.data?.bookings.filter((b) => b.status === 'waitlisted') ?? [];
  const held = roster.data?.bookings.filter((b) => b.status === 'offered' || b.status === 'pending') ?? [];
  const lateCancels = roster.data?.bookings.filter((b) => b.status === 'cancelled') ?? [];
  const closeCheckIn = useCloseCheckIn();
  const closedAt = roster.data?.checkInClosedAt ?? null;
  const upcoming = current ? new Date(current.startsAt).getTime() > Date.now() : false;
  const open = current ? current.status !== 'cancelled' && new Date(current.endsAt).getTime() > Date.now() : false;
  const [editing, setEditing] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new session opens with the form closed
  useEffect(() => setEditing(false), [session?.guId]);
  const present = new Set(roster.data?.bookings.filter((b) => b.status !== 'cancelled').map((b) => b.contactId) ?? []);

  return (
    <Modal
      opened={session !== null}
      onClose={onClose}
      title={current ? current.name : 'Class'}
      fullScreen={phone}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {current ? (
        <Stack gap="sm">
          <Text>
            {dayLabel(current.startsAt, timeZone)}, {timeRange(current, timeZone)}
          </Text>
          <Group gap="xs">
            {current.roomName ? <Badge variant="light">{current.roomName}</Badge> : null}
            {roster.data?.joinUrl ? (
              <Anchor href={roster.data.joinUrl} target="_blank" rel="noopener noreferrer" size="sm">
                Online: open the Zoom meeting
              </Anchor>
            ) : null}
            {current.teacherName ? (
              <Badge variant="light" color="gray">
                {current.teacherName}
              </Badge>
            ) : null}
            <Badge color={current.status === 'cancelled' ? 'red.9' : 'teal.9'}>{spotsLabel(current)}</Badge>
          </Group>
          {roster.data && roster.data.overlaps.length > 0 ? (
            <Alert color="orange.9" title="Double-booked">
              <Stack gap={2}>
                {roster.data.overlaps.map((o) => (
                  <Text key={`${o.reason}:${o.sessionId}`} size="sm">
                    {overlapLabel(o, `${dayLabel(o.startsAt, timeZone)}, ${timeRange(o, timeZone)}`)}
                  </Text>
                ))}
              </Stack>
            </Alert>
          ) : null}
          <Text size="sm">
            {current.booked} of {current.capacity} booked
            {current.waitlisted > 0 ? `, ${current.waitlisted} waiting` : ''}
            {current.status === 'scheduled' && !current.waitlistOpen ? ' (the waitlist takes no more names)' : ''}
          </Text>
          {roster.isPending ? (
            <Loader size="sm" aria-label="Loading the roster" />
          ) : roster.isError ? (
            <Alert color="red" title="The roster could not be loaded">
              Please try again.
            </Alert>
          ) : (
            <>
              <Title order={2} size="h4">
                Check-in
              </Title>
              {booked.length === 0 ? (
                <Text c="dimmed">Nobody is booked yet.</Text>
              ) : (
                <Stack gap="xs" role="list" aria-label="Booked">
                  {booked.map((b) => (
                    <Group key={b.guId} role="listitem" justify="space-between" wrap="nowrap" py={4}>
                      <div>
                        <Text fw={500}>{b.name || b.email}</Text>
                        <Text size="xs" c="dimmed">
                          {b.email}
                        </Text>
                        <PlaceBadges booking={b} />
                      </div>
                      <Checkbox
                        size="md"
                        label="Checked in"
                        aria-label={`Check in ${b.name || b.email}`}
                        checked={b.attended}
                        disabled={attendance.isPending || closedAt !== null}
                        onChange={(e) => attendance.mutate({ bookingId: b.guId, attended: e.currentTarget.checked })}
                      />
                    </Group>
                  ))}
                </Stack>
              )}
              {canAddPeople && open ? (
                <ContactSearch
                  label="Add someone to this class"
                  exclude={[...present]}
                  onPick={async (contact) => {
                    // A full class whose waitlist takes no more names says so ('This class is full.').
                    const done = await add
                      .mutateAsync({ sessionId: current.guId, contactId: contact.id })
                      .catch((error: unknown) => {
                        showErrorToast(error instanceof Error ? error.message : String(error));
                        return null;
                      });
                    const status = done?.bookings.find((b) => b.contactId === contact.id)?.status;
                    if (status)
                      showSuccessToast(
                        status === 'booked' ? `${contact.label} is booked.` : `${contact.label} is on the waitlist.`,
                      );
                  }}
                />
              ) : null}
              {closedAt ? (
                <Text size="sm" role="status">
                  Check-in is closed: {booked.filter((b) => b.noShow).length} marked no-show.
                </Text>
              ) : !upcoming && current.status !== 'cancelled' && booked.length > 0 ? (
                <Group>
                  <Button
                    variant="outline"
                    loading={closeCheckIn.isPending}
                    onClick={async () => {
                      if (!window.confirm('Close check-in? Everyone booked and not checked in is marked a no-show.'))
                        return;
                      const done = await closeCheckIn.mutateAsync(current.guId).catch(() => null);
                      if (done) showSuccessToast('Check-in is closed.');
                    }}
                  >
                    Close check-in
                  </Button>
                </Group>
              ) : null}
              {held.length > 0 ? (
                <>
                  <Title order={2} size="h4">
                    Held spots
                  </Title>
                  <Stack gap={4} component="ul" aria-label="Held spots" p={0} m={0} style={{ listStyle: 'none' }}>
                    {held.map((b) => (
                      <Text key={b.guId} component="li">
                        {b.name || b.email}: {HELD_LABEL[b.status]}
                      </Text>
                    ))}
                  </Stack>
                </>
              ) : null}
              <WaitlistEditor sessionId={current.guId} waiting={waiting} timeZone={timeZone} canReorder={upcoming} />
              {lateCancels.length > 0 ? (
                <>
                  <Title order={2} size="h4">
                    Late cancels
                  </Title>
                  <Stack gap={4} component="ul" aria-label="Late cancels" p={0} m={0} style={{ listStyle: 'none' }}>
                    {lateCancels.map((b) => (
                      <Text key={b.guId} component="li">
                        {b.name || b.email}
                      </Text>
                    ))}
                  </Stack>
                </>
              ) : null}
            </>
          )}
          {canManage && upcoming && current.status !== 'cancelled' && roster.data && editing ? (
            <SessionEditForm roster={roster.data} timeZone={timeZone} onDone={() => setEditing(false)} />
          ) : null}
          {canManage && upcoming && current.status !== 'cancelled' ? (
            <Group justify="flex-end">
              {editing || !roster.data ? null : (
                <Button variant="default" onClick={() => setEditing(true)}>
                  Change this class
                </Button>
              )}
              <Button
                color="red.9"
                variant="outline"
                loading={cancel.isPending}
                onClick={async () => {
                  if (!window.confirm('Cancel this class? Everyone booked loses their place.')) return;
                  const done = await cancel.mutateAsync(current.guId).catch(() => null);
                  if (done) showSuccessToast('The class was cancelled.');
                }}
              >
                Cancel this class
              </Button>
            </Group>
          ) : null}
        </Stack>
      ) : null}
    </Modal>
  );
}
