import { CONTACT_STATUS_LABELS, CONTACT_STATUSES, type ContactStatus } from '@atrium/contracts';
import { Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { useContactStats } from './hooks';

interface Props {
  active: ContactStatus[];
  onPick: (status: ContactStatus | null) => void;
}

/** Counts per status flag (GET /snode/contact/stats); a click filters the list by that status. */
export function ContactStatsStrip({ active, onPick }: Props) {
  const { data } = useContactStats();
  if (!data) return null;
  const items: { key: ContactStatus | null; label: string; count: number }[] = [
    { key: null, label: 'All', count: data.total },
    ...CONTACT_STATUSES.map((status) => ({ key: status, label: CONTACT_STATUS_LABELS[status], count: data[status] })),
  ];
  return (
    <Group gap="xs" role="group" aria-label="Contact stats" wrap="wrap">
      {items.map((item) => {
        const pressed = item.key === null ? active.length === 0 : active.length === 1 && active[0] === item.key;
        return (
          <UnstyledButton key={item.label} onClick={() => onPick(item.key)} aria-pressed={pressed}>
            <Paper withBorder px="sm" py={4} radius="md" bg={pressed ? 'var(--mantine-color-teal-light)' : undefined}>
              <Text size="xs" c="dimmed">
                {item.label}
              </Text>
              <Text fw={600}>{item.count}</Text>
            </Paper>
          </UnstyledButton>
        );
      })}
      {data.unread > 0 ? (
        <Text size="sm" c="dimmed">
          {data.unread} unread
        </Text>
      ) : null}
    </Group>
  );
}
