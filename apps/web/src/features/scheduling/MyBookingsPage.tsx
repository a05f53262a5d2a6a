import { CONTACT_BOOKINGS_PAGE, type ContactBooking } from '@atrium/contracts';
import { Alert, Anchor, Badge, Button, Card, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { showSuccessToast } from '../../lib/notify';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { schedulingApi } from './api';
import { useCancelBooking } from './hooks';
import { cancelAction, cancelConsequences, myPlaceLabel } from './my-bookings-rules';
import { PastPager } from './PastPager';

const LABEL_COLOURS: Record<string, string> = {
  Attended: 'teal',
  'No-show': 'red',
  'Late cancel': 'orange',
  'Class cancelled': 'gray',
};

const DONE: Record<string, string> = {
  booked: 'Your booking was cancelled.',
  pending: 'Your booking was cancelled.',
  waitlisted: 'You left the waitlist.',
  offered: 'You passed: the spot goes to the next person.',
};

function PlaceCard({
  place,
  past,
  timeZone,
  onCancel,
}: {
  place: ContactBooking;
  past: boolean;
  timeZone: string;
  onCancel?: (place: ContactBooking) => void;
}) {
  const label = myPlaceLabel(place, past);
  const action = past ? null : cancelAction(place);
  return (
    <Card component="li" withBorder padding="sm" radius="md">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Text fw={600}>{place.className}</Text>
          <Text size="sm">{formatDateTime(place.startsAt, timeZone)}</Text>
          <Group gap={4} mt={4}>
            <Badge variant="light" color={LABEL_COLOURS[label] ?? 'blue'}>
              {label}
            </Badge>
            {place.payment === 'at_desk' && !past ? (
              <Badge variant="light" color="orange">
                Pay at the studio
              </Badge>
            ) : null}
          </Group>
        </div>
        {action && onCancel ? (
          <Button
            variant="outline"
            color="red.9"
            size="sm"
            onClick={() => onCancel(place)}
            aria-label={`${action}: ${place.className}, ${formatDateTime(place.startsAt, timeZone)}`}
          >
            {action}
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}

/** /mybookings: the student's own classes to come (cancel within the studio's rules) and past ones. */
export default function MyBookingsPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'My Bookings');
  const phone = useMediaQuery('(max-width: 600px)');
  const [start, setStart] = useState(0);
  const [cancelling, setCancelling] = useState<ContactBooking | null>(null);
  const cancel = useCancelBooking();
  const query = useQuery({
    queryKey: ['scheduling', 'mybookings', start],
    queryFn: () => schedulingApi.myBookings(start),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const timeZone = data?.timezone ?? tenant.timezone;
  const consequences = cancelling && data ? cancelConsequences(cancelling, data.cancelCutoffHours, new Date()) : null;
  const action = cancelling ? cancelAction(cancelling) : null;

  async function confirmCancel() {
    if (!cancelling) return;
    const late = consequences?.late ?? false;
    const done = await cancel
      .mutateAsync(cancelling.guId)
      .then(() => true)
      .catch(() => false);
    if (done) {
      showSuccessToast(late ? 'Your booking was cancelled (a late cancel).' : (DONE[cancelling.status] ?? 'Done.'));
      setCancelling(null);
    }
  }

  const end = data ? start + data.past.length : 0;
  return (
    <Stack component="section" aria-labelledby="mybookings-title" gap="md" maw={760}>
      <Title order={1} id="mybookings-title">
        My Bookings
      </Title>
      {query.isPending ? (
        <Loader aria-label="Loading your bookings" />
      ) : query.isError || !data ? (
        <Alert color="red" title="Your bookings could not be loaded">
          <Text size="sm">Please try again.</Text>
          <Button mt="xs" size="xs" variant="default" onClick={() => query.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <>
          <Stack component="section" aria-labelledby="mybookings-upcoming" gap="xs">
            <Title order={2} size="h3" id="mybookings-upcoming">
              Upcoming
            </Title>
            {data.upcoming.length === 0 ? (
              <Text>
                No classes booked yet.{' '}
                {tenant.isShowScheduleMenu ? (
                  <Anchor component={Link} to="/classes">
                    Find a class
                  </Anchor>
                ) : null}
              </Text>
            ) : (
              <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
                {data.upcoming.map((place) => (
                  <PlaceCard key={place.guId} place={place} past={false} timeZone={timeZone} onCancel={setCancelling} />
                ))}
              </Stack>
            )}
            {data.cancelCutoffHours > 0 ? (
              <Text size="sm" c="dimmed">
                Cancel at least {data.cancelCutoffHours} hour{data.cancelCutoffHours === 1 ? '' : 's'} before a class;
                later it is a late cancel.
              </Text>
            ) : null}
          </Stack>
          <Stack component="section" aria-labelledby="mybookings-past" gap="xs">
            <Title order={2} size="h3" id="mybookings-past">
              Past
            </Title>
            {data.pastTotal === 0 ? (
              <Text>No past classes yet.</Text>
            ) : (
              <>
                <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
                  {data.past.map((place) => (
                    <PlaceCard key={place.guId} place={place} past timeZone={timeZone} />
                  ))}
                </Stack>
                {data.pastTotal > CONTACT_BOOKINGS_PAGE ? (
                  <PastPager start={start} end={end} total={data.pastTotal} onStart={setStart} />
                ) : null}
              </>
            )}
          </Stack>
        </>
      )}
      <Modal
        opened={cancelling !== null}
        onClose={() => setCancelling(null)}
        title={cancelling ? `${action ?? 'Cancel'}: ${cancelling.className}` : ''}
        fullScreen={phone}
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {cancelling && consequences ? (
          <Stack gap="sm">
            <Text>{formatDateTime(cancelling.startsAt, timeZone)}</Text>
            {consequences.late ? (
              <Alert color="orange" title="Late cancel">
                <Stack gap={4}>
                  {consequences.lines.map((line) => (
                    <Text key={line} size="sm">
                      {line}
                    </Text>
                  ))}
                </Stack>
              </Alert>
            ) : (
              consequences.lines.map((line) => <Text key={line}>{line}</Text>)
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setCancelling(null)}>
                Keep my booking
              </Button>
              <Button color="red.9" loading={cancel.isPending} onClick={confirmCancel}>
                {action}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}
