import { randomUUID } from 'node:crypto';
import { type ProviderHandler, send } from './http.ts';

/** Brevo: GET /v3/account (api-key header). */
export function brevoHandler(keys: string[] | undefined): ProviderHandler {
  return ({ res, url, apiKey }) => {
    if (url.pathname !== '/v3/account') return false;
    if (typeof apiKey !== 'string' || !(keys ?? []).includes(apiKey)) {
      return send(res, 401, { code: 'unauthorized', message: 'Key not found' });
    }
    return send(res, 200, {
      email: 'owner@stub.example',
      firstName: 'Stub',
      lastName: 'Owner',
      companyName: 'Stub',
      plan: [{ type: 'free', credits: 300, creditsType: 'sendLimit' }],
    });
  };
}

/** One email the Brevo stand-in accepted (one per recipient of a message version). */
export interface StubBrevoEmail {
  messageId: string;
  apiKey: string;
  from: string;
  fromName: string;
  to: string;
  replyTo: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
}

/**
 * What the Brevo stand-in accepted, and how it misbehaves on demand (tests): `down` answers every send
 * with that status (500: an outage, 401: the key was revoked) until cleared; `ratePerSecond` limits
 * sends per second like Brevo's rate limit (429 with `x-sib-ratelimit-*` headers); `dropAnswerNext`
 * accepts that many sends but closes the connection before answering (the sender cannot tell).
 */
export interface BrevoState {
  emails: StubBrevoEmail[];
  down: 401 | 500 | 503 | null;
  ratePerSecond: number | null;
  dropAnswerNext: number;
  /** Answers given for an idempotencyKey (Brevo processes a key once, then replays its answer). */
  seenKeys: Map<string, unknown>;
  /** Sends refused with 429. */
  throttled: number;
  /** Sends with an idempotencyKey seen before: answered again, not sent again. */
  replayed: number;
  /** Keep each email's subject, bodies and headers (default true; a bench keeps only addresses). */
  keepBodies: boolean;
}

export const newBrevoState = (): BrevoState => ({
  emails: [],
  down: null,
  ratePerSecond: null,
  dropAnswerNext: 0,
  seenKeys: new Map(),
  throttled: 0,
  replayed: 0,
  keepBodies: true,
});

interface Address {
  email?: unknown;
  name?: unknown;
}
interface Version {
  to?: Address[];
  subject?: unknown;
  htmlContent?: unknown;
  textContent?: unknown;
  replyTo?: Address;
}
interface SendBody extends Version {
  sender?: Address;
  headers?: Record<string, unknown>;
  messageVersions?: Version[];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const s = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * Brevo's transactional send, POST /v3/smtp/email (https://developers.brevo.com/reference/sendtransacemail):
 * `api-key` header; JSON with sender, to (or messageVersions, each with its own to, subject,
 * htmlContent, textContent), subject, htmlContent, textContent, replyTo and custom headers. 201 with
 * `messageId` (or `messageIds` for versions). A `headers.idempotencyKey` seen before is not sent
 * again: its first answer is replayed.
 */
export function brevoSendHandler(keys: string[] | undefined, state: BrevoState): ProviderHandler {
  let windowStart = 0;
  let inWindow = 0;
  return ({ req, res, url, apiKey, body }) => {
    if (url.pathname !== '/v3/smtp/email' || req.method !== 'POST') return false;
    if (typeof apiKey !== 'string' || !(keys ?? []).includes(apiKey)) {
      return send(res, 401, { code: 'unauthorized', message: 'Key not found' });
    }
    if (state.down === 401) return send(res, 401, { code: 'unauthorized', message: 'Key not found' });
    if (state.down) return send(res, state.down, { code: 'internal_error', message: 'Service unavailable' });
    if (state.ratePerSecond) {
      const now = Date.now();
      if (now - windowStart >= 1000) {
        windowStart = now;
        inWindow = 0;
      }
      if (inWindow >= state.ratePerSecond) {
        state.throttled += 1;
        const reset = Math.max(0.001, (1000 - (now - windowStart)) / 1000);
        res.writeHead(429, {
          'content-type': 'application/json',
          'x-sib-ratelimit-limit': String(state.ratePerSecond),
          'x-sib-ratelimit-remaining': '0',
          'x-sib-ratelimit-reset': reset.toFixed(3),
        });
        res.end(JSON.stringify({ code: 'too_many_requests', message: 'Too many requests' }));
        return true;
      }
      inWindow += 1;
    }
    let parsed: SendBody;
    try {
      parsed = JSON.parse(body) as SendBody;
    } catch {
      return send(res, 400, { code: 'bad_request', message: 'Input must be a valid JSON object' });
    }
    const key = s(parsed.headers?.idempotencyKey);
    if (key && state.seenKeys.has(key)) {
      state.replayed += 1;
      if (state.dropAnswerNext > 0) {
        state.dropAnswerNext -= 1;
        req.socket.destroy();
        return true;
      }
      return send(res, 201, state.seenKeys.get(key));
    }
    const sender = parsed.sender ?? {};
    if (!EMAIL.test(s(sender.email)))
      return send(res, 400, { code: 'missing_parameter', message: 'sender is missing' });
    const versions: Version[] = parsed.messageVersions?.length ? parsed.messageVersions : [parsed];
    const emails: StubBrevoEmail[] = [];
    const headers = Object.fromEntries(
      Object.entries(parsed.headers ?? {}).map(([name, value]) => [name, s(value)] as const),
    );
    for (const version of versions) {
      const subject = s(version.subject) || s(parsed.subject);
      const html = s(version.htmlContent) || s(parsed.htmlContent);
      const text = s(version.textContent) || s(parsed.textContent);
      if (!subject) return send(res, 400, { code: 'missing_parameter', message: 'subject is missing' });
      if (!html && !text) return send(res, 400, { code: 'missing_parameter', message: 'htmlContent is missing' });
      const to = version.to ?? [];
      if (to.length === 0) return send(res, 400, { code: 'missing_parameter', message: 'to is missing' });
      for (const recipient of to) {
        if (!EMAIL.test(s(recipient.email))) {
          return send(res, 400, { code: 'invalid_parameter', message: 'email is not valid in to' });
        }
        emails.push({
          messageId: `<${randomUUID()}@smtp-relay.mailin.fr>`,
          apiKey,
          from: s(sender.email),
          fromName: s(sender.name),
          to: s(recipient.email),
          replyTo: s((version.replyTo ?? parsed.replyTo)?.email),
          ...(state.keepBodies ? { subject, html, text, headers } : { subject: '', html: '', text: '', headers: {} }),
        });
      }
    }
    state.emails.push(...emails);
    const answer = parsed.messageVersions?.length
      ? { messageIds: emails.map((email) => email.messageId) }
      : { messageId: emails[0]?.messageId };
    if (key) state.seenKeys.set(key, answer);
    if (state.dropAnswerNext > 0) {
      state.dropAnswerNext -= 1;
      req.socket.destroy();
      return true;
    }
    return send(res, 201, answer);
  };
}
