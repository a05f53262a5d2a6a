// @vitest-environment happy-dom
import type { TenantExport } from '@atrium/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const admin = vi.hoisted(() => ({ isAdmin: true }));
vi.mock('./SettingsHeader', () => ({ useIsAdmin: () => admin.isAdmin }));
vi.mock('../../lib/notify', () => import('../../test/notify-mock'));

import { clearToasts, toasts } from '../../test/notify-mock';

import { ExportDataSection } from './ExportDataSection';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  admin.isAdmin = true;
  clearToasts();
});

const base: TenantExport = {
  _id: 'e1',
  status: 'done',
  requestedByName: 'Avery Admin',
  createdAt: '2026-11-29T17:00:00.000Z',
  finishedAt: '2026-11-29T17:01:00.000Z',
  expiresAt: '2026-12-06T17:01:00.000Z',
  tablesDone: 66,
  tablesTotal: 66,
  rowsWritten: 1200,
  filesWritten: 3,
  sizeBytes: 3_500_000,
  downloadUrl: '/rest/tenant-export/e1/download?expires=1796576460&signature=abc',
  error: null,
};

/** The network: GET answers the list; POST answers with `post` (status, body). */
function serve(list: TenantExport[], post: [number, unknown] = [202, { ...base, status: 'queued' }]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push(`${method} ${String(url)}`);
      const [status, body] = method === 'POST' ? post : [200, { exports: list }];
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

const show = () =>
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ExportDataSection timeZone="Asia/Kolkata" />
      </QueryClientProvider>
    </MantineProvider>,
  );

describe('Take your data with you', () => {
  it('lists a ready export with its link, size and expiry in the studio’s zone', async () => {
    serve([base]);
    show();
    const link = await screen.findByRole('link', { name: 'Download the export of 29 Nov 2026, 22:30' });
    expect(link.getAttribute('href')).toBe(base.downloadUrl);
    expect(link.textContent).toContain('Download zip (3.3 MB)');
    expect(screen.getByText('Link works until 6 Dec 2026, 22:31')).toBeTruthy();
    expect(screen.getByText('Ready')).toBeTruthy();
  });

  it('shows the progress of the export being made and disables the button', async () => {
    serve([{ ...base, status: 'running', tablesDone: 33, downloadUrl: null, expiresAt: null, sizeBytes: null }]);
    show();
    const bar = await screen.findByRole('progressbar', { name: /50% done/ });
    expect(bar).toBeTruthy();
    expect(screen.getByText('33 of 66 lists, 1,200 rows')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export all data' }).hasAttribute('disabled')).toBe(true);
  });

  it('starts an export and says a link will be emailed; an expired one says so', async () => {
    const calls = serve([{ ...base, downloadUrl: null }]);
    show();
    expect(await screen.findByText('This download link has expired. Ask for a new export in Settings.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export all data' }));
    await waitFor(() =>
      expect(toasts.success).toEqual(['Export started. We will email you a download link when it is ready.']),
    );
    expect(calls.some((c) => c.startsWith('POST') && c.endsWith('/rest/tenant-export'))).toBe(true);
  });

  it('is not shown to staff who are not admins', () => {
    admin.isAdmin = false;
    const calls = serve([]);
    show();
    expect(screen.queryByRole('region', { name: 'Take your data with you' })).toBeNull();
    expect(calls).toEqual([]);
  });
});
