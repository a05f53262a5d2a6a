import { randomUUID } from 'node:crypto';
import { hasPair, type ProviderHandler, send } from './http.ts';

/** One text message a stand-in accepted. */
export interface StubSms {
  provider: 'twilio' | 'plivo';
  account: string;
  from: string;
  to: string;
  body: string;
  id: string;
}

/** The messages the SMS stand-ins accepted, and how many next sends to fail with a 500 (tests). */
export interface SmsState {
  messages: StubSms[];
  failNext: number;
}

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * Twilio: POST /2010-04-01/Accounts/{Sid}/Messages.json, form-encoded To, From or
 * MessagingServiceSid, Body; basic auth Sid:AuthToken. 201 with the message's sid.
 */
export function twilioMessagesHandler(
  pairs: Array<[sid: string, token: string]> | undefined,
  state: SmsState,
): ProviderHandler {
  return ({ req, res, url, pair, body }) => {
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url.pathname);
    if (!match || req.method !== 'POST') return false;
    const sid = decodeURIComponent(match[1] ?? '');
    if (!hasPair(pairs, pair) || pair?.[0] !== sid) {
      return send(res, 401, { code: 20003, message: 'Authenticate', status: 401 });
    }
    if (state.failNext > 0) {
      state.failNext -= 1;
      return send(res, 500, { code: 20500, message: 'Internal Server Error', status: 500 });
    }
    const form = new URLSearchParams(body);
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? form.get('MessagingServiceSid') ?? '';
    const text = form.get('Body') ?? '';
    if (!E164.test(to)) {
      return send(res, 400, {
        code: 21211,
        message: `The 'To' number ${to} is not a valid phone number.`,
        status: 400,
      });
    }
    if (!from || !text)
      return send(res, 400, { code: 21603, message: "A 'From' phone number is required.", status: 400 });
    const id = `SM${randomUUID().replaceAll('-', '')}`;
    state.messages.push({ provider: 'twilio', account: sid, from, to, body: text, id });
    return send(res, 201, { sid: id, account_sid: sid, to, from, body: text, status: 'queued' });
  };
}

/**
 * Plivo: POST /v1/Account/{auth_id}/Message/, JSON { src, dst, text }; basic auth
 * auth_id:auth_token. 202 with the message_uuid list.
 */
export function plivoMessagesHandler(
  pairs: Array<[authId: string, authToken: string]> | undefined,
  state: SmsState,
): ProviderHandler {
  return ({ req, res, url, pair, body }) => {
    const match = /^\/v1\/Account\/([^/]+)\/Message\/$/.exec(url.pathname);
    if (!match || req.method !== 'POST') return false;
    const authId = decodeURIComponent(match[1] ?? '');
    if (!hasPair(pairs, pair) || pair?.[0] !== authId) {
      return send(res, 401, 'Could not verify your access level for that URL.', 'text/html');
    }
    if (state.failNext > 0) {
      state.failNext -= 1;
      return send(res, 500, { api_id: randomUUID(), error: 'internal server error' });
    }
    let parsed: { src?: unknown; dst?: unknown; text?: unknown };
    try {
      parsed = JSON.parse(body) as typeof parsed;
    } catch {
      return send(res, 400, { api_id: randomUUID(), error: 'invalid JSON' });
    }
    const dst = typeof parsed.dst === 'string' ? parsed.dst : '';
    const src = typeof parsed.src === 'string' ? parsed.src : '';
    const text = typeof parsed.text === 'string' ? parsed.text : '';
    if (!E164.test(dst.startsWith('+') ? dst : `+${dst}`)) {
      return send(res, 400, { api_id: randomUUID(), error: 'dst parameter is invalid' });
    }
    if (!src || !text) return send(res, 400, { api_id: randomUUID(), error: 'src and text are required' });
    const id = randomUUID();
    state.messages.push({ provider: 'plivo', account: authId, from: src, to: dst, body: text, id });
    return send(res, 202, { api_id: randomUUID(), message: 'message(s) queued', message_uuid: [id] });
  };
}
