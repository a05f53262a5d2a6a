// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-error';

const apiRequest = vi.fn();
const showSuccessToast = vi.fn();
vi.mock('../../lib/api', () => ({ apiRequest: (...args: unknown[]) => apiRequest(...args) }));
vi.mock('../../lib/notify', () => ({ showSuccessToast: (message: string) => showSuccessToast(message) }));

const { updateSession } = await import('../session/session-store');
const { EmailReportButton } = await import('./EmailReportButton');

const PARAMS = {
  report: 'sales',
  from: '2026-11-01',
  to: '2026-11-29',
  groupBy: 'item',
  filters: { kind: 'product' },
} as const;

async function renderButton() {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <EmailReportButton params={PARAMS} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Email as PDF' }));
  return (await screen.findByLabelText(/Send to/)) as HTMLTextAreaElement;
}

/** Send (happy-dom does not submit a form from its submit button's click). */
const send = () => fireEvent.submit(screen.getByRole('form', { name: 'Email the sales report' }));

beforeEach(() => {
  updateSession({ user: { email: 'owner@studio.test' } as never });
  apiRequest.mockReset();
  showSuccessToast.mockReset();
});
afterEach(cleanup);

describe('EmailReportButton', () => {
  it("starts with the user's own address and sends the report's query with the recipients", async () => {
    apiRequest.mockResolvedValue({ recipients: ['owner@studio.test', 'books@studio.test'], rows: 3 });
    const field = await renderButton();
    expect(field.value).toBe('owner@studio.test');
    fireEvent.change(field, { target: { value: 'owner@studio.test, Books@Studio.test' } });
    send();
    await waitFor(() => expect(showSuccessToast).toHaveBeenCalled());
    expect(apiRequest).toHaveBeenCalledWith('/itemreport/sales/email', {
      method: 'POST',
      body: {
        from: '2026-11-01',
        to: '2026-11-29',
        groupBy: 'item',
        kind: 'product',
        recipients: ['owner@studio.test', 'books@studio.test'],
      },
      silent: true,
    });
    expect(showSuccessToast.mock.calls[0]?.[0]).toBe(
      'The sales report is on its way to owner@studio.test, books@studio.test.',
    );
  });

  it('names a bad address without calling the server, and shows what the server refuses', async () => {
    const field = await renderButton();
    fireEvent.change(field, { target: { value: 'owner@studio.test; nope' } });
    send();
    expect(await screen.findByText('nope is not a valid email address.')).toBeTruthy();
    expect(apiRequest).not.toHaveBeenCalled();

    apiRequest.mockRejectedValue(new ApiError(429, 'too_many_requests', 'Too many reports emailed. Try again later.'));
    fireEvent.change(field, { target: { value: 'owner@studio.test' } });
    send();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Too many reports emailed. Try again later.');
    expect(showSuccessToast).not.toHaveBeenCalled();
  });
});
