import { Group, SegmentedControl } from '@mantine/core';

/** Monthly / Yearly above the plans (the studio's upgrade page and the operator's public plans). */
export function PeriodSwitch({ value, onChange }: { value: string; onChange: (period: string) => void }) {
  return (
    <Group justify="center">
      <SegmentedControl
        aria-label="Billing period"
        value={value}
        onChange={onChange}
        data={[
          { value: 'monthly', label: 'Monthly' },
          { value: 'yearly', label: 'Yearly' },
        ]}
      />
    </Group>
  );
}
