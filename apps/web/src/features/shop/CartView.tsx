import type { PublicCart } from '@atrium/contracts';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { money } from '../invoices/invoice-format';
import { linesOf, quantityChoices, withoutItem, withQty } from './cart-lines';
import type { CartState } from './useCart';

/** Subtotal, discount, each tax, card fee and total of a priced cart. */
export function CartTotals({ cart }: { cart: PublicCart }) {
  const c = cart.currency;
  const rows: [string, number][] = [['Subtotal', cart.subtotal]];
  if (cart.discount > 0) rows.push(['Discount', -cart.discount]);
  for (const tax of cart.taxes) if (tax.amount > 0) rows.push([tax.label, tax.amount]);
  if (cart.cardFee > 0) rows.push(['Card fee', cart.cardFee]);
  return (
    <dl className="shop-totals">
      {rows.map(([label, amount]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{money(amount, c)}</dd>
        </div>
      ))}
      <div className="shop-totals__total">
        <dt>Total</dt>
        <dd>{money(cart.total, c)}</dd>
      </div>
    </dl>
  );
}

/** The server's notes on the cart (an item gone, a quantity lowered), read out when they appear. */
export function CartNotes({ cart }: { cart: PublicCart }) {
  if (cart.notes.length === 0) return null;
  return (
    <Alert color="yellow" role="status" title="Your cart changed">
      <Stack gap={2}>
        {cart.notes.map((note) => (
          <Text key={note} size="sm">
            {note}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
}

function OfferCode({ state }: { state: CartState }) {
  const { cart, save, saving } = state;
  const applied = cart?.offer?.offerCode ?? '';
  const [text, setText] = useState(applied);
  useEffect(() => setText(applied), [applied]);
  const lines = linesOf(cart);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    void save(lines, text.trim());
  };
  return (
    <Stack gap={6}>
      <form onSubmit={apply} aria-label="Offer code">
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label="Offer code"
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            maxLength={50}
            style={{ flex: 1 }}
          />
          <Button type="submit" variant="default" disabled={!text.trim() || saving}>
            Apply
          </Button>
        </Group>
      </form>
      {cart?.offer && (
        <Alert color={cart.offer.valid ? 'teal' : 'red'} role={cart.offer.valid ? 'status' : 'alert'} p="xs">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm">
              {cart.offer.valid
                ? `Code '${cart.offer.offerCode}' applied: ${money(cart.offer.discount, cart.currency)} off.`
                : cart.offer.alert}
            </Text>
            <Button size="compact-sm" variant="subtle" onClick={() => void save(lines, '')} disabled={saving}>
              Remove code
            </Button>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}

/** The cart: its lines (quantity, remove), the code, the totals and 'Checkout'. */
export function CartView({ state, checkoutPath }: { state: CartState; checkoutPath: string }) {
  const { cart, save, saving, error } = state;
  const lines = linesOf(cart);
  return (
    <section className="shop-cart" aria-labelledby="shop-cart-title" aria-busy={saving}>
      <Title order={2} id="shop-cart-title" size="h3">
        Your cart
      </Title>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      {cart === null ? (
        <Text c="dimmed">Loading your cart…</Text>
      ) : (
        <Stack gap="sm">
          <CartNotes cart={cart} />
          {cart.lines.length === 0 ? (
            <Text>Your cart is empty.</Text>
          ) : (
            <>
              <ul className="shop-cart__lines">
                {cart.lines.map((line) => (
                  <li key={line.guId}>
                    <Text fw={600}>{line.name}</Text>
                    <Group gap="xs" wrap="nowrap" justify="space-between">
                      <NativeSelect
                        aria-label={`Quantity of ${line.name}`}
                        data={quantityChoices(line.stockLeft)}
                        value={String(line.qty)}
                        onChange={(event) => void save(withQty(lines, line.guId, Number(event.currentTarget.value)))}
                        disabled={saving}
                        w={72}
                      />
                      <Text size="sm">
                        {line.qty} × {money(line.price, cart.currency)}
                      </Text>
                      <Text fw={600}>{money(line.amount - line.discount, cart.currency)}</Text>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${line.name}`}
                        onClick={() => void save(withoutItem(lines, line.guId))}
                        disabled={saving}
                      >
                        <span aria-hidden="true">×</span>
                      </ActionIcon>
                    </Group>
                  </li>
                ))}
              </ul>
              <OfferCode state={state} />
              <CartTotals cart={cart} />
              <Button component={Link} to={checkoutPath} fullWidth loading={saving}>
                Checkout
              </Button>
            </>
          )}
        </Stack>
      )}
    </section>
  );
}

/** While the cart is read from the server. */
export function CartLoading() {
  return (
    <Group gap="xs">
      <Loader size="sm" aria-label="Loading your cart" />
      <Text>Loading your cart…</Text>
    </Group>
  );
}

/** A checkout with nothing in the cart: its notes (an item gone, a quantity lowered) and the way back. */
export function EmptyCart({ cart, shopPath }: { cart: PublicCart; shopPath: string }) {
  return (
    <Stack gap="sm">
      <CartNotes cart={cart} />
      <Text>Your cart is empty.</Text>
      <Anchor component={Link} to={shopPath}>
        Continue shopping
      </Anchor>
    </Stack>
  );
}
