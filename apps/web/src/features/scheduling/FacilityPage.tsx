import type { Room } from '@atrium/contracts';
import { ActionIcon, Alert, Button, Group, Loader, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { showSuccessToast } from '../../lib/notify';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { useDeleteRoom, useRooms } from './hooks';
import { RoomDialog } from './RoomDialog';

/** /facility: the rooms classes are held in, and how many each holds. */
export default function FacilityPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Facility');
  const rooms = useRooms();
  const remove = useDeleteRoom();
  const [editing, setEditing] = useState<{ room: Room | null } | null>(null);
  const rows = rooms.data?.data ?? [];

  return (
    <Stack component="section" aria-labelledby="facility-title" gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} id="facility-title">
          Facility
        </Title>
        <Button onClick={() => setEditing({ room: null })}>Add Room</Button>
      </Group>
      {rooms.isPending ? (
        <Loader aria-label="Loading rooms" />
      ) : rooms.isError ? (
        <Alert color="red" title="Rooms could not be loaded">
          Please try again.
        </Alert>
      ) : rows.length === 0 ? (
        <Text c="dimmed">No rooms yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table striped aria-labelledby="facility-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Room</Table.Th>
                <Table.Th>Capacity</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((room) => (
                <Table.Tr key={room.guId}>
                  <Table.Td>{room.name}</Table.Td>
                  <Table.Td>{room.capacity}</Table.Td>
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Edit ${room.name}`}
                        onClick={() => setEditing({ room })}
                      >
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        aria-label={`Remove ${room.name}`}
                        onClick={async () => {
                          if (!window.confirm(`Remove ${room.name}?`)) return;
                          const done = await remove
                            .mutateAsync(room.guId)
                            .then(() => true)
                            .catch(() => false);
                          if (done) showSuccessToast('Room removed.');
                        }}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <RoomDialog opened={editing !== null} room={editing?.room ?? null} onClose={() => setEditing(null)} />
    </Stack>
  );
}
