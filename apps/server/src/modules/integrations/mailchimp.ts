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

/** A member as Mailchimp answers it (its status decides whether a campaign reaches it). */
export interface McMemberAnswer {
  email_address: string;
  status: string;
}

export interface McBatchResult {
  total_created: number;
  total_updated: number;
  error_count: number;
  new_members?: McMemberAnswer[];
  updated_members?: McMemberAnswer[];
  errors?: Array<{ email_address?: string; error?: string }>;
}

/** POST /lists/{id}/segments answer (a static segment). */
export interface McSegment {
  id: number;
  name: string;
  member_count: number;
  type: string;
}

/** POST /lists/{id}/segments/{segment_id} answer. */
export interface McSegmentBatch {
  total_added: number;
  error_count: number;
  errors?: Array<{ email_addresses?: string[]; error?: string }>;
}

/** POST /campaigns body: a regular campaign to a saved segment of one audience. */
export interface McCampaignInput {
  type: 'regular';
  recipients: { list_id: string; segment_opts?: { saved_segment_id: number } };
  settings: { subject_line: string; title: string; from_name: string; reply_to: string; to_name?: string };
  tracking: { opens: boolean; html_clicks: boolean; text_clicks: boolean };
}

export interface McCampaign {
  id: string;
  web_id?: number;
  /** save, paused, schedule, sending, sent. */
  status: string;
}

/** GET /reports/{campaign_id}: the numbers Mailchimp keeps for a sent campaign (the fields read here). */
export interface McReport {
  id: string;
  emails_sent: number;
  unsubscribed: number;
  bounces: { hard_bounces: number; soft_bounces: number; syntax_errors?: number };
  opens: { opens_total?: number; unique_opens: number };
  clicks: { clicks_total?: number; unique_subscriber_clicks: number };
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

  private async call<T>(
    apiKey: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    path: string,
    body?: unknown,
  ): Promise<McResult<T>> {
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
    if (!response.ok) {
      const said = typeof json?.detail === 'string' && json.detail ? `: ${json.detail}` : '';
      return { outcome: 'unreachable', detail: `status ${response.status}${said}` };
    }
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

  /**
   * POST /3.0/lists/{id}/segments: a static segment of these members (emails not on the list are
   * ignored by Mailchimp).
   */
  createStaticSegment(apiKey: string, listId: string, name: string, emails: string[]): Promise<McResult<McSegment>> {
    return this.call(apiKey, 'POST', `/lists/${encodeURIComponent(listId)}/segments`, { name, static_segment: emails });
  }

  /** POST /3.0/lists/{id}/segments/{segment_id}: adds members to a static segment (at most 500 a call). */
  addToSegment(apiKey: string, listId: string, segmentId: string, emails: string[]): Promise<McResult<McSegmentBatch>> {
    return this.call(apiKey, 'POST', `/lists/${encodeURIComponent(listId)}/segments/${encodeURIComponent(segmentId)}`, {
      members_to_add: emails,
    });
  }

  /** POST /3.0/campaigns. */
  createCampaign(apiKey: string, input: McCampaignInput): Promise<McResult<McCampaign>> {
    return this.call(apiKey, 'POST', '/campaigns', input);
  }

  /** PATCH /3.0/campaigns/{id}: its recipients, settings and tracking as they are now. */
  updateCampaign(
    apiKey: string,
    id: string,
    input: Pick<McCampaignInput, 'settings' | 'tracking'> & {
      recipients: { list_id: string; segment_opts?: { saved_segment_id: number } };
    },
  ): Promise<McResult<McCampaign>> {
    return this.call(apiKey, 'PATCH', `/campaigns/${encodeURIComponent(id)}`, input);
  }

  /** GET /3.0/campaigns/{id}: its status (a send whose answer was lost may have gone). */
  campaign(apiKey: string, id: string): Promise<McResult<McCampaign>> {
    return this.call(apiKey, 'GET', `/campaigns/${encodeURIComponent(id)}`);
  }

  /** GET /3.0/reports/{campaign_id}: a sent campaign's totals (sent, opens, clicks, bounces, unsubscribes). */
  report(apiKey: string, id: string): Promise<McResult<McReport>> {
    return this.call(apiKey, 'GET', `/reports/${encodeURIComponent(id)}`);
  }

  /** PUT /3.0/campaigns/{id}/content: the HTML and plain text, with Mailchimp's merge tags. */
  setContent(apiKey: string, id: string, content: { html: string; plain_text: string }): Promise<McResult<unknown>> {
    return this.call(apiKey, 'PUT', `/campaigns/${encodeURIComponent(id)}/content`, content);
  }

  /**
   * POST /3.0/campaigns/{id}/actions/{send|schedule|unschedule|test} (204 on success): schedule takes
   * `schedule_time` (UTC, on the quarter hour); test takes `test_emails` and `send_type`.
   */
  action(
    apiKey: string,
    id: string,
    action: 'send' | 'schedule' | 'unschedule' | 'test',
    body?: { schedule_time: string } | { test_emails: string[]; send_type: 'html' | 'plaintext' },
  ): Promise<McResult<unknown>> {
    return this.call(apiKey, 'POST', `/campaigns/${encodeURIComponent(id)}/actions/${action}`, body);
  }
}
