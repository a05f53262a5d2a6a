import { takesCardPayments } from '@atrium/contracts';
import { Alert, Anchor, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Where a studio connects the provider that takes card payments online (Settings, Integrations). */
export const PAYMENT_PROVIDER_PATH = '/settings/integrations/paymentprovider';

export const NO_CARD_PAYMENTS = {
  title: 'No payment provider connected',
  text: 'Members can book or buy this now and pay at the studio. To take their card payments online, connect a payment provider.',
  link: 'Connect a payment provider',
} as const;

/** Whether a priced thing being made should say that cards cannot be taken yet. */
export function needsCardPaymentsNotice(paymentProvider: string | null | undefined, priced: boolean): boolean {
  return priced && !takesCardPayments(paymentProvider);
}

/** A price as typed ('12.50', '', 0): above zero? */
export function isPriced(price: string | number | null | undefined): boolean {
  const value = typeof price === 'number' ? price : Number(String(price ?? '').trim() || '0');
  return Number.isFinite(value) && value > 0;
}

/**
 * Said where something priced is made (a class's drop-in price, a product, an event, a membership, a
 * course) while the studio has no card payment provider: it still sells, paid at the studio, and
 * the link leads to where a provider is connected.
 */
export function NoCardPaymentsAlert({
  paymentProvider,
  priced,
}: {
  paymentProvider: string | null | undefined;
  priced: boolean;
}) {
  if (!needsCardPaymentsNotice(paymentProvider, priced)) return null;
  return (
    <Alert color="yellow" variant="light" title={NO_CARD_PAYMENTS.title} icon={<IconInfoCircle aria-hidden />}>
      <Text size="sm">{NO_CARD_PAYMENTS.text}</Text>
      <Anchor component={Link} to={PAYMENT_PROVIDER_PATH} size="sm" fw={600}>
        {NO_CARD_PAYMENTS.link}
      </Anchor>
    </Alert>
  );
}
