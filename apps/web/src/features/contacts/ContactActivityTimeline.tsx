import {
  ACTIVITY_TYPE_LABELS,
  ACTIVITY_TYPES,
  CAMPAIGN_EVENT_LABELS,
  type CampaignEvent,
  type ContactActivity,
  instantOfWallTime,
  WALL_TIME_PATTERN,
  wallTimeInZone,
} from '@atrium/contracts';
import {
  Button,
  Card,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormActions } from '../../app/components/FormDialog';
import { apiRequest } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { YesNoDeleteDialog } from '../dialogs/ConfirmDialog';
import { useTenant } from '../session/session-store';
import { useAddActivity, useContactActivities, useRemoveActivity, useUpdateActivity } from './hooks';

type ActivityType = ContactActivity['type'];

/** The short name of the zone at an instant ('EST', 'GMT+5:30'), said beside the time field. */
function zoneName(timeZone: string): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(new Date());
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

interface FormValues {
  type: ActivityType;
  title: string;
  description: string;
  when: string;
}

function ActivityDialog({
  opened,
  activity,
  timeZone,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  /** The studio's zone: the time is entered and shown on its clocks, not the browser's. */
  timeZone: string;
  activity: ContactActivity | null;
  onClose: () => void;
  onSubmit: (values: FormValues) => Promise<unknown>;
}) {
  const [values, setValues] = useState<FormValues>({ type: 'call', title: '', description: '', when: '' });
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!opened) return;
    setValues(
      activity
        ? {
            type: activity.type,
            title: activity.title,
            description: activity.description,
            when: wallTimeInZone(new Date(activity.occurredAt), timeZone),
          }
        : { type: 'call', title: '', description: '', when: wallTimeInZone(new Date(), timeZone) },
    );
  }, [opened, activity, timeZone]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!values.title.trim() || busy) return;
    setBusy(true);
    try {
      await onSubmit(values);
      onClose();
    } catch {
      // shown by the API client
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={activity ? 'Edit Activity' : 'Add Activity'} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Select
            label="Type"
            data={ACTIVITY_TYPES.map((type) => ({ value: type, label: ACTIVITY_TYPE_LABELS[type] }))}
            value={values.type}
            onChange={(value) => value && setValues((v) => ({ ...v, type: value as ActivityType }))}
            allowDeselect={false}
          />
          <TextInput
            label="Title"
            required
            value={values.title}
            maxLength={200}
            onChange={(event) => {
              const title = event.currentTarget.value;
              setValues((v) => ({ ...v, title }));
            }}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            value={values.description}
            onChange={(event) => {
              const description = event.currentTarget.value;
              setValues((v) => ({ ...v, description }));
            }}
          />
          <TextInput
            label="When"
            description={`Studio time (${zoneName(timeZone)})`}
            type="datetime-local"
            value={values.when}
            onChange={(event) => {
              const when = event.currentTarget.value;
              setValues((v) => ({ ...v, when }));
            }}
          />
          <FormActions onCancel={onClose} cancelDisabled={busy} pending={busy} submitDisabled={!values.title.trim()} />
        </Stack>
      </form>
    </Modal>
  );
}

/** A contact's activity timeline: add, edit, delete. */
export function ContactActivityTimeline({ guId }: { guId: string }) {
  const tenant = useTenant();
  const activities = useContactActivities(guId);
  const add = useAddActivity(guId);
  const update = useUpdateActivity(guId);
  const remove = useRemoveActivity(guId);
  const [dialog, setDialog] = useState<{ activity: ContactActivity | null } | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  async function save(values: FormValues) {
    const body = {
      type: values.type,
      title: values.title.trim(),
      description: values.description.trim(),
      ...(WALL_TIME_PATTERN.test(values.when)
        ? { occurredAt: instantOfWallTime(values.when, tenant.timezone).toISOString() }
        : {}),
    };
    if (dialog?.activity) await update.mutateAsync({ activityId: dialog.activity.id, body });
    else await add.mutateAsync(body);
  }

  const items = activities.data ?? [];
  // Campaign emails and texts the contact got (issue 26), read-only, beside the staff's own entries.
  const campaignEvents = useQuery({
    queryKey: ['contacts', guId, 'campaign-events'],
    queryFn: () => apiRequest<CampaignEvent[]>(`/rest/contact/${encodeURIComponent(guId)}/campaign-events`),
    retry: false,
  });
  const entries = [
    ...items.map((activity) => ({ at: activity.occurredAt, activity, event: null })),
    ...(campaignEvents.data ?? []).map((event) => ({ at: event.at, activity: null, event })),
  ].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="contact-activity-title">
      <Group justify="space-between">
        <Title order={2} fz="h4" id="contact-activity-title">
          Activity
        </Title>
        <Button variant="light" size="xs" onClick={() => setDialog({ activity: null })}>
          Add Activity
        </Button>
      </Group>
      {activities.isPending ? (
        <Loader size="sm" aria-label="Loading activity" />
      ) : entries.length === 0 ? (
        <Text c="dimmed" size="sm" mt="sm">
          No activity yet.
        </Text>
      ) : (
        <Timeline mt="md" bulletSize={14} lineWidth={2} aria-label="Activity timeline">
          {entries.map(({ activity, event }) =>
            event ? (
              <Timeline.Item
                key={`${event.channel}-${event.campaignId}-${event.kind}`}
                title={`${event.channel === 'sms' ? 'SMS campaign' : 'Email campaign'}: ${event.campaignName}`}
              >
                <Text size="sm">{CAMPAIGN_EVENT_LABELS[event.kind]}</Text>
                <Text size="xs" c="dimmed" mt={2}>
                  {formatDateTime(event.at, tenant.timezone)}
                </Text>
              </Timeline.Item>
            ) : activity ? (
              <Timeline.Item key={activity.id} title={`${ACTIVITY_TYPE_LABELS[activity.type]}: ${activity.title}`}>
                {activity.description ? (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {activity.description}
                  </Text>
                ) : null}
                <Group justify="space-between" mt={2}>
                  <Text size="xs" c="dimmed">
                    {[formatDateTime(activity.occurredAt, tenant.timezone), activity.authorName]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                  <Group gap={4}>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => setDialog({ activity })}
                      aria-label={`Edit ${activity.title}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setDeleting(activity.id)}
                      aria-label={`Delete ${activity.title}`}
                    >
                      Delete
                    </Button>
                  </Group>
                </Group>
              </Timeline.Item>
            ) : null,
          )}
        </Timeline>
      )}
      <ActivityDialog
        opened={dialog !== null}
        activity={dialog?.activity ?? null}
        timeZone={tenant.timezone}
        onClose={() => setDialog(null)}
        onSubmit={save}
      />
      <YesNoDeleteDialog
        item={deleting}
        title="Delete Activity"
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onDelete={(item) => remove.mutateAsync(item)}
      />
    </Card>
  );
}
