import type { Room } from '@atrium/contracts';
import { ActionIcon, Button } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { type ListColumn, ListScreen, useListState, WHOLE_LIST_PAGING } from '../../app/components/list-kit';
import { showSuccessToast } from '../../lib/notify';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { useDeleteRoom, useRooms } from './hooks';
import { RoomDialog } from './RoomDialog';

const COLUMNS: ListColumn<Room>[] = [
  { key: 'name', header: 'Room', cell: (room) => room.name, sortValue: (room) => room.name },
  { key: 'capacity', header: 'Capacity', cell: (room) => room.capacity, sortValue: (room) => room.capacity },
];

/** /facility: the rooms classes are held in, and how many each holds. */
export default function FacilityPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Facility');
  const list = useListState(WHOLE_LIST_PAGING);
  const rooms = useRooms();
  const remove = useDeleteRoom();
  const [editing, setEditing] = useState<{ room: Room | null } | null>(null);

  return (
    <ListScreen
      id="facility"
      title="Facility"
      actions={<Button onClick={() => setEditing({ room: null })}>Add Room</Button>}
      list={list}
      search={{ label: 'Search rooms', text: (room) => room.name }}
      query={rooms}
      rows={rooms.data?.data ?? []}
      rowKey={(room) => room.guId}
      columns={COLUMNS}
      rowActions={(room) => (
        <>
          <ActionIcon variant="subtle" aria-label={`Edit ${room.name}`} onClick={() => setEditing({ room })}>
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
        </>
      )}
      noun="rooms"
      emptyHint="Add a room with Add Room, then choose it for a class on the schedule."
      minWidth={320}
    >
      <RoomDialog opened={editing !== null} room={editing?.room ?? null} onClose={() => setEditing(null)} />
    </ListScreen>
  );
}
