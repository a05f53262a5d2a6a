// @vitest-environment happy-dom
import { FEEDBACK_MESSAGES } from '@atrium/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../lib/notify', () => import('../../test/notify-mock'));

import { clearToasts, toasts } from '../../test/notify-mock';

import { feedbackPageQuery } from './api';
import { FeedbackDialog } from './FeedbackDialog';
import { contactLinkOf } from './FeedbackPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearToasts();
});

/** The network: answers each call with the status and body given, and keeps what was asked. */
function serve(status: number, body: unknown) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({
        url: String(url),
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : null,
      });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

const show = (onClose = vi.fn()) => {
  render(
    <MantineProvider>
      <FeedbackDialog opened onClose={onClose} />
    </MantineProvider>,
  );
  return onClose;
};

describe('the feedback list', () => {
  it('asks the spec’s offset and max for a page of 50, 100 or 150', () => {
    expect(feedbackPageQuery(1, 50)).toEqual({ offset: 0, max: 50 });
    expect(feedbackPageQuery(3, 100)).toEqual({ offset: 200, max: 100 });
    expect(feedbackPageQuery(2, 150)).toEqual({ offset: 150, max: 150 });
    expect(feedbackPageQuery(0, 50)).toEqual({ offset: 0, max: 50 });
  });

  it('links a feedback to its contact at contacts/{contactId}/details', () => {
    expect(contactLinkOf({ contactId: '6f1c2b1e-0000-4000-8000-000000000001' })).toBe(
      '/contacts/6f1c2b1e-0000-4000-8000-000000000001/details',
    );
  });
});

describe('the member’s feedback dialog', () => {
  it('says "Message is required!" for a blank message and sends nothing', async () => {
    const calls = serve(201, {});
    const onClose = show();
    expect(screen.getByRole('dialog', { name: 'Feedback' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Message/ }), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByText(FEEDBACK_MESSAGES.required)).toBeTruthy());
    expect(calls).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('posts the message, says "Feedback submited successfully" and closes', async () => {
    const calls = serve(201, { _id: 'f1' });
    const onClose = show();
    fireEvent.change(screen.getByRole('textbox', { name: /Message/ }), { target: { value: 'Спасибо за занятия!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([
      { url: expect.stringMatching(/\/client\/feedback$/), method: 'POST', body: { message: 'Спасибо за занятия!' } },
    ]);
    expect(toasts.success).toEqual([FEEDBACK_MESSAGES.sent]);
  });

  it("shows the server's refusal under the message and stays open", async () => {
    serve(400, { errors: { code: 'invalid', message: 'A message is at most 2000 characters.', field: 'message' } });
    const onClose = show();
    fireEvent.change(screen.getByRole('textbox', { name: /Message/ }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByText('A message is at most 2000 characters.')).toBeTruthy());
    expect(onClose).not.toHaveBeenCalled();
  });
});
