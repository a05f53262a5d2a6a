import type Stripe from 'stripe';

/** Stripe's default window: a signature older or newer than 5 minutes is refused. */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The event of a `Stripe-Signature`d body, or a throw when the signature does not verify or its
 * timestamp is outside the tolerance in either direction. The SDK's own check refuses only old
 * timestamps (an age above the tolerance), so a body signed for an hour ahead would be taken and
 * could be replayed for that hour: the future side is checked here. Wall-clock time, as Stripe signs
 * with it (never the business clock that tests move).
 */
export function verifyStripeEvent(
  stripe: Stripe,
  rawBody: Buffer,
  signature: string,
  secret: string,
  nowMs = Date.now(),
): Stripe.Event {
  const event = stripe.webhooks.constructEvent(
    rawBody,
    signature,
    secret,
    STRIPE_SIGNATURE_TOLERANCE_SECONDS,
    undefined,
    nowMs,
  );
  const timestamp = signedAt(signature);
  if (timestamp === null) throw new Error('Unable to extract timestamp and signatures from header');
  if (timestamp - Math.floor(nowMs / 1000) > STRIPE_SIGNATURE_TOLERANCE_SECONDS) {
    throw new Error('Timestamp outside the tolerance zone');
  }
  return event;
}

/** The header's `t=` in seconds, read as the SDK reads it (the last one, the one the signature covers). */
function signedAt(header: string): number | null {
  let timestamp: number | null = null;
  for (const part of header.split(',')) {
    const [key, value = ''] = part.split('=');
    if (key === 't') timestamp = Number.parseInt(value, 10);
  }
  return timestamp === null || Number.isNaN(timestamp) ? null : timestamp;
}
