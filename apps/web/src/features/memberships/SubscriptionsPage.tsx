import type { MemberSubscription } from '@atrium/contracts';
import { Alert, Badge, Group, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { type ListColumn, ListScreen, useListState } from '../../app/components/list-kit';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { useSetupReturn, useSubscriptions } from './hooks';
import { dayLabel, money, STATUS_COLOR, STATUS_LABEL } from './membership-format';

/** `kind=all` in the address: every membership; without it the upcoming charges. */
const LIST = { pageSizes: [25, 50, 100], defaultPageSize: 50, filters: ['kind'] };

/** /subscriptions (staff): upcoming membership charges, soonest first, or every membership. */
export default function SubscriptionsPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Subscriptions');
  const list = useListState(LIST);
  const { params } = list;
  const kind = params.filters.kind === 'all' ? 'all' : 'upcoming';
  const subscriptions = useSubscriptions(kind, {
    offset: (params.page - 1) * params.pageSize,
    max: params.pageSize,
    search: params.search || undefined,
    showArchive: kind === 'all',
  });
  // back from a desk sale on /store/new (the member saved the card on the provider's page)
  const sold = useSetupReturn('/subscriptions', (sub) => `${sub.contactName}: ${sub.name} is set up.`);

  const columns: ListColumn<MemberSubscription>[] = [
    {
      key: 'member',
      header: 'Member',
      cell: (sub) => <Link to={`/contacts/${sub.contactId}/details`}>{sub.contactName}</Link>,
    },
    { key: 'membership', header: 'Membership', cell: (sub) => sub.name },
    {
      key: 'status',
      header: 'Status',
      cell: (sub) => (
        <Badge color={STATUS_COLOR[sub.status]} variant="outline">
          {STATUS_LABEL[sub.status]}
        </Badge>
      ),
    },
    { key: 'next', header: 'Next charge', cell: (sub) => dayLabel(sub.nextChargeAt, tenant.timezone) },
    {
      key: 'amount',
      header: 'Amount',
      cell: (sub) => (sub.nextChargeAmount !== null ? money(sub.nextChargeAmount, sub.currency) : '—'),
    },
    { key: 'expires', header: 'Expires', cell: (sub) => dayLabel(sub.periodEndsAt, tenant.timezone) },
  ];

  return (
    <ListScreen
      id="subs"
      title="Subscriptions"
      description={
        sold.pending || sold.problem ? (
          <Stack gap="xs">
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
          </Stack>
        ) : null
      }
      list={list}
      toolbar={
        <SegmentedControl
          aria-label="Which memberships"
          value={kind}
          onChange={(value) => list.setFilter('kind', value === 'all' ? 'all' : null)}
          data={[
            { value: 'upcoming', label: 'Upcoming charges' },
            { value: 'all', label: 'All memberships' },
          ]}
        />
      }
      search={{ label: 'Search memberships', placeholder: 'Search by member or membership' }}
      query={subscriptions}
      rows={subscriptions.data?.data ?? []}
      total={subscriptions.data?.recordsTotal ?? 0}
      rowKey={(sub) => sub.guId}
      columns={columns}
      noun="subscriptions"
      texts={{ none: 'No memberships to show.', noMatch: 'No memberships to show.' }}
      emptyHint="Sell a membership from the Store (New sale) or a member's page; its charges show here."
      minWidth={640}
    />
  );
}
