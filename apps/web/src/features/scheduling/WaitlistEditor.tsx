import type { Booking } from '@atrium/contracts';
import { ActionIcon, Group, Stack, Text, Title } from '@mantine/core';
import { useReorderWaitlist } from './hooks';
import { placedAtLabel } from './session-format';

interface Props {
  sessionId: string;
  waiting: Booking[];
  /** The tenant's zone: when each place was taken is shown on its clocks. */
  timeZone: string;
  /** Staff may set the order while the class has not started. */
  canReorder: boolean;
}

const move = (ids: string[], from: number, to: number) => {
  const next = [...ids];
  const [taken] = next.splice(from, 1);
  if (taken !== undefined) next.splice(to, 0, taken);
  return next;
};

/**
 * The waitlist in its order (the time each place was taken, unless staff moved someone); staff move
 * people up or down (the first in line is offered a freed spot).
 */
export function WaitlistEditor({ sessionId, waiting, timeZone, canReorder }: Props) {
  const reorder = useReorderWaitlist();
  if (waiting.length === 0) return null;
  const ids = waiting.map((b) => b.guId);
  const save = (waitlist: string[]) => reorder.mutate({ sessionId, waitlist });
  return (
    <>
      <Title order={2} size="h4">
        Waitlist
      </Title>
      <Stack gap={4} component="ol" aria-label="Waitlist" p={0} m={0} style={{ listStyle: 'none' }}>
        {waiting.map((b, index) => {
          const who = b.name || b.email;
          return (
            <Group key={b.guId} component="li" justify="space-between" wrap="nowrap">
              <div>
                <Text>
                  {b.waitlistPosition ?? index + 1}. {who}
                </Text>
                <Text size="xs" c="dimmed">
                  Joined {placedAtLabel(b.bookedAt, timeZone)}
                </Text>
              </div>
              {canReorder ? (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="default"
                    aria-label={`Move ${who} up`}
                    disabled={index === 0 || reorder.isPending}
                    onClick={() => save(move(ids, index, index - 1))}
                  >
                    <span aria-hidden="true">↑</span>
                  </ActionIcon>
                  <ActionIcon
                    variant="default"
                    aria-label={`Move ${who} down`}
                    disabled={index === waiting.length - 1 || reorder.isPending}
                    onClick={() => save(move(ids, index, index + 1))}
                  >
                    <span aria-hidden="true">↓</span>
                  </ActionIcon>
                </Group>
              ) : null}
            </Group>
          );
        })}
      </Stack>
    </>
  );
}
