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
