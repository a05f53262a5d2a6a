import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BrevoState, brevoHandler, brevoSendHandler, newBrevoState } from './brevo.ts';
import { basicPair, type ProviderHandler, readBody, type StubRequest, send } from './http.ts';
import { type MailboxState, mailboxHandler } from './mailbox.ts';
import { type MailchimpAccounts, type MailchimpState, mailchimpHandler, type StubMember } from './mailchimp.ts';
import { authorizePageHandler, newZoomState, type OAuthAccounts, oauthTokenHandler, type ZoomState } from './oauth.ts';
import { type PaymentSpringOptions, type PaymentSpringState, paymentspringHandler } from './paymentspring.ts';
import { type PhonePeOptions, type PhonePeState, phonepeHandler } from './phonepe.ts';
import { plivoHandler } from './plivo.ts';
import { razorpayHandler } from './razorpay.ts';
import {
  type RazorpayCheckoutOptions,
  type RazorpayCheckoutState,
  razorpayCheckoutHandler,
} from './razorpay-checkout.ts';
import { plivoMessagesHandler, type SmsState, twilioMessagesHandler } from './sms.ts';
import { type StripeCheckoutOptions, type StripeCheckoutState, stripeCheckoutHandler } from './stripe-checkout.ts';
import { type StripeConnectAccounts, type StubCustomer, stripeConnectHandler } from './stripe-connect.ts';
import { type SavedCardsState, stripeSavedCardsHandler } from './stripe-saved-cards.ts';
import { twilioHandler } from './twilio.ts';

export type { BrevoState, StubCustomer, StubMember, StubRequest };

/**
 * One local HTTP server speaking the parts of the providers' documented APIs the server uses
 * (paths, auth headers, JSON shapes, the 401 answers), each provider in a file of its own. Used by
 * the server tests, the e2e specs and `npm run dev:stubs`; never by the production server.
 */
export interface StubAccounts {
  razorpay?: Array<[keyId: string, keySecret: string]>;
  twilio?: Array<[sid: string, token: string]>;
  plivo?: Array<[authId: string, authToken: string]>;
  brevo?: string[];
  /** Access tokens of connected mailboxes that Gmail's and Microsoft Graph's send calls accept. */
  mailboxTokens?: string[];
  /** Mailchimp API keys (`…-usX`) and the audiences they see. */
  mailchimp?: MailchimpAccounts;
  /** Stripe Connect: the platform secret key the SDK must send, and the authorization codes it may exchange. */
  stripe?: StripeConnectAccounts;
  /** Stripe Checkout on connected accounts: sessions, the hosted page, refunds, signed webhooks. */
  stripeCheckout?: StripeCheckoutOptions;
  /** OAuth token endpoints under /{app}/…: codes (once each) and what they give. */
  oauth?: OAuthAccounts;
  /** Razorpay's orders, hosted checkout, refunds and webhooks, for the `razorpay` key pairs. */
  razorpayCheckout?: RazorpayCheckoutOptions;
  /** PhonePe's PG API (pay page, status, refunds, callbacks) for these merchants. */
  phonepe?: PhonePeOptions;
  /** PaymentSpring's tokens (browser, public key), charges and refunds (private key) for these merchants. */
  paymentspring?: PaymentSpringOptions;
}

export interface ProviderStub extends MailchimpState {
  url: string;
  /** Stripe Checkout's sessions, refunds and events (empty unless `stripeCheckout` was given). */
  stripeCheckout: StripeCheckoutState;
  /** Saved cards and off-session charges on connected accounts (memberships), with `stripeCheckout`'s key. */
  stripeSavedCards: SavedCardsState;
  /** Razorpay's orders, payments, refunds and webhooks (empty unless `razorpayCheckout` was given). */
  razorpayCheckout: RazorpayCheckoutState;
  /** PhonePe's transactions, refunds and callbacks (empty unless `phonepe` was given). */
  phonepe: PhonePeState;
  /** PaymentSpring's tokens, charges and refunds (empty unless `paymentspring` was given). */
  paymentspring: PaymentSpringState;
  /** Text messages sent through Twilio or Plivo; `failNext` fails that many sends with a 500. */
  sms: SmsState;
  /** Zoom meetings made and deleted with the `oauth` zoom grants' tokens. */
  zoom: ZoomState;
  /** Brevo's transactional emails accepted with the `brevo` keys, and its outage, rate and lost-answer switches. */
  brevo: BrevoState;
  /** Messages sent through the Gmail and Microsoft Graph stand-ins. */
  mailbox: MailboxState;
  /** Keep every call in `requests` (default true; a bench of 50,000 sends turns it off). */
  record: boolean;
  requests: StubRequest[];
  close(): Promise<void>;
}

