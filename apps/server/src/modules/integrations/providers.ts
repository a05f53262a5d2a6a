import type { ProviderUrls } from '../../config.ts';

/**
 * Credential checks on the providers' documented HTTP APIs, with calls that read and never charge.
 * Each answers `accepted` (2xx), `rejected` (401/403: wrong credentials) or `unreachable` (network
 * error, timeout, any other status). Never called inside a database transaction.
 */
export type CheckResult =
  | { outcome: 'accepted'; detail: string }
  | { outcome: 'rejected' }
  | { outcome: 'unreachable'; detail: string };

const TIMEOUT_MS = 8_000;

function basic(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
}

async function check(
  url: string,
  headers: Record<string, string>,
  describe: (body: unknown) => string,
): Promise<CheckResult> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'GET',
      headers: { accept: 'application/json', ...headers },
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const name = (error as Error).name;
    return { outcome: 'unreachable', detail: name === 'TimeoutError' ? 'no answer in time' : 'no connection' };
  }
  if (response.status === 401 || response.status === 403) {
    await response.body?.cancel();
    return { outcome: 'rejected' };
  }
  if (!response.ok) {
    await response.body?.cancel();
    return { outcome: 'unreachable', detail: `status ${response.status}` };
  }
  const body: unknown = await response.json().catch(() => null);
  return { outcome: 'accepted', detail: describe(body) };
}

const field = (body: unknown, key: string): string => {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' ? value : '';
};

export class ProviderChecks {
  constructor(private readonly urls: ProviderUrls) {}

  /** Razorpay: GET /v1/payments?count=1 with basic auth key_id:key_secret (reads one payment at most). */
  razorpay(keyId: string, keySecret: string): Promise<CheckResult> {
    return check(`${this.urls.razorpay}/v1/payments?count=1`, { authorization: basic(keyId, keySecret) }, () => '');
  }

  /** Twilio: GET /2010-04-01/Accounts/{Sid}.json with basic auth Sid:AuthToken. */
  twilio(sid: string, token: string): Promise<CheckResult> {
    return check(
      `${this.urls.twilio}/2010-04-01/Accounts/${encodeURIComponent(sid)}.json`,
      { authorization: basic(sid, token) },
      (body) => field(body, 'friendly_name'),
    );
  }

  /** Plivo: GET /v1/Account/{auth_id}/ with basic auth auth_id:auth_token. */
  plivo(authId: string, authToken: string): Promise<CheckResult> {
    return check(
      `${this.urls.plivo}/v1/Account/${encodeURIComponent(authId)}/`,
      { authorization: basic(authId, authToken) },
      (body) => field(body, 'name'),
    );
  }

  /** Brevo: GET /v3/account with the `api-key` header. */
  brevo(apiKey: string): Promise<CheckResult> {
    return check(`${this.urls.brevo}/v3/account`, { 'api-key': apiKey }, (body) => field(body, 'email'));
  }
}
