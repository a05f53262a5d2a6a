import '@mantine/charts/styles.css';
import { type DashboardMonth, formatMoney, monthLabel, toMajorNumber } from '@atrium/contracts';
import { BarChart, LineChart } from '@mantine/charts';
import { Card, SimpleGrid, Text } from '@mantine/core';

/** The charts are pictures of the table beside them: no keyboard stops of their own (they are aria-hidden). */
const QUIET = { accessibilityLayer: false } as const;

/**
 * The dashboard's three charts of the last 12 months (month labels Jan to Dec, spec 1 §9): revenue
 * in the studio's currency, bookings, active members. Loaded apart from the dashboard (the charting
 * library is large); the same figures are in the table beside them for screen readers.
 */
export default function DashboardCharts({ months, currency }: { months: DashboardMonth[]; currency: string }) {
  const data = months.map((m) => ({
    month: monthLabel(m.month),
    Revenue: toMajorNumber(m.revenue, currency),
    Bookings: m.bookings,
    Members: m.activeMembers,
  }));
  const money = (value: number) => formatMoney(Math.round(value * 100), currency);
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} mb="md" aria-hidden>
      <Card withBorder padding="md">
        <Text size="sm" fw={600} mb="xs">
          Revenue
        </Text>
        <BarChart
          h={180}
          data={data}
          dataKey="month"
          series={[{ name: 'Revenue', color: 'blue.7' }]}
          barChartProps={QUIET}
          valueFormatter={money}
        />
      </Card>
      <Card withBorder padding="md">
        <Text size="sm" fw={600} mb="xs">
          Bookings
        </Text>
        <BarChart
          h={180}
          data={data}
          dataKey="month"
          series={[{ name: 'Bookings', color: 'teal.8' }]}
          barChartProps={QUIET}
        />
      </Card>
      <Card withBorder padding="md">
        <Text size="sm" fw={600} mb="xs">
          Active members
        </Text>
        <LineChart
          h={180}
          data={data}
          dataKey="month"
          series={[{ name: 'Members', color: 'grape.7' }]}
          lineChartProps={QUIET}
          curveType="linear"
        />
      </Card>
    </SimpleGrid>
  );
}
