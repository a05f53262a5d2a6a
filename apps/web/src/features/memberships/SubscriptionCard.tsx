import type { MemberSubscription } from '@atrium/contracts';
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { showSuccessToast } from '../../lib/notify';
import { membershipsApi } from './api';
import { useSubscriptionAction } from './hooks';
import { dayLabel, money, STATUS_COLOR, STATUS_LABEL } from './membership-format';

/** One membership with its next payment and what its member (or staff) can do. */
export function SubscriptionCard({
  sub,
  timeZone,
  staff = false,
}: {
  sub: MemberSubscription;
  timeZone: string;
  staff?: boolean;
}) {
  const action = useSubscriptionAction();
  const [asking, setAsking] = useState(false);
  const [moving, setMoving] = useState(false);
  const live = ['trialing', 'active', 'past_due', 'paused', 'suspended'].includes(sub.status);
  const headingId = `sub-${sub.guId}`;

  async function updateCard() {
    setMoving(true);
    try {
      const { url } = await membershipsApi.updateCard(sub.guId);
      window.location.assign(url);
    } catch {
      setMoving(false);
    }
  }

  async function run(kind: 'cancelNow' | 'cancelAtEnd' | 'pause' | 'resume', message: string) {
    await action.mutateAsync({ guId: sub.guId, action: kind });
    setAsking(false);
    showSuccessToast(message);
  }

  return (
    <Card withBorder component="article" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} id={headingId} size="h4">
            {sub.name}
          </Title>
          <Badge color={STATUS_COLOR[sub.status]} variant="outline">
            {STATUS_LABEL[sub.status]}
          </Badge>
        </Group>
        {staff ? <Text size="sm">{sub.contactName}</Text> : null}
        {sub.nextChargeAt && sub.nextChargeAmount !== null ? (
          <Text>
            Next payment: {money(sub.nextChargeAmount, sub.currency)} on {dayLabel(sub.nextChargeAt, timeZone)}
          </Text>
        ) : null}
        {sub.periodEndsAt ? (
          <Text size="sm">
            {sub.cancelAtPeriodEnd || !sub.nextChargeAt ? 'Ends' : 'Current period ends'}{' '}
            {dayLabel(sub.periodEndsAt, timeZone)}
          </Text>
        ) : null}
        <Text size="sm">Card: {sub.paymentMethod || '—'}</Text>
        {sub.status === 'past_due' && sub.lastFailure ? (
          <Alert
            color="red"
            title={staff ? 'The last payment did not go through' : 'Your last payment did not go through'}
          >
            {sub.lastFailure}{' '}
            {staff ? 'It is tried again on the retry schedule.' : 'Update your card and we will try again right away.'}
          </Alert>
        ) : null}
        {sub.status === 'suspended' ? (
          <Alert color="red" title="Membership suspended">
            {staff
              ? 'The payments did not go through after the last retry, so nothing more is charged. A new card from the member restores it.'
              : 'Your payments did not go through after several tries, so nothing more is charged. Update your card to restore it: the open payment is then taken once.'}
          </Alert>
        ) : null}
        {sub.status === 'paused' && sub.lastFailure && !staff ? (
          <Text size="sm">An open payment is taken when the membership resumes.</Text>
        ) : null}
        {live ? (
          <Group gap="xs" wrap="wrap">
            {!staff ? (
              <Button variant="light" loading={moving} onClick={updateCard}>
                Update card
              </Button>
            ) : null}
            {staff && sub.status === 'paused' ? (
              <Button variant="light" loading={action.isPending} onClick={() => run('resume', 'Membership resumed.')}>
                Resume
              </Button>
            ) : null}
            {staff && sub.status !== 'paused' && sub.status !== 'suspended' ? (
              <Button variant="light" loading={action.isPending} onClick={() => run('pause', 'Membership paused.')}>
                Pause
              </Button>
            ) : null}
            {!sub.cancelAtPeriodEnd ? (
              <Button color="red.9" variant="outline" onClick={() => setAsking(true)}>
                Cancel membership
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
      <Modal opened={asking} onClose={() => setAsking(false)} title="Cancel membership" centered>
        <Stack>
          <Text>When should {sub.name} end?</Text>
          <Button
            loading={action.isPending}
            onClick={() => run('cancelAtEnd', 'Membership will end at the end of the current period.')}
          >
            At the end of the current period
          </Button>
          <Button
            color="red.9"
            variant="outline"
            loading={action.isPending}
            onClick={() => run('cancelNow', 'Membership cancelled.')}
          >
            Now
          </Button>
        </Stack>
      </Modal>
    </Card>
  );
}
