import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { isApiError } from '../../lib/api-error';
import { WaiverNeeded } from '../forms/WaiverNeeded';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { shopApi } from './api';
import { CheckoutFrame, OrderSummary, ThankYou } from './CheckoutPage';
import { checkoutPayment, paymentPathOf } from './checkout-payment';
import { useCart } from './useCart';
import { orderOf, usePlaceOrder } from './usePlaceOrder';
import './shop.css';

/** Student /cartcheckout: the member's order from My Store; the member is the buyer, so no form. */
export default function MemberCheckoutPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Checkout');
  const state = useCart();
  const { cart } = state;
  const { placing, failure, order, place: placeOrder } = usePlaceOrder(state.reload);
  const [waiverNeeded, setWaiverNeeded] = useState<string | null>(null);

  const payment = checkoutPayment(tenant.paymentProvider);

  if (order) {
    // A card order goes on into its payment at once (as the public checkout); one paid at the studio gets the thank-you.
    const payNow = paymentPathOf(order);
    return payNow ? <Navigate to={payNow} replace /> : <ThankYou order={order} shopPath="/store" />;
  }

  const place = async () => {
    if (!cart || cart.lines.length === 0) return;
    setWaiverNeeded(null);
    await placeOrder(
      (idempotencyKey) => shopApi.placeMemberOrder({ ...orderOf(cart), idempotencyKey }),
      (cause) => {
        if (!(isApiError(cause) && cause.code === 'waiver_required')) return false;
        setWaiverNeeded(cause.message);
        return true;
      },
    );
  };

  return (
    <CheckoutFrame cart={cart} shopPath="/store">
      {(cart) => (
        <Stack gap="md" maw={560}>
          {waiverNeeded && <WaiverNeeded message={waiverNeeded} />}
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <OrderSummary cart={cart} shopPath="/store" />
          <Text size="sm">The invoice is made out to you. {payment.note ?? 'You pay it by card next.'}</Text>
          <Button size="md" loading={placing} disabled={state.saving} onClick={() => void place()}>
            {payment.button}
          </Button>
          {placing && (
            <Text size="sm" role="status">
              Placing your order…
            </Text>
          )}
        </Stack>
      )}
    </CheckoutFrame>
  );
}
