import { hasPair, type ProviderHandler, send } from './http.ts';

/** Razorpay: GET /v1/payments (basic key_id:key_secret), the call the key check makes. */
export function razorpayHandler(pairs: Array<[keyId: string, keySecret: string]> | undefined): ProviderHandler {
  return ({ res, url, pair }) => {
    if (url.pathname !== '/v1/payments') return false;
    if (!hasPair(pairs, pair)) {
      return send(res, 401, {
        error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid', source: 'NA' },
      });
    }
    return send(res, 200, { entity: 'collection', count: 0, items: [] });
  };
}
