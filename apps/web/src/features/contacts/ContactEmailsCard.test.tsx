import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ContactEmailsList } from './ContactEmailsCard';

const render = (node: ReactNode) => renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>);

describe('Emails card', () => {
  it('shows the empty state', () => {
    expect(render(<ContactEmailsList data={{ recordsTotal: 0, data: [] }} />)).toContain('No emails sent yet');
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
      />,
    );
    expect(html).toContain('Your code');
    expect(html).toContain('Queued Nov 24, 2026');
    expect(html).toContain('Pending');
    expect(html).toContain('Welcome');
    expect(html).toContain('Sent Nov 20, 2026');
    expect(html).toContain('aria-label="Emails"');
  });
});
