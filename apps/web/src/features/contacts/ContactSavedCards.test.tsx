import type { ContactCards } from '@atrium/contracts';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { NO_PROVIDER_TEXT, SavedCardsList } from './ContactSavedCards';

const render = (node: ReactNode) => renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>);
const now = new Date(2026, 4, 15);

describe('Saved cards', () => {
  it('says cards appear once a payment provider is connected when none is', () => {
    const html = render(<SavedCardsList data={{ provider: null, cards: [] }} onDelete={() => {}} now={now} />);
    expect(html).toContain(NO_PROVIDER_TEXT.replace('>', '&gt;'));
    expect(html).not.toContain('No saved cards');
  });

  it('shows the empty state', () => {
    const html = render(<SavedCardsList data={{ provider: 'stripe', cards: [] }} onDelete={() => {}} now={now} />);
    expect(html).toContain('No saved cards');
  });

  it('lists masked cards with a brand mark or name, expiry, default and a labelled remove button', () => {
    const data: ContactCards = {
      provider: 'stripe',
      cards: [
        { id: 'pm_v', brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031, isDefault: true },
        { id: 'pm_a', brand: 'amex', last4: '0005', expMonth: 1, expYear: 2026, isDefault: false },
        { id: 'pm_j', brand: 'jcb', last4: '0000', expMonth: 9, expYear: 2030, isDefault: false },
      ],
    };
    const html = render(<SavedCardsList data={data} onDelete={() => {}} now={now} />);
    expect(html).toContain('•••• 4242');
    expect(html).toContain('Expires 04/31');
    expect(html).toContain('Expired 01/26');
    expect(html).toContain('Default');
    expect(html).toContain('data-brand="visa"');
    expect(html).toContain('data-brand="amex"');
    expect(html).not.toContain('data-brand="jcb"');
    expect(html).toContain('JCB');
    expect(html).toContain('aria-label="Remove Visa ending in 4242, expires 04/31"');
    expect(html).toContain('aria-label="Remove American Express ending in 0005, expires 01/26"');
    expect(html).not.toMatch(/<img/);
  });
});
