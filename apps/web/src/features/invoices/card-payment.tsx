import type { PaymentRedirect } from '@atrium/contracts';
import { Alert, Group, Loader, Text } from '@mantine/core';
import { type QueryKey, useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTenant } from '../session/session-store';
import { invoicesApi } from './api';
import type { BrowserCard } from './card-token';

/** How long a returning buyer waits for the provider's confirmation before the page says it may take longer. */
const CONFIRM_WAIT_MS = 60_000;
export const CONFIRM_POLL_MS = 1_500;

/** `failed`: the provider said so when asked (PhonePe's confirm route); the others come on the return URL. */
export type PaymentReturn = 'success' | 'cancel' | 'failed' | null;

/** The provider sends the browser back with `?payment=success` or `?payment=cancel`. */
export function usePaymentReturn(): PaymentReturn {
  const [params] = useSearchParams();
  const value = params.get('payment');
  return value === 'success' || value === 'cancel' ? value : null;
}

/**
 * Whether to keep asking for the invoice: the buyer came back from paying and the provider's
 * confirmation (its webhook) has not landed yet. Stops after a minute.
 */
export function useAwaitingConfirmation(outcome: PaymentReturn, stillOwed: boolean) {
  const [waitedOut, setWaitedOut] = useState(false);
  const waiting = outcome === 'success' && stillOwed;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setWaitedOut(true), CONFIRM_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  return { polling: waiting && !waitedOut, waitedOut: waiting && waitedOut };
}

/**
 * Sends the browser to the provider's hosted page (the card is typed there, never on our pages):
 * a plain navigation, or a form posted to it when the provider takes its fields that way (Razorpay).
 */
export function goToProvider({ url, form }: { url: string; form?: Record<string, string> }): void {
  if (!form) {
    window.location.assign(url);
    return;
  }
  const element = document.createElement('form');
  element.method = 'post';
  element.action = url;
  element.hidden = true;
  for (const [name, value] of Object.entries(form)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    element.append(input);
  }
  document.body.append(element);
  element.submit();
}

/**
 * Starting a card payment of an invoice: to the provider's hosted page, or, for a provider without
 * one (PaymentSpring), the card form on this page (`card`). A page reached with `?payment=card`
 * (another screen started the payment, or the shop's checkout placed a card order, and sent the
 * buyer here) starts it by itself: the form opens, or the browser goes on to the provider's page.
 */
export function useCardPayment(start: () => Promise<PaymentRedirect>, payable: boolean) {
  const [params, setParams] = useSearchParams();
  const [card, setCard] = useState<BrowserCard | null>(null);
  const asked = params.get('payment') === 'card';
  const mutation = useMutation({
    mutationFn: start,
    onSuccess: (redirect) => {
      if (redirect.card) return setCard(redirect.card);
      // Back from the provider's page returns to this invoice, not to a page that starts it again.
      if (asked) window.history.replaceState(window.history.state, '', withoutPaymentAsked(window.location.href));
      goToProvider(redirect);
    },
  });
  // Opened by itself once per visit: after Cancel the buyer stays on the page without the form.
  const opened = useRef(false);
  const { mutate } = mutation;
  useEffect(() => {
    if (!asked || !payable || opened.current) return;
    opened.current = true;
    mutate();
  }, [asked, payable, mutate]);
  const cancel = () => {
    setCard(null);
    mutation.reset();
    if (asked) {
      const next = new URLSearchParams(params);
      next.delete('payment');
      setParams(next, { replace: true });
    }
  };
  return {
    start: () => mutation.mutate(),
    error: mutation.error,
    card,
    cancel,
    /** Busy until the browser has left for the provider's page, or the card form is shown. */
    busy: mutation.isPending || (mutation.isSuccess && !card),
  };
}

