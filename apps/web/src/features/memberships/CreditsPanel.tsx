import type { CreditSummary } from '@atrium/contracts';
import { List, Stack, Text, Title } from '@mantine/core';
import { dayLabel } from './membership-format';

const REASON: Record<string, string> = {
  granted: 'Added',
  booked: 'Used for a class',
  returned: 'Returned (booking cancelled)',
  expired: 'Expired',
};

/** A contact's class credits: the balance, what is left of each pack, and the latest changes. */
export function CreditsPanel({
  credits,
  timeZone,
  headingOrder = 2,
}: {
  credits: CreditSummary;
  timeZone: string;
  headingOrder?: 2 | 3;
}) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="credits-title">
      <Title order={headingOrder} id="credits-title" size="h3">
        Class credits
      </Title>
      <Text size="lg" fw={600} data-testid="credit-balance">
        {credits.balance} {credits.balance === 1 ? 'credit' : 'credits'} left
      </Text>
      {credits.grants.length > 0 ? (
        <List spacing={4}>
          {credits.grants.map((grant) => (
            <List.Item key={grant.id}>
              {grant.name}: {grant.remaining} of {grant.granted} left
              {grant.expiresAt ? `, expires ${dayLabel(grant.expiresAt, timeZone)}` : ''}
            </List.Item>
          ))}
        </List>
      ) : null}
      {credits.entries.length > 0 ? (
        <List spacing={2} size="sm" aria-label="Credit history">
          {credits.entries.slice(0, 10).map((entry) => (
            <List.Item key={entry.id}>
              {dayLabel(entry.createdAt, timeZone)}: {REASON[entry.reason] ?? entry.reason} (
              {entry.delta > 0 ? '+' : ''}
              {entry.delta}) · {entry.name}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Stack>
  );
}
