import type { MonthlyGiftByLink } from '@atrium/contracts';
import { Alert, Button, Container, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { QueryClientProvider, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { MantineScope } from '../../app/MantineScope';
import { isApiError } from '../../lib/api-error';
import { queryClient } from '../../lib/query-client';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { donationsApi } from './api';
import { money } from './campaign-money';

/** /donate/monthly/:token: the link in each monthly gift's receipt, where the donor sees and stops it. */
export default function MonthlyGiftPage() {
  return (
    <MantineScope>
      <QueryClientProvider client={queryClient}>
        <MonthlyGift />
      </QueryClientProvider>
    </MantineScope>
  );
}

const ongoing = (gift: MonthlyGiftByLink) => gift.status !== 'cancelled' && gift.status !== 'completed';

function summary(gift: MonthlyGiftByLink, timeZone: string): string {
  const each = money(gift.amount, gift.currency);
  const made = `${gift.giftsMade} ${gift.giftsMade === 1 ? 'gift' : 'gifts'} made so far`;
  if (!ongoing(gift)) return `${each} a month; ${made}.`;
  const next = gift.nextGiftAt
    ? ` The next is on ${new Date(gift.nextGiftAt).toLocaleDateString(undefined, { dateStyle: 'long', timeZone })}.`
    : '';
  const length = gift.gifts === null ? 'until you stop it' : `${gift.gifts} in all`;
  return `${each} a month, ${length}; ${made}.${next}`;
}

function MonthlyGift() {
  const { token = '' } = useParams();
  const tenant = useTenant();
  useDocumentHead(tenant, 'Your monthly gift');
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const gift = useQuery({
    queryKey: ['monthly-gift', token],
    queryFn: () => donationsApi.monthlyGift(token),
    retry: false,
  });
  const stop = useMutation({
    mutationFn: () => donationsApi.stopMonthlyGift(token),
    onSuccess: (stopped) => {
      client.setQueryData(['monthly-gift', token], stopped);
      setConfirming(false);
    },
  });
  const data = gift.data;
  const stoppedNotice = useRef<HTMLDivElement>(null);
  // The button that stopped the gift is gone: the notice that says so takes the focus.
  useEffect(() => {
    if (stop.data) stoppedNotice.current?.focus();
  }, [stop.data]);
  return (
    <Container size="sm" py="lg" component="section" aria-labelledby="gift-title">
      <Stack>
        <Title order={1} id="gift-title">
          Your monthly gift
        </Title>
        {gift.isPending ? (
          <Loader aria-label="Loading your monthly gift" />
        ) : !data ? (
          isApiError(gift.error) && gift.error.status === 404 ? (
            <Alert color="red" title="This link is not valid" role="alert">
              <Text size="sm" c="dark.7">
                The link may be mistyped. The studio can look up your gift for you.
              </Text>
            </Alert>
          ) : (
            <Alert color="red" title="Your monthly gift could not be loaded" role="alert">
              <Stack gap="xs" align="flex-start">
                <Text size="sm" c="dark.7">
                  Please try again in a moment.
                </Text>
                <Button size="xs" variant="default" onClick={() => void gift.refetch()} loading={gift.isFetching}>
                  Try again
                </Button>
              </Stack>
            </Alert>
          )
        ) : (
          <>
            <Text size="lg" fw={600}>
              {data.campaignName}
            </Text>
            {data.donorName ? <Text>From {data.donorName}</Text> : null}
            <Text>{summary(data, tenant.timezone)}</Text>
            {stop.data ? (
              <Alert color="teal" role="status" title="Stopped" ref={stoppedNotice} tabIndex={-1}>
                <Text size="sm" c="dark.7">
                  {stop.data.message} Thank you for your gifts.
                </Text>
              </Alert>
            ) : !ongoing(data) ? (
              <Text role="status">This monthly gift has ended: nothing more will be charged.</Text>
            ) : (
              <Group>
                <Button color="red.9" variant="outline" onClick={() => setConfirming(true)}>
                  Stop my monthly gift
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Stop your monthly gift?" centered>
        <Stack>
          <Text size="sm">No more gifts will be charged. The gifts already made and their receipts stay.</Text>
          {stop.error ? (
            <Alert color="red" role="alert">
              {stop.error.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={stop.isPending} data-autofocus>
              Keep giving
            </Button>
            <Button color="red.9" onClick={() => stop.mutate()} loading={stop.isPending}>
              Stop the gift
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
