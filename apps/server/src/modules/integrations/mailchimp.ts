import { mailchimpDataCenter } from '@atrium/contracts';

/**
 * Mailchimp Marketing API v3 adapter (plain fetch on the documented endpoints): basic auth
 * `anystring:{key}`, host `{dc}.api.mailchimp.com` where `dc` is the key's `-usX` suffix. The base
 * URL is configurable (`MAILCHIMP_API_URL`, with `{dc}`), so tests speak to a local server. Never
 * called inside a database transaction.
 */
export type McResult<T> =
  | { outcome: 'ok'; body: T }
  | { outcome: 'rejected' }
  | { outcome: 'not_found' }
  | { outcome: 'invalid'; detail: string }
  | { outcome: 'unreachable'; detail: string };

export interface McList {
  id: string;
  name: string;
  stats: {
    member_count: number;
    unsubscribe_count: number;
    campaign_count: number;
    click_rate: number;
    open_rate: number;
  };
}

export interface McMember {
  email_address: string;
  status_if_new: 'subscribed';
  merge_fields: { FNAME: string; LNAME: string };
}

export interface McBatchResult {
  total_created: number;
  total_updated: number;
  error_count: number;
}

export interface McListContact {
  company: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
}

const TIMEOUT_MS = 15_000;

export class Mailchimp {
  constructor(private readonly baseTemplate: string) {}

  private async call<T>(apiKey: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<McResult<T>> {
    const dc = mailchimpDataCenter(apiKey);
    if (!dc) return { outcome: 'rejected' };
    const url = `${this.baseTemplate.replaceAll('{dc}', dc)}/3.0${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          accept: 'application/json',
          authorization: `Basic ${Buffer.from(`anystring:${apiKey}`).toString('base64')}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      const name = (error as Error).name;
      return { outcome: 'unreachable', detail: name === 'TimeoutError' ? 'no answer in time' : 'no connection' };
    }
    const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (response.status === 401 || response.status === 403) return { outcome: 'rejected' };
    if (response.status === 404) return { outcome: 'not_found' };
    if (response.status === 400) {
      // Mailchimp's problem document: title, detail, errors[{field, message}].
      const errors = Array.isArray(json?.errors) ? (json.errors as Array<{ field?: string; message?: string }>) : [];
      const first = errors[0];
      const detail = first?.message
        ? `${first.field ? `${first.field}: ` : ''}${first.message}`
        : String(json?.detail ?? 'invalid request');
      return { outcome: 'invalid', detail };
    }
    if (!response.ok) return { outcome: 'unreachable', detail: `status ${response.status}` };
    return { outcome: 'ok', body: json as T };
  }

  /** GET /3.0/ping: the key works. */
  ping(apiKey: string): Promise<McResult<{ health_status: string }>> {
    return this.call(apiKey, 'GET', '/ping');
  }

  /** GET /3.0/lists/{id}: the list with its stats. */
  list(apiKey: string, listId: string): Promise<McResult<McList>> {
    return this.call(apiKey, 'GET', `/lists/${encodeURIComponent(listId)}`);
  }

  /** POST /3.0/lists: a new audience. */
  createList(
    apiKey: string,
    input: { name: string; fromName: string; fromEmail: string; contact: McListContact },
  ): Promise<McResult<McList>> {
    return this.call(apiKey, 'POST', '/lists', {
      name: input.name,
      contact: input.contact,
      permission_reminder: `You are receiving this email because you signed up with ${input.contact.company}.`,
      campaign_defaults: {
        from_name: input.fromName,
        from_email: input.fromEmail,
        subject: '',
        language: 'en',
      },
      email_type_option: false,
    });
  }

  /**
   * POST /3.0/lists/{id}: batch subscribe (at most 500 members a call). `update_existing` refreshes
   * names; `status_if_new` only subscribes new members, so someone who unsubscribed in Mailchimp
   * stays unsubscribed.
   */
  upsertMembers(apiKey: string, listId: string, members: McMember[]): Promise<McResult<McBatchResult>> {
    return this.call(apiKey, 'POST', `/lists/${encodeURIComponent(listId)}`, { members, update_existing: true });
  }
}
