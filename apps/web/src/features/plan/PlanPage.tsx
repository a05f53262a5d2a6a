import {
  formatPlanDate,
  PLAN_PAYMENT_PAGE_SIZES,
  type PlanPaymentRow,
  paymentStatusLabel,
  type Subscription,
} from '@atrium/contracts';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Busy } from '../../app/components/Busy';
import { Fact } from '../../app/components/Fact';
import { ScrollTable } from '../../app/components/ScrollTable';
import { SettingsHeader, useIsAdmin } from '../settings/SettingsHeader';
import { usePlanHistory, useSubscription } from './api';
import { currentPlanSummary } from './plan-rules';

/** /settings/plan: the current plan card and the payments table (spec 2 "Plan page"). */
export default function PlanPage() {
  const subscription = useSubscription();
  const isAdmin = useIsAdmin();
  return (
    <section aria-label="Plan">
      <SettingsHeader title="Plan" />
      {!isAdmin ? (
        <Text>Only an administrator can see and change the plan.</Text>
      ) : subscription.isLoading ? (
        <Busy label="Loading the plan" />
      ) : subscription.data ? (
        <Stack gap="lg" maw={1080}>
          <CurrentPlanCard subscription={subscription.data} />
          <PaymentsTable />
        </Stack>
      ) : (
        <Text c="red.9">The plan could not be loaded. Please reload the page.</Text>
      )}
    </section>
  );
}

function CurrentPlanCard({ subscription }: { subscription: Subscription }) {
  const summary = currentPlanSummary(subscription);
  return (
    <Card withBorder padding="lg" aria-labelledby="current-plan-title">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            Current plan
          </Text>
          <Title order={2} size="h3" id="current-plan-title" data-testid="current-plan-name">
            {summary.name}
          </Title>
        </Stack>
        <Button component={Link} to="/settings/plan/upgrade">
          {subscription.planName ? 'Change plan' : 'Upgrade'}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mt="md">
        <Fact label="Current billing period" value={summary.billingPeriod ?? '—'} />
        <Fact label="Next billing date" value={summary.nextBillingDate ?? '—'} />
        <Fact label="Billing amount" value={summary.amount} />
      </SimpleGrid>
      {subscription.usage ? (
        <SimpleGrid cols={{ base: 1, sm: 3 }} mt="md">
          <Fact label="Contacts" value={usageLabel(subscription.usage.contacts)} />
          <Fact label="Active members" value={usageLabel(subscription.usage.members)} />
        </SimpleGrid>
      ) : null}
    </Card>
  );
}

/** "1,234 of 2,000", or "45 (no limit)". */
function usageLabel({ used, max }: { used: number; max: number | null }): string {
  const n = (value: number) => value.toLocaleString('en-US');
  return max === null ? `${n(used)} (no limit)` : `${n(used)} of ${n(max)}`;
}

function PaymentsTable() {
  const [pageSize, setPageSize] = useState<number>(PLAN_PAYMENT_PAGE_SIZES[0]);
  const [page, setPage] = useState(1);
  const year = new Date().getUTCFullYear();
  const history = usePlanHistory({ year, start: (page - 1) * pageSize, length: pageSize, search: '' });
  const total = history.data?.recordsTotal ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="sm" id="payments-title">
        Payments
      </Title>
      {history.isLoading ? (
        <Stack gap="xs">
          <Skeleton height={28} />
          <Skeleton height={28} />
        </Stack>
      ) : total === 0 ? (
        <Text c="dimmed">No payments in {year}.</Text>
      ) : (
        <ScrollTable minWidth={640} label="Payments">
          <Table verticalSpacing="sm" aria-labelledby="payments-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Client</Table.Th>
                <Table.Th>Invoice</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Date</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(history.data?.data ?? []).map((row) => (
                <PaymentRow key={row.guId} row={row} />
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <Group justify="space-between" mt="md" wrap="wrap">
        <Select
          label="Rows per page"
          data={PLAN_PAYMENT_PAGE_SIZES.map(String)}
          value={String(pageSize)}
          onChange={(value) => {
            setPageSize(Number(value ?? PLAN_PAYMENT_PAGE_SIZES[0]));
            setPage(1);
          }}
          allowDeselect={false}
          w={140}
        />
        <Pagination
          total={pages}
          value={page}
          onChange={setPage}
          getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        />
      </Group>
    </Card>
  );
}

function PaymentRow({ row }: { row: PlanPaymentRow }) {
  const status = paymentStatusLabel(row.transactionStatus);
  const symbol = row.currency === 'INR' ? '₹' : '$';
  const client = `${row.user.name} ${row.user.lastName}`.trim();
  return (
    <Table.Tr>
      <Table.Td>
        {row.user.guId ? (
          <Anchor component={Link} to={`/contacts/${row.user.guId}/details`}>
            {client}
          </Anchor>
        ) : (
          client
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={`/reports/sales/${row.guId}`}>
            {row.itemName}
          </Anchor>
          {row.subscription ? (
            <Tooltip label="Recurring membership">
              <IconRepeat size={16} aria-label="Recurring membership" role="img" />
            </Tooltip>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td>
        {symbol}
        {row.price.toLocaleString('en-US')}
      </Table.Td>
      <Table.Td>
        <Badge color={status === 'Completed' ? 'teal' : status === 'Processing' ? 'blue' : 'red'} variant="light">
          {status}
        </Badge>
        {row.message ? (
          <Text size="xs" c="dimmed">
            {row.message}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{formatPlanDate(row.dateCreated)}</Table.Td>
    </Table.Tr>
  );
}
