import { type ClassSession, spotsLabel } from '@atrium/contracts';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTenant } from '../session/session-store';
import { priceLabel, timeRange } from './session-format';

const dayLabel = (iso: string, timeZone: string) => {
  try {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'full' }).format(new Date(iso));
  }
};

/** When and where a session is, who teaches it, its spots and price, on the tenant's clocks. */
export function SessionDetails({ session, timeZone }: { session: ClassSession; timeZone: string }) {
  const tenant = useTenant();
  const price = priceLabel(session.priceMinor, tenant.csymbol);
  return (
    <Stack gap={6}>
      <Text>
        {dayLabel(session.startsAt, timeZone)}, {timeRange(session, timeZone)}
      </Text>
      <Group gap="xs">
        {session.roomName ? <Badge variant="light">{session.roomName}</Badge> : null}
        {session.teacherName ? (
          <Badge variant="light" color="gray">
            {session.teacherName}
          </Badge>
        ) : null}
        <Badge color={session.status === 'cancelled' || session.spotsLeft === 0 ? 'red.9' : 'teal.9'}>
          {spotsLabel(session)}
        </Badge>
        {price ? <Badge color="gray.8">Drop-in {price}</Badge> : null}
      </Group>
    </Stack>
  );
}
