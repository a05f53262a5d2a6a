import { Button, CloseButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { dayLabel } from '../offers/offer-format';

interface Props {
  label: string;
  description?: string;
  /** The dates as the form keeps them: YYYY-MM-DD, separated by commas. */
  value: string;
  onChange: (value: string) => void;
  error?: React.ReactNode;
}

/** The dates of a comma-separated list, each once, in order. */
export function datesOf(value: string): string[] {
  return [...new Set(value.split(/[\s,]+/).filter((date) => /^\d{4}-\d{2}-\d{2}$/.test(date)))].sort();
}

/**
 * A list of days picked one at a time with the browser's date picker (issue 29 "Words": no typing
 * YYYY-MM-DD), each shown as people read it ("Dec 25, 2026") with a button to take it out.
 */
export function DateListInput({ label, description, value, onChange, error }: Props) {
  const [picked, setPicked] = useState('');
  const dates = datesOf(value);
  const add = () => {
    if (!picked) return;
    onChange(datesOf(`${value},${picked}`).join(', '));
    setPicked('');
  };
  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={label}
          description={description}
          type="date"
          value={picked}
          onChange={(event) => setPicked(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
          error={error}
          style={{ flex: 1 }}
        />
        <Button variant="default" leftSection={<IconPlus size={16} aria-hidden />} onClick={add} disabled={!picked}>
          Add date
        </Button>
      </Group>
      {dates.length ? (
        <Group gap={6} component="ul" aria-label={`${label}: the dates`} style={{ padding: 0, margin: 0 }}>
          {dates.map((date) => (
            // Mantine's Pill keeps its remove button from the keyboard and screen readers: a real button
            <Paper key={date} component="li" withBorder radius="xl" py={2} pl="sm" pr={4}>
              <Group gap={4} wrap="nowrap">
                <Text size="sm">{dayLabel(date)}</Text>
                <CloseButton
                  size="sm"
                  aria-label={`Remove ${dayLabel(date)}`}
                  onClick={() => onChange(dates.filter((d) => d !== date).join(', '))}
                />
              </Group>
            </Paper>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
