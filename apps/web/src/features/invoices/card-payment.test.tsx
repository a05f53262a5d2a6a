import { takesCardPayments } from '@atrium/contracts';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PaymentReturnNotice, withoutPaymentAsked } from './card-payment';

const render = (node: ReactNode) => renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>);

describe('PaymentReturnNotice', () => {
  it('shows progress while the provider’s confirmation has not landed', () => {
    const html = render(<PaymentReturnNotice outcome="success" stillOwed waitedOut={false} />);
    expect(html).toContain('role="status"');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('Confirming your payment…');
  });

  it('says the invoice is paid once nothing is owed', () => {
    const html = render(<PaymentReturnNotice outcome="success" stillOwed={false} waitedOut={false} />);
    expect(html).toContain('Payment received');
    expect(html).toContain('Thank you: this invoice is paid.');
    expect(html).not.toContain('Confirming');
  });

  it('stops waiting after a while and says to refresh', () => {
    const html = render(<PaymentReturnNotice outcome="success" stillOwed waitedOut />);
    expect(html).toContain('Refresh this page in a minute');
  });

  it('says a cancelled payment charged nothing, and says nothing without a return', () => {
    expect(render(<PaymentReturnNotice outcome="cancel" stillOwed waitedOut={false} />)).toContain(
      'Your card was not charged.',
    );
    expect(render(<PaymentReturnNotice outcome={null} stillOwed waitedOut={false} />)).not.toContain('role="status"');
  });

  it('says a payment the provider reports failed was not paid, with the provider’s message', () => {
    const html = render(<PaymentReturnNotice outcome="failed" stillOwed waitedOut={false} message="Payment Failed" />);
    expect(html).toContain('role="alert"');
    expect(html).toContain('Payment Failed Nothing was paid; you can try again.');
    expect(html).not.toContain('Confirming');
  });
});

describe('takesCardPayments', () => {
  it('is true for the providers that take cards here (a hosted page, or PaymentSpring’s token)', () => {
    expect(takesCardPayments('STRIPE')).toBe(true);
    expect(takesCardPayments('RAZORPAY')).toBe(true);
    expect(takesCardPayments('PHONEPE')).toBe(true);
    expect(takesCardPayments('PSPRING')).toBe(true);
    expect(takesCardPayments('PAYTM')).toBe(false);
    expect(takesCardPayments(null)).toBe(false);
  });
});

describe('withoutPaymentAsked', () => {
  it('drops only the instruction to start paying, so Back from the provider does not start it again', () => {
    expect(withoutPaymentAsked('https://demo.example.com/invoice/abc?payment=card')).toBe('/invoice/abc');
    expect(withoutPaymentAsked('https://demo.example.com/invoice/abc?x=1&payment=card#top')).toBe(
      '/invoice/abc?x=1#top',
    );
  });
});