/** A page's address (`href`) without the `?payment=card` that asked it to start paying. */
export function withoutPaymentAsked(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('payment');
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Mantine's light alert tints its title with the alert's colour: too pale to read (axe, 4.5:1). */
export function AlertTitle({ text }: { text: string }) {
  return (
    <Text component="span" fw={700} size="sm" c="dark.8">
      {text}
    </Text>
  );
}

/** What the page says when the buyer is back from the provider's page. */
export function PaymentReturnNotice({
  outcome,
  stillOwed,
  waitedOut,
  message = '',
}: {
  outcome: PaymentReturn;
  stillOwed: boolean;
  waitedOut: boolean;
  /** The provider's word on a failed payment. */
  message?: string;
}) {
  if (outcome === 'failed' && stillOwed) {
    return (
      <Alert color="red" role="alert" title={<AlertTitle text="Payment failed" />}>
        <Text size="sm" c="dark.7">
          {message ? `${message} ` : ''}Nothing was paid; you can try again.
        </Text>
      </Alert>
    );
  }
  if (outcome === 'cancel' && stillOwed) {
    return (
      <Alert color="gray" role="status" title={<AlertTitle text="Payment cancelled" />}>
        <Text size="sm" c="dark.7">
          Your card was not charged.
        </Text>
      </Alert>
    );
  }
  if (outcome !== 'success') return null;
  if (!stillOwed) {
    return (
      <Alert color="teal" role="status" title={<AlertTitle text="Payment received" />}>
        <Text size="sm" c="dark.7">
          Thank you: this invoice is paid.
        </Text>
      </Alert>
    );
  }
  if (waitedOut) {
    return (
      <Alert color="blue" role="status" title={<AlertTitle text="Payment still being confirmed" />}>
        <Text size="sm" c="dark.7">
          Your payment has not been confirmed yet. Refresh this page in a minute to see it.
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color="blue" role="status" aria-busy="true">
      <Group gap="sm" wrap="nowrap">
        <Loader size="sm" aria-hidden="true" />
        <Text size="sm" c="dark.7">
          Confirming your payment…
        </Text>
      </Group>
    </Alert>
  );
}

/**
 * An invoice read on a page the card provider sends the buyer back to: after a payment it is asked
 * again every CONFIRM_POLL_MS until the provider's confirmation has landed, or the wait runs out.
 */
export function useInvoiceAfterPayment<T extends { balance: number }>(
  queryKey: QueryKey,
  queryFn: () => Promise<T>,
  options: { retry?: boolean } = {},
) {
  const returned = usePaymentReturn();
  const confirmation = usePhonePeConfirmation(returned);
  const outcome: PaymentReturn = confirmation.data?.state === 'FAILED' ? 'failed' : returned;
  const waitedOut = useRef(false);
  const invoice = useQuery({
    queryKey,
    queryFn,
    ...options,
    refetchInterval: (query) =>
      outcome === 'success' && (query.state.data?.balance ?? 0) > 0 && !waitedOut.current ? CONFIRM_POLL_MS : false,
  });
  const stillOwed = (invoice.data?.balance ?? 0) > 0;
  const waiting = useAwaitingConfirmation(outcome, stillOwed);
  waitedOut.current = waiting.waitedOut;
  const completed = confirmation.data?.state === 'COMPLETED';
  const { refetch } = invoice;
  useEffect(() => {
    // PhonePe's payment is on the invoice once the confirm route answered COMPLETED: read it now.
    if (completed) void refetch();
  }, [completed, refetch]);
  const message = outcome === 'failed' ? (confirmation.data?.message ?? '') : '';
  return { invoice, outcome, stillOwed, waiting, message };
}

/**
 * PhonePe sends the browser back with `?payment=success&phonepe={transaction}` whatever happened:
 * the server is asked (it asks PhonePe, never this page) until the payment is no longer pending.
 */
function usePhonePeConfirmation(returned: PaymentReturn) {
  const [params] = useSearchParams();
  const transaction = params.get('phonepe') ?? '';
  const tenant = useTenant();
  const started = useRef(Date.now());
  return useQuery({
    queryKey: ['phonepe', 'confirm', transaction],
    queryFn: () => invoicesApi.phonepeConfirm(tenant.tenantId, transaction),
    enabled: returned === 'success' && transaction !== '',
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.state === 'PENDING' && Date.now() - started.current < CONFIRM_WAIT_MS ? CONFIRM_POLL_MS : false,
  });
}
