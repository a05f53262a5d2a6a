import type { EventRegistration, PublicEvent } from '@atrium/contracts';
import { Alert, Badge, Button, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { MantineScope } from '../../app/MantineScope';
import { isApiError } from '../../lib/api-error';
import { queryClient } from '../../lib/query-client';
import { PayAtStudioNote } from '../scheduling/PayAtStudioNote';
import { placePayment, registrationPaymentPath } from '../scheduling/place-payment';
import { priceLabel } from '../scheduling/session-format';
import { useSession, useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { eventDates, eventPath, placesLabel, sessionLabel } from './event-format';
import { usePublicEvent, useRegister } from './hooks';

/**
 * /events/{id}: one event by its shareable link, for visitors and members. A visitor who registers
 * logs in first and comes back here; a member registers at once: a priced event goes straight on into
 * the card payment (its invoice's page), or, when the studio takes no cards online, is paid at the studio.
 */
export default function EventPage() {
  // The public shell is plain CSS: this screen brings Mantine and the query client itself.
  return (
    <MantineScope>
      <QueryClientProvider client={queryClient}>
        <EventDetails />
      </QueryClientProvider>
    </MantineScope>
  );
}

const messageOf = (error: unknown) => (isApiError(error) || error instanceof Error ? error.message : String(error));

function EventDetails() {
  const tenant = useTenant();
  const { id = '' } = useParams();
  const event = usePublicEvent(id);
  useDocumentHead(tenant, event.data?.name ?? 'Event');

  if (event.isPending) return <Loader aria-label="Loading the event" m="md" />;
  if (event.isError)
    return (
      <Stack component="section" gap="md" p="md" maw={720}>
        <Title order={1}>Event not found</Title>
        <Alert color="red" title="This event could not be found">
          Its link may have been replaced. Please see the events list.
        </Alert>
        <Group>
          <Button component={Link} to="/events" variant="default">
            All events
          </Button>
        </Group>
      </Stack>
    );
  return <EventBody event={event.data} />;
}

function EventBody({ event }: { event: PublicEvent }) {
  const tenant = useTenant();
  const now = Date.now();
  const scheduled = event.sessions.filter((s) => s.status === 'scheduled');
  const cancelled = event.sessions.filter((s) => s.status === 'cancelled' && Date.parse(s.startsAt) > now);
  return (
    <Stack component="article" aria-labelledby="event-title" gap="md" p="md" maw={720}>
      <Group gap="xs">
        <Badge variant="light" color="blue">
          {tenant.workshopLabel || 'Workshop'}
        </Badge>
        {event.isOnline && (
          <Badge variant="light" color="teal">
            Online
          </Badge>
        )}
      </Group>
      <Title order={1} id="event-title">
        {event.name}
      </Title>
      <Text fw={600}>{eventDates(event)}</Text>
      {event.description && <Text style={{ whiteSpace: 'pre-wrap' }}>{event.description}</Text>}
      <Stack gap={4}>
        {event.address && (
          <Text size="sm">
            <strong>Where:</strong> {event.address}
          </Text>
        )}
        {event.roomName && (
          <Text size="sm">
            <strong>Room:</strong> {event.roomName}
          </Text>
        )}
        {event.teacherName && (
          <Text size="sm">
            <strong>With:</strong> {event.teacherName}
          </Text>
        )}
        <Text size="sm">
          <strong>Price:</strong> {priceLabel(event.priceMinor, tenant.csymbol) ?? 'Free'}
          {scheduled.length > 1 ? ' for all sessions' : ''}
        </Text>
        <Text size="sm">
          <strong>Places:</strong> {placesLabel(event)}
        </Text>
      </Stack>
      {scheduled.length > 0 && (
        <Stack gap={4}>
          <Title order={2} size="h4">
            {scheduled.length === 1 ? 'When' : `${scheduled.length} sessions`}
          </Title>
          <List spacing={2} size="sm">
            {scheduled.map((s) => (
              <List.Item key={s.guId}>{sessionLabel(s, event.timezone)}</List.Item>
            ))}
          </List>
        </Stack>
      )}
      {cancelled.length > 0 && (
        <Text size="sm" c="red.9">
          Cancelled: {cancelled.map((s) => sessionLabel(s, event.timezone)).join('; ')}
        </Text>
      )}
      <Registration event={event} />
    </Stack>
  );
}

type Outcome = { kind: 'done'; registration: EventRegistration } | { kind: 'refused'; message: string };

function Registration({ event }: { event: PublicEvent }) {
  const { user } = useSession();
  const navigate = useNavigate();
  const register = useRegister(event.guId);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const tenant = useTenant();
  const priced = event.priceMinor !== null && event.priceMinor > 0;
  const payment = priced ? placePayment(tenant.paymentProvider, 'Register') : { button: 'Register', note: null };

  const payNow = outcome?.kind === 'done' ? registrationPaymentPath(outcome.registration) : null;
  if (payNow) return <Navigate to={payNow} replace />;
  if (outcome?.kind === 'done') {
    return (
      <Alert color="teal" title="You are registered">
        <Stack gap={4}>
          <Text size="sm">
            {outcome.registration.sessions === 1
              ? 'See you there.'
              : `You have a place in all ${outcome.registration.sessions} sessions. See you there.`}
          </Text>
          {outcome.registration.payment === 'at_studio' ? (
            <PayAtStudioNote size="sm" invoicePublicId={outcome.registration.invoicePublicId} />
          ) : null}
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      {outcome?.kind === 'refused' && (
        <Alert color="red" title="Not registered">
          {outcome.message}
        </Alert>
      )}
      <Group>
        <Button
          size="md"
          disabled={!event.isOpen}
          loading={register.isPending}
          onClick={async () => {
            if (!user) {
              navigate(`/login?returnUrl=${encodeURIComponent(eventPath(event.guId))}`);
              return;
            }
            try {
              setOutcome({ kind: 'done', registration: await register.mutateAsync() });
            } catch (error) {
              setOutcome({ kind: 'refused', message: messageOf(error) });
            }
          }}
        >
          {event.isOpen ? payment.button : 'Registration closed'}
        </Button>
        {!user && (
          <Button component={Link} to="/events" variant="default">
            All events
          </Button>
        )}
      </Group>
      {event.isOpen && payment.note && <Text size="sm">{payment.note}</Text>}
      {!user && event.isOpen && (
        <Text size="sm" c="dimmed">
          You will be asked to log in or create an account first.
        </Text>
      )}
    </Stack>
  );
}
