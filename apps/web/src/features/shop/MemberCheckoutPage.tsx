import type { PublicCheckoutResult } from '@atrium/contracts';
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { isApiError } from '../../lib/api-error';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { shopApi } from './api';
import { CartLoading, EmptyCart } from './CartView';
import { OrderSummary, ThankYou } from './CheckoutPage';
import { linesOf } from './cart-lines';
import { useCart } from './useCart';
import './shop.css';

/** Student /cartcheckout: the member's order from My Store; the member is the buyer, so no form. */
export default function MemberCheckoutPage() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Checkout');
  const state = useCart();
  const { cart } = state;
  const [placing, setPlacing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [order, setOrder] = useState<PublicCheckoutResult | null>(null);
  // One key per visit of this page: a double click or a retry places one order.
  const idempotencyKey = useRef(crypto.randomUUID());

  if (order) return <ThankYou order={order} shopPath="/store" />;

  const place = async () => {
    if (!cart || cart.lines.length === 0) return;
    setPlacing(true);
    setFailure(null);
    try {
      setOrder(
        await shopApi.placeMemberOrder({
          items: linesOf(cart),
          offerCode: cart.offer?.valid ? cart.offer.offerCode : undefined,
          cartId: cart.cartId ?? undefined,
          idempotencyKey: idempotencyKey.current,
        }),
      );
    } catch (cause) {
      setFailure(isApiError(cause) ? cause.message : 'The order could not be placed. Please try again.');
      await state.reload();
      idempotencyKey.current = crypto.randomUUID();
    } finally {
      setPlacing(false);
    }
  };

  return (
    <div className="shop-page">
      <Title order={1} mb="lg">
        Checkout
      </Title>
      {cart === null ? (
        <CartLoading />
      ) : cart.lines.length === 0 ? (
        <EmptyCart cart={cart} shopPath="/store" />
      ) : (
        <Stack gap="md" maw={560}>
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <OrderSummary cart={cart} shopPath="/store" />
          <Text size="sm">The invoice is made out to you; you pay it by card on its page.</Text>
          <Button size="md" loading={placing} disabled={state.saving} onClick={() => void place()}>
            Place order
          </Button>
          {placing && (
            <Text size="sm" role="status">
              Placing your order…
            </Text>
          )}
        </Stack>
      )}
    </div>
  );
}
