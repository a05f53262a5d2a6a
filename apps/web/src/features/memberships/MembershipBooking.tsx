import { Button, Group, Stack, Text } from '@mantine/core';
import { useMyCredits, useMySubscriptions } from './hooks';

/**
 * A priced class for a student: a current unlimited membership books it, else a class credit does
 * (the server takes it); with neither, the drop-in is paid by card at once, or at the studio when it
 * takes no cards online (`dropIn`: the button and the note, Scheduling's place-payment.ts).
 */
export function MembershipBooking({
  loading,
  full,
  onBook,
  dropIn = { button: 'Book and pay', note: null },
}: {
  loading: boolean;
  full: boolean;
  onBook: () => void;
  dropIn?: { button: string; note: string | null };
}) {
  const subs = useMySubscriptions();
  const credits = useMyCredits();
  if (subs.isLoading || credits.isLoading) return null;
  const unlimited = (subs.data?.data ?? []).some(
    (s) => s.membershipType === 'unlimited' && (s.status === 'active' || s.status === 'trialing'),
  );
  const balance = credits.data?.balance ?? 0;
  if (!unlimited && balance === 0) {
    return (
      <Stack gap="xs">
        {!full && dropIn.note ? <Text>{dropIn.note}</Text> : null}
        <Group justify="flex-end">
          <Button loading={loading} onClick={onBook}>
            {full ? 'Join waitlist' : dropIn.button}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Stack>
      {!unlimited ? (
        <Text>
          You have {balance} class {balance === 1 ? 'credit' : 'credits'}: booking uses one.
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button loading={loading} onClick={onBook}>
          {full ? 'Join waitlist' : unlimited ? 'Book with membership' : 'Book with a credit'}
        </Button>
      </Group>
    </Stack>
  );
}
