import type { IncomingMessage, ServerResponse } from 'node:http';

/** One call a stand-in received, kept so tests can check what the server sent. */
export interface StubRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  apiKey: string | undefined;
  /** Stripe's `Stripe-Account` header (calls on behalf of a connected account). */
  stripeAccount?: string | undefined;
  /** The `Idempotency-Key` header (Stripe). */
  idempotencyKey?: string | undefined;
  body: string;
}

/** What a provider's handler is given for one call. */
export interface StubCall {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  body: string;
  /** The Basic authorization pair, when one was sent. */
  pair: [string, string] | null;
  /** The `api-key` header (Brevo). */
  apiKey: string | undefined;
}

/** A provider's part of the stand-in: answers the call and returns true, or returns false to pass it on. */
export type ProviderHandler = (call: StubCall) => boolean | Promise<boolean>;

export function basicPair(header: string | undefined): [string, string] | null {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const at = decoded.indexOf(':');
  return at < 0 ? null : [decoded.slice(0, at), decoded.slice(at + 1)];
}

export const hasPair = (list: Array<[string, string]> | undefined, pair: [string, string] | null) =>
  !!pair && (list ?? []).some(([a, b]) => a === pair[0] && b === pair[1]);

/** Answers and returns true, so a handler can `return send(...)`. */
export function send(res: ServerResponse, status: number, body: unknown, type = 'application/json'): true {
  res.writeHead(status, { 'content-type': type });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
  return true;
}

export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
