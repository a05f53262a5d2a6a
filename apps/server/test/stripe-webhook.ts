import { stripeSignature } from '@atrium/provider-stubs';
import type { App } from '../src/app.ts';

/**
 * Posts a Stripe event's body to the studios' Stripe webhook as Stripe does: signed now with
 * `secret`, or with the `signature` given (a wrong or stale one, for the refusals).
 */
export function deliverStripeEvent(
  app: App,
  secret: string,
  payload: string,
  signature = stripeSignature(secret, payload),
) {
  return app.inject({
    method: 'POST',
    url: '/webhooks/stripe',
    headers: { host: '127.0.0.1', 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload,
  });
}
