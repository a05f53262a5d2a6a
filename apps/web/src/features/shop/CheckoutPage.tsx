import { type PublicCart, type PublicCheckoutResult, PublicUserForm } from '@atrium/contracts';
import { Alert, Anchor, Button, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { MantineScope } from '../../app/MantineScope';
import { isApiError } from '../../lib/api-error';
import { queryClient } from '../../lib/query-client';
import { keptRegistrant } from '../forms/course-registrant';
import { money } from '../invoices/invoice-format';
import { useTenant } from '../session/session-store';
import { useDocumentHead } from '../tenant/tenant-head';
import { shopApi } from './api';
import { CartLoading, CartNotes, CartTotals, EmptyCart } from './CartView';
import { checkoutPayment, paymentPathOf } from './checkout-payment';
import { useCart } from './useCart';
import { useCheckoutRegistration } from './useCheckoutRegistration';
import { orderOf, usePlaceOrder } from './usePlaceOrder';
import './shop.css';

/**
 * /checkout: the public user form and the order summary; 'Place order and pay' goes on into the card
 * payment of the order's invoice, or, when the studio takes no cards online, 'Place order' (paid at
 * the studio) and the thank-you view. A studio that registers new buyers as they buy sends the
 * visitor to /checkout/register instead.
 */
export default function CheckoutPage() {
  return (
    <MantineScope>
      <QueryClientProvider client={queryClient}>
        <Checkout />
      </QueryClientProvider>
    </MantineScope>
  );
}

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'address', 'note'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
const EMPTY: Values = { firstName: '', lastName: '', email: '', phone: '', address: '', note: '' };

/** The form's problems by field, from the same schema the server uses (spec 3 §5). */
function problemsOf(values: Values): Partial<Record<Field, string>> {
  const parsed = PublicUserForm.safeParse(values);
  if (parsed.success) return {};
  const problems: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    if (FIELDS.includes(field) && !problems[field]) problems[field] = issue.message;
  }
  return problems;
}

/**
 * The order placed; `children` adds what the page did besides (the checkout with registration's form).
 * An order paid at the studio says so and links its invoice to view; a card order links it to pay.
 */
export function ThankYou({
  order,
  shopPath,
  children,
}: {
  order: PublicCheckoutResult;
  shopPath: string;
  children?: ReactNode;
}) {
  // Paid at the studio (the studio takes no cards online): the invoice is there to see, not to pay.
  const atStudio = order.payment === 'at_studio';
  return (
    <section className="shop-page" aria-labelledby="shop-thanks">
      <Stack gap="sm" maw={560}>
        <Title order={1} id="shop-thanks">
          Thank you
        </Title>
        <Text role="status">
          Your order is placed: invoice {order.invoiceId}, {money(order.total, order.currency)}.
        </Text>
        {atStudio ? (
          <Text>You pay at the studio. We have emailed you the invoice.</Text>
        ) : (
          <Text>We have emailed you the invoice. Pay it online whenever you are ready.</Text>
        )}
        {children}
        <Group gap="sm">
          <Button component="a" href={`/invoice/${order.publicId}`}>
            {atStudio ? 'View invoice' : 'View and pay invoice'} {order.invoiceId}
          </Button>
          <Anchor component={Link} to={shopPath}>
            Continue shopping
          </Anchor>
        </Group>
      </Stack>
    </section>
  );
}

/**
 * A checkout's page: its title, then the cart loading (or `loading`, something else the page waits
 * for), the empty cart with the way back to `shopPath`, or the checkout itself for the cart (with
 * `summary`, its form beside the order summary).
 */
export function CheckoutFrame({
  cart,
  loading = false,
  shopPath,
  summary = false,
  children,
}: {
  cart: PublicCart | null;
  loading?: boolean;
  shopPath: string;
  summary?: boolean;
  children: (cart: PublicCart) => ReactNode;
}) {
  return (
    <div className="shop-page">
      <Title order={1} mb="lg">
        Checkout
      </Title>
      {cart === null || loading ? (
        <CartLoading />
      ) : cart.lines.length === 0 ? (
        <EmptyCart cart={cart} shopPath={shopPath} />
      ) : summary ? (
        <div className="shop-layout">
          {children(cart)}
          <OrderSummary cart={cart} shopPath={shopPath} />
        </div>
      ) : (
        children(cart)
      )}
    </div>
  );
}

/** A text field's value, change and problem, as a checkout's form hands them on. */
interface FieldBinding {
  value: string;
  onChange: (event: { currentTarget: { value: string } }) => void;
  error?: string;
}

/** The order's address and note (the checkout's details; the registration checkout's 'Order details'). */
export function AddressNoteFields({ address, note }: { address: FieldBinding; note: FieldBinding }) {
  return (
    <>
      <Textarea label="Address" autoComplete="street-address" maxLength={500} autosize minRows={2} {...address} />
      <Textarea label="Note" maxLength={255} autosize minRows={2} {...note} />
    </>
  );
}

