// @vitest-environment happy-dom
import type { CampaignSenders } from '@atrium/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DeliveryValues, SendThroughFields, sendViaLabel } from './CampaignDelivery';

/** GET /rest/campaigns/senders answers `senders`. */
function serverStandIn(senders: CampaignSenders) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(senders), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

const mailchimpStudio: CampaignSenders = {
  defaultProvider: 'mailchimp',
  brevo: { connected: false, fromEmail: '' },
  mailchimp: { connected: true, audienceName: 'Cedar members' },
  mailboxes: [],
  brevoWebhookUrl: '',
};

function Harness({ seen }: { seen: (next: DeliveryValues) => void }) {
  const [value, setValue] = useState<DeliveryValues>({ provider: null, mailboxId: null, tracking: false });
  return (
    <SendThroughFields
      value={value}
      errors={{}}
      onChange={(next) => {
        seen(next);
        setValue(next);
      }}
    />
  );
}

function show(seen: (next: DeliveryValues) => void = () => undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <Harness seen={seen} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Send through', () => {
  it("offers Mailchimp with the studio's audience, as the default when it is the campaign provider", async () => {
    serverStandIn(mailchimpStudio);
    const seen: DeliveryValues[] = [];
    show((next) => seen.push(next));
    expect(await screen.findByDisplayValue("The studio's default (Mailchimp)")).toBeTruthy();
    expect(screen.getByText(/Mailchimp fills first and last name only/)).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: 'Send through' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Mailchimp (Cedar members)', hidden: true }));
    expect(seen.at(-1)).toMatchObject({ provider: 'mailchimp', mailboxId: null });
  });

  it('marks Mailchimp not connected when the studio has not chosen its audience', async () => {
    serverStandIn({ ...mailchimpStudio, defaultProvider: 'smtp', mailchimp: { connected: false, audienceName: '' } });
    show();
    expect(await screen.findByDisplayValue("The studio's default (Email server (SMTP))")).toBeTruthy();
    expect(screen.queryByText(/Mailchimp fills first and last name only/)).toBeNull();
    fireEvent.click(screen.getByRole('combobox', { name: 'Send through' }));
    expect(await screen.findByRole('option', { name: 'Mailchimp (not connected)', hidden: true })).toBeTruthy();
  });

  it("names the audience on a campaign's facts", () => {
    expect(sendViaLabel({ sendVia: 'mailchimp', mailboxId: null }, mailchimpStudio)).toBe('Mailchimp (Cedar members)');
    expect(sendViaLabel({ sendVia: 'brevo', mailboxId: null }, mailchimpStudio)).toBe('Brevo');
  });
});
