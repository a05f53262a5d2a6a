import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP server speaking the parts of the providers' documented APIs the credential checks
 * use (paths, auth headers, JSON shapes, the 401 answers). Tests only; the e2e spec has its own copy.
 */
export interface StubAccounts {
  razorpay?: Array<[keyId: string, keySecret: string]>;
  twilio?: Array<[sid: string, token: string]>;
  plivo?: Array<[authId: string, authToken: string]>;
  brevo?: string[];
}

export interface StubRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  apiKey: string | undefined;
}

export interface ProviderStub {
  url: string;
  requests: StubRequest[];
  close(): Promise<void>;
}

function basicPair(header: string | undefined): [string, string] | null {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const at = decoded.indexOf(':');
  return at < 0 ? null : [decoded.slice(0, at), decoded.slice(at + 1)];
}

const has = (list: Array<[string, string]> | undefined, pair: [string, string] | null) =>
  !!pair && (list ?? []).some(([a, b]) => a === pair[0] && b === pair[1]);

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.writeHead(status, { 'content-type': type });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export async function startProviderStub(accounts: StubAccounts): Promise<ProviderStub> {
  const requests: StubRequest[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://stub');
    const apiKey = req.headers['api-key'];
    requests.push({
      method: req.method ?? '',
      path: `${url.pathname}${url.search}`,
      authorization: req.headers.authorization,
      apiKey: typeof apiKey === 'string' ? apiKey : undefined,
    });
    const pair = basicPair(req.headers.authorization);
    if (req.method !== 'GET') return send(res, 405, { message: 'method not allowed' });

    // Razorpay: GET /v1/payments (basic key_id:key_secret)
    if (url.pathname === '/v1/payments') {
      if (!has(accounts.razorpay, pair)) {
        return send(res, 401, {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The api key provided is invalid', source: 'NA' },
        });
      }
      return send(res, 200, { entity: 'collection', count: 0, items: [] });
    }
    // Twilio: GET /2010-04-01/Accounts/{Sid}.json (basic Sid:AuthToken)
    const twilio = /^\/2010-04-01\/Accounts\/([^/]+)\.json$/.exec(url.pathname);
    if (twilio) {
      const sid = decodeURIComponent(twilio[1] ?? '');
      if (!has(accounts.twilio, pair) || pair?.[0] !== sid) {
        return send(res, 401, {
          code: 20003,
          message: 'Authenticate',
          more_info: 'https://www.twilio.com/docs/errors/20003',
          status: 401,
        });
      }
      return send(res, 200, { sid, friendly_name: 'Stub Twilio account', status: 'active', type: 'Full' });
    }
    // Plivo: GET /v1/Account/{auth_id}/ (basic auth_id:auth_token)
    const plivo = /^\/v1\/Account\/([^/]+)\/$/.exec(url.pathname);
    if (plivo) {
      const authId = decodeURIComponent(plivo[1] ?? '');
      if (!has(accounts.plivo, pair) || pair?.[0] !== authId) {
        return send(res, 401, 'Could not verify your access level for that URL.', 'text/html');
      }
      return send(res, 200, { auth_id: authId, name: 'Stub Plivo account', account_type: 'standard' });
    }
    // Brevo: GET /v3/account (api-key header)
    if (url.pathname === '/v3/account') {
      if (typeof apiKey !== 'string' || !(accounts.brevo ?? []).includes(apiKey)) {
        return send(res, 401, { code: 'unauthorized', message: 'Key not found' });
      }
      return send(res, 200, {
        email: 'owner@stub.example',
        firstName: 'Stub',
        lastName: 'Owner',
        companyName: 'Stub',
        plan: [{ type: 'free', credits: 300, creditsType: 'sendLimit' }],
      });
    }
    return send(res, 404, { message: 'not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
