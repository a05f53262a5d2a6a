import {
  Alert,
  Badge,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { useSetupReturn, useSubscriptions } from './hooks';
import { dayLabel, money, STATUS_COLOR, STATUS_LABEL } from './membership-format';

const PAGE = 50;

/** /subscriptions (staff): upcoming membership charges, soonest first, or every membership. */
export default function SubscriptionsPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Subscriptions');
  const [kind, setKind] = useState<'upcoming' | 'all'>('upcoming');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [page, setPage] = useState(1);
  const list = useSubscriptions(kind, {
    offset: (page - 1) * PAGE,
    max: PAGE,
    search: debounced || undefined,
    showArchive: kind === 'all',
  });
  const total = list.data?.recordsTotal ?? 0;
  // back from a desk sale on /store/new (the member saved the card on the provider's page)
  const sold = useSetupReturn('/subscriptions', (sub) => `${sub.contactName}: ${sub.name} is set up.`);

  return (
    <Stack component="section" aria-labelledby="subs-title" gap="md">
      <Title order={1} id="subs-title">
        Subscriptions
      </Title>
      {sold.pending ? (
        <Group role="status" gap="xs">
          <Loader size="sm" aria-hidden />
          <Text>Setting up the membership…</Text>
        </Group>
      ) : null}
      {sold.problem ? (
        <Alert color="red" title="Payment failed" role="alert">
          {sold.problem}
        </Alert>
      ) : null}
      <Group wrap="wrap">
        <SegmentedControl
          aria-label="Which memberships"
          value={kind}
          onChange={(value) => {
            setKind(value as 'upcoming' | 'all');
            setPage(1);
          }}
          data={[
            { value: 'upcoming', label: 'Upcoming charges' },
            { value: 'all', label: 'All memberships' },
          ]}
        />
        <TextInput
          aria-label="Search memberships"
          placeholder="Search by member or membership"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
        />
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Member</Table.Th>
              <Table.Th>Membership</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Next charge</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Expires</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data?.data.map((sub) => (
              <Table.Tr key={sub.guId}>
                <Table.Td>
                  <Link to={`/contacts/${sub.contactId}/details`}>{sub.contactName}</Link>
                </Table.Td>
                <Table.Td>{sub.name}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLOR[sub.status]} variant="outline">
                    {STATUS_LABEL[sub.status]}
                  </Badge>
                </Table.Td>
                <Table.Td>{dayLabel(sub.nextChargeAt, tenant.timezone)}</Table.Td>
                <Table.Td>{sub.nextChargeAmount !== null ? money(sub.nextChargeAmount, sub.currency) : '—'}</Table.Td>
                <Table.Td>{dayLabel(sub.periodEndsAt, tenant.timezone)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {list.data && total === 0 ? <Text>No memberships to show.</Text> : null}
      {total > PAGE ? (
        <Pagination total={Math.ceil(total / PAGE)} value={page} onChange={setPage} aria-label="Pages" />
      ) : null}
    </Stack>
  );
}
