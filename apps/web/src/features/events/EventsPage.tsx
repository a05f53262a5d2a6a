import { type ClassRule, weekdaysLabel } from '@atrium/contracts';
import { ActionIcon, Anchor, Badge, Button, CopyButton, Group, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type ListColumn, ListScreen, useListState, WHOLE_LIST_PAGING } from '../../app/components/list-kit';
import { showSuccessToast } from '../../lib/notify';
import { ClassRuleDialog } from '../scheduling/ClassRuleDialog';
import { priceLabel } from '../scheduling/session-format';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { eventPath } from './event-format';
import { useRegenerateUrl, useStaffEvents } from './hooks';

const dates = (rule: ClassRule) =>
  rule.endDate && rule.endDate !== rule.startDate ? `${rule.startDate} – ${rule.endDate}` : rule.startDate;

const where = (rule: ClassRule) =>
  [rule.address, rule.roomName, rule.isOnline ? 'Online' : null].filter(Boolean).join(' · ');

/** /rules: the studio's events (workshops, programs): add one, change it, share or renew its link. */
export default function EventsPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Events');
  const list = useListState(WHOLE_LIST_PAGING);
  const events = useStaffEvents();
  const regenerate = useRegenerateUrl();
  const [editing, setEditing] = useState<{ rule: ClassRule | null } | null>(null);
  const origin = window.location.origin;
  const urlOf = (rule: ClassRule) => `${origin}${eventPath(rule.publicId)}`;

  const renewLink = async (rule: ClassRule) => {
    if (!window.confirm(`Make a new link for ${rule.name}? The current link stops working.`)) return;
    const done = await regenerate
      .mutateAsync(rule.guId)
      .then(() => true)
      .catch(() => false);
    if (done) showSuccessToast(`${rule.name} has a new link.`);
  };

  const columns: ListColumn<ClassRule>[] = [
    {
      key: 'name',
      header: 'Event',
      sortValue: (rule) => rule.name,
      cell: (rule) => (
        <Group gap={6} wrap="nowrap">
          <Anchor href={urlOf(rule)} target="_blank" rel="noopener noreferrer">
            {rule.name}
          </Anchor>
          {rule.isFeatured && (
            <Badge variant="light" color="blue" size="sm">
              Featured
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'dates', header: 'Dates', cell: dates, sortValue: (rule) => rule.startDate },
    {
      key: 'when',
      header: 'When',
      cell: (rule) => `${weekdaysLabel(rule.daysOfWeek)} ${rule.startTime} (${rule.durationMinutes} min)`,
    },
    { key: 'where', header: 'Where', cell: (rule) => where(rule) || '—', sortValue: where },
    { key: 'places', header: 'Places', cell: (rule) => rule.capacity, sortValue: (rule) => rule.capacity },
    {
      key: 'price',
      header: 'Price',
      cell: (rule) => priceLabel(rule.priceMinor, tenant.csymbol) ?? 'Free',
      sortValue: (rule) => rule.priceMinor ?? 0,
    },
    {
      key: 'link',
      header: 'Link',
      cell: (rule) => (
        <Group gap={4} wrap="nowrap">
          <CopyButton value={urlOf(rule)} timeout={2000}>
            {({ copied, copy }) => (
              <Button size="compact-sm" variant="default" onClick={copy} aria-label={`Copy the link to ${rule.name}`}>
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
            onClick={() => renewLink(rule)}
          >
            New link
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <ListScreen
      id="events"
      title="Events"
      actions={
        <>
          <Button component={Link} to="/calendar" variant="default">
            Calendar
          </Button>
          <Button onClick={() => setEditing({ rule: null })}>Add Event</Button>
        </>
      }
      description={
        <Text size="sm" c="dimmed">
          Workshops and programs: people register once for all of an event's sessions, from its page on your website.
        </Text>
      }
      list={list}
      search={{
        label: 'Search events',
        placeholder: 'Search by event or place',
        text: (rule) => `${rule.name} ${where(rule)}`,
      }}
      query={events}
      rows={events.data?.data ?? []}
      rowKey={(rule) => rule.guId}
      columns={columns}
      rowActions={(rule) => (
        <ActionIcon variant="subtle" aria-label={`Edit ${rule.name}`} onClick={() => setEditing({ rule })}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      )}
      noun="events"
      emptyHint="Add an event with Add Event, then share its link: people register from its page on your website."
      minWidth={760}
    >
      <ClassRuleDialog
        kind="event"
        opened={editing !== null}
        rule={editing?.rule ?? null}
        onClose={() => setEditing(null)}
      />
    </ListScreen>
  );
}
