import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ContactEmailsList } from './ContactEmailsCard';

const render = (node: ReactNode) => renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>);

describe('Emails card', () => {
  it('shows the empty state', () => {
    expect(render(<ContactEmailsList data={{ recordsTotal: 0, data: [] }} timeZone="America/New_York" />)).toContain(
      'No emails sent yet',
    );
  });

  it('lists subject, time and status of each email', () => {
    const html = render(
      <ContactEmailsList
        data={{
          recordsTotal: 2,
          data: [
            { id: '1', subject: 'Your code', status: 'pending', createdAt: '2026-11-24T10:00:00.000Z', sentAt: null },
            {
              id: '2',
              subject: 'Welcome',
              status: 'sent',
              createdAt: '2026-11-20T09:00:00.000Z',
              sentAt: '2026-11-20T09:01:00.000Z',
            },
          ],
        }}
        timeZone="Asia/Kolkata"
      />,
    );
    expect(html).toContain('Your code');
    // In the studio's zone (Kolkata, +5:30), not the browser's or UTC.
    expect(html).toMatch(/Queued Nov 24, 2026,? 3:30\s?PM/);
    expect(html).toContain('Pending');
    expect(html).toContain('Welcome');
    expect(html).toMatch(/Sent Nov 20, 2026,? 2:31\s?PM/);
    expect(html).toContain('aria-label="Emails"');
  });
});
