// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { isPriced, NO_CARD_PAYMENTS, NoCardPaymentsAlert, needsCardPaymentsNotice } from './NoCardPaymentsAlert';

afterEach(cleanup);

const show = (paymentProvider: string | null, priced: boolean) =>
  render(
    <MantineProvider>
      <MemoryRouter>
        <NoCardPaymentsAlert paymentProvider={paymentProvider} priced={priced} />
      </MemoryRouter>
    </MantineProvider>,
  );

describe('NoCardPaymentsAlert', () => {
  it('a priced thing with no card provider says so and links to where a provider is connected', () => {
    show(null, true);
    expect(screen.getByRole('alert').textContent).toContain(NO_CARD_PAYMENTS.title);
    expect(screen.getByText(NO_CARD_PAYMENTS.text)).toBeTruthy();
    const link = screen.getByRole('link', { name: NO_CARD_PAYMENTS.link });
    expect(link.getAttribute('href')).toBe('/settings/integrations/paymentprovider');
  });

  it('says nothing when a card provider is connected, or when the thing is free', () => {
    show('STRIPE', true);
    expect(screen.queryByRole('alert')).toBeNull();
    cleanup();
    show(null, false);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('counts cash-only settings as no card provider', () => {
    for (const provider of ['STRIPE', 'RAZORPAY', 'PHONEPE', 'PSPRING'])
      expect(needsCardPaymentsNotice(provider, true)).toBe(false);
    for (const provider of [null, undefined, '', 'CASH']) expect(needsCardPaymentsNotice(provider, true)).toBe(true);
  });

  it('reads a typed price: above zero is priced, empty, zero or not a number is not', () => {
    expect(['12.50', '0.01', 3].map(isPriced)).toEqual([true, true, true]);
    expect(['', ' ', '0', '0.00', 0, null, undefined, 'abc'].map(isPriced)).toEqual(Array(8).fill(false));
  });
});
