import { GatewayError } from './payment-gateway.ts';

export const PROVIDER_UNREACHABLE = 'The payment provider could not be reached. Please try again.';
export const PROVIDER_UNAVAILABLE = 'Card payments are not available for this business right now.';

/** How long a call to a provider's API waits for its answer. */
const PROVIDER_TIMEOUT_MS = 15_000;

/**
 * One call to a provider's HTTP API (PaymentSpring, PhonePe, Razorpay): its response and its JSON
 * answer (null when the body is not JSON). No answer in time is a 502; what the status means is the
 * adapter's to say.
 */
export async function callProvider<T>(
  url: string,
  init: RequestInit,
): Promise<{ response: Response; answer: T | null }> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch {
    throw new GatewayError(502, PROVIDER_UNREACHABLE);
  }
  return { response, answer: (await response.json().catch(() => null)) as T | null };
}