/** `port`: a fixed port (e2e, where the server's URLs are set before the stub starts); default any free one. */
export async function startProviderStub(
  accounts: StubAccounts,
  options: { port?: number; mailchimpBatchDelayMs?: number } = {},
): Promise<ProviderStub> {
  const requests: StubRequest[] = [];
  const usedCodes = new Set<string>();
  const checkout = stripeCheckoutHandler(
    accounts.stripeCheckout,
    () => stub.url,
    (account) => Object.values(accounts.stripe?.codes ?? {}).some((grant) => grant.stripeUserId === account),
  );
  const savedCards = stripeSavedCardsHandler(
    accounts.stripeCheckout
      ? {
          secretKey: accounts.stripeCheckout.secretKey,
          knows: (account) =>
            (accounts.stripeCheckout?.accounts ?? []).includes(account) ||
            Object.values(accounts.stripe?.codes ?? {}).some((grant) => grant.stripeUserId === account),
        }
      : undefined,
    () => stub.url,
  );
  const razorpay = razorpayCheckoutHandler(accounts.razorpayCheckout, () => accounts.razorpay ?? []);
  const phonepe = phonepeHandler(accounts.phonepe, () => stub.url);
  const paymentspring = paymentspringHandler(accounts.paymentspring);
  const stub: ProviderStub = {
    url: '',
    stripeCheckout: checkout.state,
    stripeSavedCards: savedCards.state,
    razorpayCheckout: razorpay.state,
    phonepe: phonepe.state,
    paymentspring: paymentspring.state,
    sms: { messages: [], failNext: 0 },
    zoom: newZoomState(),
    brevo: newBrevoState(),
    mailbox: { messages: [], down: null },
    record: true,
    requests,
    members: new Map(),
    mcSegments: new Map(),
    mcCampaigns: new Map(),
    mcFailNext: null,
    lists: new Map(Object.entries(accounts.mailchimp?.lists ?? {})),
    hold: null,
    batchDelayMs: options.mailchimpBatchDelayMs ?? 0,
    close: async () => {},
  };
  // In this order: the API calls of any method, then the GET-only key checks.
  const anyMethod: ProviderHandler[] = [
    savedCards.handler,
    checkout.handler,
    razorpay.handler,
    phonepe.handler,
    paymentspring.handler,
    twilioMessagesHandler(accounts.twilio, stub.sms),
    plivoMessagesHandler(accounts.plivo, stub.sms),
    mailchimpHandler(accounts.mailchimp, stub),
    brevoSendHandler(accounts.brevo, stub.brevo),
    mailboxHandler(accounts.mailboxTokens, stub.mailbox),
    stripeConnectHandler(accounts.stripe, usedCodes),
    oauthTokenHandler(accounts.oauth, usedCodes, stub.zoom),
    authorizePageHandler(accounts.oauth, accounts.stripe),
  ];
  const getOnly: ProviderHandler[] = [
    razorpayHandler(accounts.razorpay),
    twilioHandler(accounts.twilio),
    plivoHandler(accounts.plivo),
    brevoHandler(accounts.brevo),
  ];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const apiKey = typeof req.headers['api-key'] === 'string' ? req.headers['api-key'] : undefined;
    const body = await readBody(req);
    if (stub.record)
      requests.push({
        method: req.method ?? '',
        path: `${url.pathname}${url.search}`,
        authorization: req.headers.authorization,
        apiKey,
        stripeAccount: typeof req.headers['stripe-account'] === 'string' ? req.headers['stripe-account'] : undefined,
        idempotencyKey: typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : undefined,
        body,
      });
    const call = { req, res, url, body, pair: basicPair(req.headers.authorization), apiKey };
    for (const handler of anyMethod) if (await handler(call)) return;
    if (req.method !== 'GET') return send(res, 405, { message: 'method not allowed' });
    for (const handler of getOnly) if (await handler(call)) return;
    send(res, 404, { message: 'not found' });
  });
  // A port in use rejects (EADDRINUSE) rather than hanging: e2e specs share a port and wait their turn.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  stub.url = `http://127.0.0.1:${port}`;
  stub.close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return stub;
}
