import type { PublicEvent } from '@atrium/contracts';
import { Alert, Anchor, Badge, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MantineScope } from '../../app/MantineScope';
import { queryClient } from '../../lib/query-client';
import { priceLabel } from '../scheduling/session-format';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { eventDates, eventPath, placesLabel, sessionLabel } from './event-format';
import { usePublicEvents } from './hooks';

/** The public /events: the studio's events still to come, soonest first, each with its page. */
export default function PublicEventsPage() {
  // The public shell is plain CSS: this screen brings Mantine and the query client itself.
  return (
    <MantineScope>
      <QueryClientProvider client={queryClient}>
        <EventList />
      </QueryClientProvider>
    </MantineScope>
  );
}

function EventList() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Events');
  const events = usePublicEvents();
  const rows = events.data?.data ?? [];
  return (
    <Stack component="section" aria-labelledby="events-title" gap="md" p="md">
      <Title order={1} id="events-title">
        Events
      </Title>
      {events.isPending ? (
        <Loader aria-label="Loading events" />
      ) : events.isError ? (
        <Alert color="red" title="Events could not be loaded">
          Please try again.
        </Alert>
      ) : rows.length === 0 ? (
        <Text>No events are coming up. Please check back soon.</Text>
      ) : (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          spacing="md"
          component="ul"
          aria-label="Events"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {rows.map((event) => (
            <EventCard key={event.guId} event={event} label={tenant.workshopLabel} csymbol={tenant.csymbol} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function EventCard({ event, label, csymbol }: { event: PublicEvent; label: string; csymbol: string }) {
  const first = event.sessions.find((s) => s.status === 'scheduled');
  const count = event.sessions.filter((s) => s.status === 'scheduled').length;
  return (
    <Card component="li" withBorder radius="md" padding="md">
      <Stack gap={6}>
        <Group gap="xs">
          <Badge variant="light" color="blue">
            {label || 'Workshop'}
          </Badge>
          {event.isFeatured && (
            <Badge variant="light" color="grape">
              Featured
            </Badge>
          )}
        </Group>
        <Title order={2} size="h4">
          <Anchor component={Link} to={eventPath(event.guId)}>
            {event.name}
          </Anchor>
        </Title>
        <Text size="sm">{eventDates(event)}</Text>
        {first && (
          <Text size="sm" c="dimmed">
            {count > 1 ? `${count} sessions, from ` : ''}
            {sessionLabel(first, event.timezone)}
          </Text>
        )}
        {event.address && <Text size="sm">{event.address}</Text>}
        <Group gap="md">
          <Text size="sm" fw={600}>
            {priceLabel(event.priceMinor, csymbol) ?? 'Free'}
          </Text>
          <Text size="sm">{placesLabel(event)}</Text>
        </Group>
      </Stack>
    </Card>
  );
}
