import { Text } from '@mantine/core';

/** One fact of a record's summary: its name, dimmed, over its value (a long value wraps anywhere). */
export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}
