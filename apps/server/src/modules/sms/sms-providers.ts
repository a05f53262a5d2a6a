import type { ProviderUrls } from '../../config.ts';

/**
 * Sending one text message on the providers' documented HTTP APIs. A 4xx answer (a number the
 * provider refuses, credentials it no longer accepts) is final; a 5xx, a timeout or no connection is
 * worth a retry.
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

export type SmsAccount =
  | { provider: 'twilio'; sid: string; token: string; phone: string; messagingServiceId: string }
  | { provider: 'plivo'; authId: string; authToken: string; senderId: string };

const TIMEOUT_MS = 10_000;

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

async function post(url: string, init: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      method: 'POST',
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    throw new SmsSendError(timedOut ? 'no answer in time' : 'no connection', true);
  }
  const text = await response.text();
  if (!response.ok) {
    throw new SmsSendError(
      `status ${response.status}: ${text.slice(0, 200)}`,
      response.status >= 500 || response.status === 429,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/**
 * Sends `body` to `to` (E.164); answers the provider's message id. With `statusUrl` the provider
 * posts the message's delivery status there (Twilio's StatusCallback, Plivo's url).
 */
export async function sendSms(
  urls: ProviderUrls,
  account: SmsAccount,
  to: string,
  body: string,
  statusUrl?: string,
): Promise<string> {
  if (account.provider === 'twilio') {
    // POST /2010-04-01/Accounts/{Sid}/Messages.json, form-encoded, basic auth Sid:AuthToken.
    const form = new URLSearchParams({ To: to, Body: body });
    if (account.phone) form.set('From', account.phone);
    else form.set('MessagingServiceSid', account.messagingServiceId);
    if (statusUrl) form.set('StatusCallback', statusUrl);
    const answer = await post(`${urls.twilio}/2010-04-01/Accounts/${encodeURIComponent(account.sid)}/Messages.json`, {
      headers: {
        authorization: basic(account.sid, account.token),
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: form.toString(),
    });
    const sid = (answer as { sid?: unknown } | null)?.sid;
    return typeof sid === 'string' ? sid : '';
  }
  // POST /v1/Account/{auth_id}/Message/, JSON { src, dst, text }, basic auth auth_id:auth_token.
  const answer = await post(`${urls.plivo}/v1/Account/${encodeURIComponent(account.authId)}/Message/`, {
    headers: {
      authorization: basic(account.authId, account.authToken),
      'content-type': 'application/json',
      accept: 'application/json',
    },
    body: JSON.stringify({
      src: account.senderId,
      dst: to,
      text: body,
      ...(statusUrl ? { url: statusUrl, method: 'POST' } : {}),
    }),
  });
  const ids = (answer as { message_uuid?: unknown } | null)?.message_uuid;
  return Array.isArray(ids) && typeof ids[0] === 'string' ? ids[0] : '';
}

/**
 * A contact's phone as an international number (+ and 8 to 15 digits), or null: a number written
 * without its country code is not texted (we cannot know the country).
 */
export function toE164(phone: string | null | undefined): string | null {
  const trimmed = (phone ?? '').trim();
  if (!trimmed.startsWith('+')) return null;
  const digits = trimmed.slice(1).replace(/[\s().-]/g, '');
  return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
}
