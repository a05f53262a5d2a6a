import { hasPair, type ProviderHandler, send } from './http.ts';

/** Twilio: GET /2010-04-01/Accounts/{Sid}.json (basic Sid:AuthToken). */
export function twilioHandler(pairs: Array<[sid: string, token: string]> | undefined): ProviderHandler {
  return ({ res, url, pair }) => {
    const twilio = /^\/2010-04-01\/Accounts\/([^/]+)\.json$/.exec(url.pathname);
    if (!twilio) return false;
    const sid = decodeURIComponent(twilio[1] ?? '');
    if (!hasPair(pairs, pair) || pair?.[0] !== sid) {
      return send(res, 401, {
        code: 20003,
        message: 'Authenticate',
        more_info: 'https://www.twilio.com/docs/errors/20003',
        status: 401,
      });
    }
    return send(res, 200, { sid, friendly_name: 'Stub Twilio account', status: 'active', type: 'Full' });
  };
}
