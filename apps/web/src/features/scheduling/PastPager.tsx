import { CONTACT_BOOKINGS_PAGE } from '@atrium/contracts';
import { Button, Group, Text } from '@mantine/core';

interface Props {
  /** The first past place shown (0-based) and the end of the page shown. */
  start: number;
  end: number;
  total: number;
  onStart: (start: number) => void;
  /** A page on its way: both buttons wait, and Older spins while the last page stays on screen. */
  fetching?: boolean;
  loading?: boolean;
  /** The count is dimmed and read out when it changes (staff's card, which pages in place). */
  announce?: boolean;
}

/** "1–10 of 24" and the Newer / Older buttons under a member's past classes. */
export function PastPager({ start, end, total, onStart, fetching = false, loading = false, announce = false }: Props) {
  return (
    <Group justify="space-between">
      <Text size="sm" c={announce ? 'dimmed' : undefined} aria-live={announce ? 'polite' : undefined}>
        {start + 1}–{end} of {total}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          disabled={start === 0 || fetching}
          onClick={() => onStart(Math.max(0, start - CONTACT_BOOKINGS_PAGE))}
        >
          Newer
        </Button>
        <Button
          variant="default"
          size="xs"
          disabled={end >= total || fetching}
          loading={loading}
          onClick={() => onStart(start + CONTACT_BOOKINGS_PAGE)}
        >
          Older
        </Button>
      </Group>
    </Group>
  );
}
