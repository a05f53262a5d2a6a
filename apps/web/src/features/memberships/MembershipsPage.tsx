import type { Membership } from '@atrium/contracts';
import { Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSession, useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { useMembershipProducts } from './hooks';
import { MembershipDialog } from './MembershipDialog';
import { priceLabel, termsLabel } from './membership-format';

/** /memberships (staff): the membership products; admins and staff add and edit them. */
export default function MembershipsPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Memberships');
  const session = useSession();
  const mayEdit = ['admin', 'staff'].includes(session.user?.role ?? '');
  const [showArchive, setShowArchive] = useState(false);
  const products = useMembershipProducts(showArchive);
  const [editing, setEditing] = useState<Membership | null>(null);
  const [open, setOpen] = useState(false);

  return (
    <Stack component="section" aria-labelledby="memberships-admin-title" gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} id="memberships-admin-title">
          Memberships
        </Title>
        {mayEdit ? (
          <Button
            onClick={() => {
              setEditing(null);
              setOpen(true);
            }}
          >
            New membership
          </Button>
        ) : null}
      </Group>
      <Switch label="Show archived" checked={showArchive} onChange={(e) => setShowArchive(e.currentTarget.checked)} />
      {products.isLoading ? <Loader size="sm" aria-label="Loading memberships" /> : null}
      {products.data?.data.length === 0 ? <Text>No memberships yet.</Text> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {products.data?.data.map((m) => (
          <Card key={m.guId} withBorder component="article" aria-label={m.name}>
            <Stack gap={6}>
              <Group justify="space-between">
                <Title order={2} size="h4">
                  {m.name}
                </Title>
                {!m.isVisible ? <Badge color="gray.8">Not on sale</Badge> : null}
                {m.isArchived ? <Badge color="gray.8">Archived</Badge> : null}
              </Group>
              <Text fw={600}>{priceLabel(m)}</Text>
              <Text size="sm">{termsLabel(m)}</Text>
              {mayEdit ? (
                <Group justify="flex-end">
                  <Button
                    variant="light"
                    aria-label={`Edit ${m.name}`}
                    onClick={() => {
                      setEditing(m);
                      setOpen(true);
                    }}
                  >
                    Edit
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <MembershipDialog opened={open} editing={editing} onClose={() => setOpen(false)} />
    </Stack>
  );
}
