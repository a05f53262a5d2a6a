import type { Membership } from '@atrium/contracts';
import { ActionIcon, Badge, Button, Group, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { type ListColumn, ListScreen, useListState, WHOLE_LIST_PAGING } from '../../app/components/list-kit';
import { useSession, useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { useMembershipProducts } from './hooks';
import { MembershipDialog } from './MembershipDialog';
import { priceLabel, termsLabel } from './membership-format';

const COLUMNS: ListColumn<Membership>[] = [
  {
    key: 'name',
    header: 'Name',
    sortValue: (m) => m.name,
    cell: (m) => (
      <Group gap="xs">
        <Text fw={600} size="sm">
          {m.name}
        </Text>
        {!m.isVisible ? <Badge color="gray.8">Not on sale</Badge> : null}
        {m.isArchived ? <Badge color="gray.8">Archived</Badge> : null}
      </Group>
    ),
  },
  { key: 'price', header: 'Price', sortValue: (m) => m.price, cell: priceLabel },
  { key: 'terms', header: 'Terms', cell: termsLabel },
];

/** /memberships (staff): the membership products; admins and staff add and edit them. */
export default function MembershipsPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Memberships');
  const session = useSession();
  const mayEdit = ['admin', 'staff'].includes(session.user?.role ?? '');
  const list = useListState(WHOLE_LIST_PAGING);
  const products = useMembershipProducts(list.params.showArchived);
  const [editing, setEditing] = useState<Membership | null>(null);
  const [open, setOpen] = useState(false);
  const edit = (membership: Membership | null) => {
    setEditing(membership);
    setOpen(true);
  };

  return (
    <ListScreen
      id="memberships-admin"
      title="Memberships"
      actions={mayEdit ? <Button onClick={() => edit(null)}>New membership</Button> : null}
      list={list}
      search={{ label: 'Search memberships', text: (m) => m.name }}
      archived
      query={products}
      rows={products.data?.data ?? []}
      rowKey={(m) => m.guId}
      columns={COLUMNS}
      rowActions={
        mayEdit
          ? (m) => (
              <ActionIcon variant="subtle" aria-label={`Edit ${m.name}`} onClick={() => edit(m)}>
                <IconPencil size={18} />
              </ActionIcon>
            )
          : undefined
      }
      noun="memberships"
      emptyHint={
        mayEdit
          ? 'Add one with New membership: a monthly plan, unlimited classes or a class pack.'
          : 'Memberships your studio adds show here.'
      }
      minWidth={640}
    >
      <MembershipDialog opened={open} editing={editing} onClose={() => setOpen(false)} />
    </ListScreen>
  );
}
