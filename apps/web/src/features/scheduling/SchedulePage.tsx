import { type ClassRule, weekdaysLabel } from '@atrium/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
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
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { ClassRuleDialog } from './ClassRuleDialog';
import { useRules } from './hooks';
import { priceLabel } from './session-format';

/** /schedule: the weekly classes (class rules); add one or change a whole series. */
export default function SchedulePage() {
  const tenant = useTenant();
  const label = tenant.scheduleLabel || 'Schedule';
  useDocumentHead(tenant, label);
  const rules = useRules();
  const [editing, setEditing] = useState<{ rule: ClassRule | null } | null>(null);
  const rows = rules.data?.data ?? [];

  return (
    <Stack component="section" aria-labelledby="schedule-title" gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} id="schedule-title">
          {label}
        </Title>
        <Group gap="xs">
          <Button component={Link} to="/facility" variant="default">
            Rooms
          </Button>
          <Button component={Link} to="/calendar" variant="default">
            Calendar
          </Button>
          <Button onClick={() => setEditing({ rule: null })}>Add Class</Button>
        </Group>
      </Group>
      {rules.isPending ? (
        <Loader aria-label="Loading classes" />
      ) : rules.isError ? (
        <Alert color="red" title="Classes could not be loaded">
          Please try again.
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed">No classes yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-labelledby="schedule-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Class</Table.Th>
                <Table.Th>When</Table.Th>
                <Table.Th>Dates</Table.Th>
                <Table.Th>Room</Table.Th>
                <Table.Th>Teacher</Table.Th>
                <Table.Th>Spots</Table.Th>
                <Table.Th>Price</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((rule) => (
                <Table.Tr key={rule.guId}>
                  <Table.Td>{rule.name}</Table.Td>
                  <Table.Td>
                    {weekdaysLabel(rule.daysOfWeek)} {rule.startTime} ({rule.durationMinutes} min)
                  </Table.Td>
                  <Table.Td>
                    {rule.startDate}
                    {rule.endDate ? ` – ${rule.endDate}` : ' onwards'}
                  </Table.Td>
                  <Table.Td>
                    {rule.roomName ?? '—'}
                    {rule.joinUrl ? (
                      <>
                        {' · '}
                        <Anchor href={rule.joinUrl} target="_blank" rel="noopener noreferrer">
                          Online (Zoom)
                        </Anchor>
                      </>
                    ) : null}
                  </Table.Td>
                  <Table.Td>{rule.teacherName ?? '—'}</Table.Td>
                  <Table.Td>{rule.capacity}</Table.Td>
                  <Table.Td>{priceLabel(rule.priceMinor, tenant.csymbol) ?? 'Free'}</Table.Td>
                  <Table.Td>
                    <ActionIcon variant="subtle" aria-label={`Edit ${rule.name}`} onClick={() => setEditing({ rule })}>
                      <IconPencil size={18} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ClassRuleDialog opened={editing !== null} rule={editing?.rule ?? null} onClose={() => setEditing(null)} />
    </Stack>
  );
}