/** A checkout form's submit: the button, what paying involves (`note`), and `working` while the order is placed. */
export function PlaceOrderButton({
  label,
  note,
  working,
  placing,
  saving,
}: {
  label: string;
  note?: string | null;
  working: string;
  placing: boolean;
  /** The cart is being saved: the order waits for it. */
  saving: boolean;
}) {
  return (
    <>
      <Button type="submit" size="md" loading={placing} disabled={saving}>
        {label}
      </Button>
      {note && <Text size="sm">{note}</Text>}
      {placing && (
        <Text size="sm" role="status">
          {working}
        </Text>
      )}
    </>
  );
}

/** The order as it will be placed: lines, the code, the totals, and a way back to the cart. */
export function OrderSummary({ cart, shopPath }: { cart: PublicCart; shopPath: string }) {
  return (
    <section className="shop-cart" aria-labelledby="shop-summary">
      <Title order={2} size="h3" id="shop-summary">
        Order summary
      </Title>
      <CartNotes cart={cart} />
      <ul className="shop-cart__lines">
        {cart.lines.map((line) => (
          <li key={line.guId}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text>
                {line.qty} × {line.name}
              </Text>
              <Text fw={600}>{money(line.amount - line.discount, cart.currency)}</Text>
            </Group>
          </li>
        ))}
      </ul>
      {cart.offer && (
        <Alert color={cart.offer.valid ? 'teal' : 'red'} p="xs">
          {cart.offer.valid ? `Code '${cart.offer.offerCode}' applied.` : cart.offer.alert}
        </Alert>
      )}
      <CartTotals cart={cart} />
      <Anchor component={Link} to={shopPath} size="sm">
        Edit cart
      </Anchor>
    </section>
  );
}

function Checkout() {
  const tenant = useTenant();
  useDocumentHead(tenant, 'Checkout');
  const state = useCart();
  const { cart } = state;
  // A registration form tied to this paid course kept who registered in this tab (spec 3 §4).
  const [values, setValues] = useState<Values>(() => {
    const { firstName = '', lastName = '', email = '', phone = '' } = keptRegistrant();
    return { ...EMPTY, firstName, lastName, email, phone };
  });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const { placing, failure, order, place: placeOrder } = usePlaceOrder(state.reload);
  const registration = useCheckoutRegistration();
  const sentBack = (useLocation().state as { plain?: boolean } | null)?.plain === true;
  const payment = checkoutPayment(tenant.paymentProvider);

  if (order) {
    // A card order goes on into its payment at once; one paid at the studio gets the thank-you.
    const payNow = paymentPathOf(order);
    return payNow ? <Navigate to={payNow} replace /> : <ThankYou order={order} shopPath="/merchandise" />;
  }
  if (registration.formId && !sentBack) return <Navigate to="/checkout/register" replace />;

  const set = (field: Field) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((before) => ({ ...before, [field]: value }));
    if (problems[field]) setProblems((before) => ({ ...before, [field]: undefined }));
  };

  const place = async (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf(values);
    setProblems(found);
    if (Object.keys(found).length > 0 || !cart || cart.lines.length === 0) return;
    await placeOrder(
      (idempotencyKey) =>
        shopApi.placeOrder({
          ...values,
          fullName: `${values.firstName} ${values.lastName}`.trim(),
          ...orderOf(cart),
          idempotencyKey,
        }),
      (cause) => {
        const field = isApiError(cause) ? (cause.field as Field | undefined) : undefined;
        if (!field || !FIELDS.includes(field)) return false;
        setProblems({ [field]: (cause as Error).message });
        return true;
      },
    );
  };

  const input = (field: Field) => ({ value: values[field], onChange: set(field), error: problems[field] });

  return (
    <CheckoutFrame cart={cart} loading={registration.pending} shopPath="/merchandise" summary>
      {() => (
        <form onSubmit={place} noValidate aria-labelledby="shop-details" aria-busy={placing}>
          <Stack gap="sm">
            <Title order={2} size="h3" id="shop-details">
              Your details
            </Title>
            {failure && (
              <Alert color="red" role="alert">
                {failure}
              </Alert>
            )}
            <Group grow gap="sm" wrap="wrap">
              <TextInput
                label="First name"
                required
                autoComplete="given-name"
                maxLength={100}
                {...input('firstName')}
              />
              <TextInput label="Last name" required autoComplete="family-name" maxLength={100} {...input('lastName')} />
            </Group>
            <TextInput label="Email" type="email" required autoComplete="email" maxLength={254} {...input('email')} />
            <TextInput label="Phone" type="tel" autoComplete="tel" maxLength={40} {...input('phone')} />
            <AddressNoteFields address={input('address')} note={input('note')} />
            <PlaceOrderButton
              label={payment.button}
              note={payment.note}
              working="Placing your order…"
              placing={placing}
              saving={state.saving}
            />
          </Stack>
        </form>
      )}
    </CheckoutFrame>
  );
}
