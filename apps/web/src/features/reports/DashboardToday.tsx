import { type DashboardSummary, formatMoney, monthLabel, percentChange } from '@atrium/contracts';
import { Button, Card, Group, Loader, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { useDashboardSummary } from './api';
import { reportPath } from './report-params';

const DashboardCharts = lazy(() => import('./DashboardCharts'));

function Tile({ label, value, hint, to }: { label: string; value: ReactNode; hint?: string; to: string }) {
  return (
    <Card withBorder padding="md" component={Link} to={to}>
      <Text size="sm">{label}</Text>
      <Text fw={700} fz="xl">
        {value}
      </Text>
      {hint ? (
        <Text size="sm" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

/** "+12% on last month so far", or nothing to compare with. */
function againstLastMonth(money: NonNullable<DashboardSummary['money']>): string {
  const change = percentChange(money.revenueThisMonth, money.revenueLastMonthToDate);
  const before = formatMoney(money.revenueLastMonthToDate, money.currency);
  if (change === null) return `Last month by this day: ${before}`;
  return `${change >= 0 ? '+' : ''}${change}% on last month by this day (${before})`;
}

function MoneyTiles({ money, today }: { money: NonNullable<DashboardSummary['money']>; today: string }) {
  const chase = money.membershipsPastDue + money.invoicesFailed;
  const monthStart = `${today.slice(0, 7)}-01`;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
      <Tile
        label="Revenue today"
        value={formatMoney(money.revenueToday, money.currency)}
        to={reportPath({ report: 'sales', from: today, to: today, groupBy: 'method' })}
      />
      <Tile
        label="Revenue this month"
        value={formatMoney(money.revenueThisMonth, money.currency)}
        hint={againstLastMonth(money)}
        to={reportPath({ report: 'sales', from: monthStart, to: today, groupBy: 'day' })}
      />
      <Tile
        label="Payments to chase"
        value={chase}
        hint={`${money.membershipsPastDue} memberships past due, ${money.invoicesFailed} failed invoices`}
        to="/subscriptions"
      />
      <Tile label="Memberships renewing this week" value={money.membershipsDueThisWeek} to="/subscriptions" />
    </SimpleGrid>
  );
}

/** The last 12 months as a table: month labels Jan to Dec (spec 1 §9), the studio's currency. */
function MonthsTable({ months, currency }: { months: NonNullable<DashboardSummary['months']>; currency: string }) {
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table striped withTableBorder aria-labelledby="dashboard-months">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Month</Table.Th>
            <Table.Th scope="col" ta="right">
              Revenue
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Bookings
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Active members
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...months].reverse().map((m) => (
            <Table.Tr key={m.month}>
              <Table.Th scope="row" fw={500}>
                {monthLabel(m.month)} {m.month.slice(0, 4)}
              </Table.Th>
              <Table.Td ta="right">{formatMoney(m.revenue, currency)}</Table.Td>
              <Table.Td ta="right">{m.bookings}</Table.Td>
              <Table.Td ta="right">{m.activeMembers}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * Today at a glance (issue 24): the day's classes, places, check-ins and waitlists, new people, and
 * for admins and staff the money (the server leaves it out for the front desk). Each tile opens the
 * screen behind it: the money tiles the sales report of their period.
 */
export function DashboardToday() {
  const summary = useDashboardSummary();
  if (summary.isPending) return <Loader size="sm" mt="xl" aria-label="Loading today's figures" />;
  if (summary.isError || !summary.data) {
    return (
      <Group mt="xl" role="alert">
        <Text>Today's figures could not be loaded.</Text>
        <Button variant="light" size="xs" onClick={() => summary.refetch()}>
          Try again
        </Button>
      </Group>
    );
  }
  const d = summary.data;
  const fill = d.capacityToday > 0 ? Math.round((d.bookedToday / d.capacityToday) * 100) : null;
  return (
    <>
      <section aria-labelledby="dashboard-today">
        <Title order={2} size="h3" id="dashboard-today" mt="xl" mb="sm">
          Today
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Tile
            label="Classes today"
            value={d.sessionsToday}
            hint={
              fill === null
                ? 'No places on offer today'
                : `${d.bookedToday} of ${d.capacityToday} places booked (${fill}%)`
            }
            to="/calendar"
          />
          <Tile label="Checked in today" value={d.checkInsToday} to="/calendar" />
          <Tile
            label="Waiting on waitlists"
            value={d.waitlistedUpcoming}
            hint="For classes still to come"
            to="/schedule"
          />
          <Tile
            label="New people this month"
            value={d.newContactsThisMonth}
            // admins and staff (who read reports) get the contacts report of the month; the front desk the list
            to={
              d.money
                ? reportPath({ report: 'contacts', from: `${d.today.slice(0, 7)}-01`, to: d.today, groupBy: 'day' })
                : '/contacts'
            }
          />
        </SimpleGrid>
        {d.money ? (
          <>
            <Title order={3} size="h4" mt="lg" mb="sm">
              Money
            </Title>
            <MoneyTiles money={d.money} today={d.today} />
          </>
        ) : null}
      </section>
      {d.months && d.money ? (
        <section aria-labelledby="dashboard-months">
          <Title order={2} size="h3" id="dashboard-months" mt="xl" mb="sm">
            The last 12 months
          </Title>
          <Suspense fallback={<Loader size="sm" aria-label="Loading the charts" />}>
            <DashboardCharts months={d.months} currency={d.money.currency} />
          </Suspense>
          <MonthsTable months={d.months} currency={d.money.currency} />
        </section>
      ) : null}
    </>
  );
}
