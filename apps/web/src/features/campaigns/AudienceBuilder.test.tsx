// @vitest-environment happy-dom
import type { CampaignAudience } from '@atrium/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AudienceBuilder } from './AudienceBuilder';

/** The server's answers, by path: the count says how many contacts the posted audience holds. */
const requests: Array<{ url: string; body: unknown }> = [];
function serverStandIn(counts: (audience: CampaignAudience) => number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : null;
      requests.push({ url: String(url), body });
      const json = (value: unknown) =>
        new Response(JSON.stringify(value), { status: 200, headers: { 'content-type': 'application/json' } });
      if (String(url).endsWith('/rest/campaigns/audience/count')) return json({ count: counts(body.audience) });
      if (String(url).includes('/rest/tag')) return json([{ id: 'yoga', name: 'yoga', type: 'tag', count: 3 }]);
      return json([]);
    }),
  );
}

function Harness({ start, seen }: { start: CampaignAudience; seen: (audience: CampaignAudience) => void }) {
  const [audience, setAudience] = useState(start);
  return (
    <AudienceBuilder
      value={audience}
      onChange={(next) => {
        seen(next);
        setAudience(next);
      }}
    />
  );
}

function show(start: CampaignAudience, seen: (audience: CampaignAudience) => void = () => undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <Harness start={start} seen={seen} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  requests.length = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the audience builder', () => {
  it('shows the live count the server gives for the audience', async () => {
    serverStandIn((audience) => (audience.kind === 'all' ? 12 : 1));
    show({ kind: 'all' });
    expect(await screen.findByText('This audience holds 12 contacts now.')).toBeTruthy();
    const counted = requests.find((request) => request.url.endsWith('/rest/campaigns/audience/count'));
    expect(counted?.body).toEqual({ audience: { kind: 'all' } });
  });

  it('asks for what is missing before counting, and counts once it is there', async () => {
    serverStandIn(() => 1);
    show({ kind: 'tags', tags: [] });
    expect(screen.getByText('Finish choosing the audience to see how many it holds.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requests.some((request) => request.url.endsWith('/audience/count'))).toBe(false);
    cleanup();
    show({ kind: 'tags', tags: ['yoga'] });
    expect(await screen.findByText('This audience holds 1 contact now.')).toBeTruthy();
    await waitFor(() =>
      expect(requests.some((r) => JSON.stringify(r.body) === '{"audience":{"kind":"tags","tags":["yoga"]}}')).toBe(
        true,
      ),
    );
  });

  it('labels every field of a kind (no visit: days)', () => {
    serverStandIn(() => 0);
    show({ kind: 'no_visit', days: 30 });
    expect(screen.getAllByLabelText('Send to').length).toBeGreaterThan(0);
    expect((screen.getByRole('textbox', { name: 'No visit in the last (days)' }) as HTMLInputElement).value).toBe('30');
    expect(screen.getByText('Contacts who unsubscribed, bounced or complained are always left out.')).toBeTruthy();
  });
});
