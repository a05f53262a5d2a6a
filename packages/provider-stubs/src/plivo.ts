import { hasPair, type ProviderHandler, send } from './http.ts';

/** Plivo: GET /v1/Account/{auth_id}/ (basic auth_id:auth_token). */
export function plivoHandler(pairs: Array<[authId: string, authToken: string]> | undefined): ProviderHandler {
  return ({ res, url, pair }) => {
    const plivo = /^\/v1\/Account\/([^/]+)\/$/.exec(url.pathname);
    if (!plivo) return false;
    const authId = decodeURIComponent(plivo[1] ?? '');
    if (!hasPair(pairs, pair) || pair?.[0] !== authId) {
      return send(res, 401, 'Could not verify your access level for that URL.', 'text/html');
    }
    return send(res, 200, { auth_id: authId, name: 'Stub Plivo account', account_type: 'standard' });
  };
}
