import { type ClassRule, weekdaysLabel } from '@atrium/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  CopyButton,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { showSuccessToast } from '../../lib/notify';
import { ClassRuleDialog } from '../scheduling/ClassRuleDialog';
import { priceLabel } from '../scheduling/session-format';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { eventPath } from './event-format';
import { useRegenerateUrl, useStaffEvents } from './hooks';

const dates = (rule: ClassRule) =>
  rule.endDate && rule.endDate !== rule.startDate ? `${rule.startDate} – ${rule.endDate}` : rule.startDate;

/** /rules: the studio's events (workshops, programs): add one, change it, share or renew its link. */
export default function EventsPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Events');
  const events = useStaffEvents();
  const regenerate = useRegenerateUrl();
  const [editing, setEditing] = useState<{ rule: ClassRule | null } | null>(null);
  const rows = events.data?.data ?? [];
  const origin = window.location.origin;

  return (
    <Stack component="section" aria-labelledby="events-title" gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} id="events-title">
          Events
        </Title>
        <Group gap="xs">
          <Button component={Link} to="/calendar" variant="default">
            Calendar
          </Button>
          <Button onClick={() => setEditing({ rule: null })}>Add Event</Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        Workshops and programs: people register once for all of an event's sessions, from its page on your website.
      </Text>
      {events.isPending ? (
        <Loader aria-label="Loading events" />
      ) : events.isError ? (
        <Alert color="red" title="Events could not be loaded">
          Please try again.
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed">No events yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped aria-labelledby="events-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Event</Table.Th>
                <Table.Th>Dates</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th>Where</Table.Th>
                <Table.Th>Places</Table.Th>
                <Table.Th>Price</Table.Th>
                <Table.Th>Link</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((rule) => {
                const url = `${origin}${eventPath(rule.publicId)}`;
                return (
                  <Table.Tr key={rule.guId}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Anchor href={url} target="_blank" rel="noopener noreferrer">
                          {rule.name}
                        </Anchor>
                        {rule.isFeatured && (
                          <Badge variant="light" color="blue.9" size="sm">
                            Featured
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>{dates(rule)}</Table.Td>
                    <Table.Td>
                      {weekdaysLabel(rule.daysOfWeek)} {rule.startTime} ({rule.durationMinutes} min)
                    </Table.Td>
                    <Table.Td>
                      {[rule.address, rule.roomName, rule.isOnline ? 'Online' : null].filter(Boolean).join(' · ') ||
                        '—'}
                    </Table.Td>
                    <Table.Td>{rule.capacity}</Table.Td>
                    <Table.Td>{priceLabel(rule.priceMinor, tenant.csymbol) ?? 'Free'}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <CopyButton value={url} timeout={2000}>
                          {({ copied, copy }) => (
                            <Button
                              size="compact-sm"
                              variant="default"
                              onClick={copy}
                              aria-label={`Copy the link to ${rule.name}`}
                            >
                              {copied ? 'Copied' : 'Copy link'}
                            </Button>
                          )}
                        </CopyButton>
                        <Button
                          size="compact-sm"
                          variant="outline"
                          color="red.9"
                          aria-label={`New link for ${rule.name}`}
                          loading={regenerate.isPending && regenerate.variables === rule.guId}
                          onClick={async () => {
                            if (!window.confirm(`Make a new link for ${rule.name}? The current link stops working.`))
                              return;
                            const done = await regenerate
                              .mutateAsync(rule.guId)
                              .then(() => true)
                              .catch(() => false);
                            if (done) showSuccessToast(`${rule.name} has a new link.`);
                          }}
                        >
                          New link
                        </Button>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Edit ${rule.name}`}
                        onClick={() => setEditing({ rule })}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ClassRuleDialog
        kind="event"
        opened={editing !== null}
        rule={editing?.rule ?? null}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
