import { type ProviderHandler, send } from './http.ts';

/** Mailchimp API keys (`…-usX`) and the audiences they see. */
export interface MailchimpAccounts {
  keys: string[];
  lists: Record<string, { name: string }>;
}

export interface StubMember {
  email_address: string;
  status: string;
  merge_fields: Record<string, string>;
}

/** A static segment of an audience. */
export interface StubSegment {
  id: number;
  listId: string;
  name: string;
  /** Lower-case addresses of list members in the segment. */
  emails: Set<string>;
}

/** A campaign made through POST /campaigns, with what it was given and whom it reached. */
export interface StubMailchimpCampaign {
  id: string;
  listId: string;
  segmentId: number | null;
  settings: Record<string, unknown>;
  tracking: Record<string, unknown>;
  html: string;
  plainText: string;
  /** save, schedule, sending, sent (the stand-in sends at once). */
  status: string;
  scheduleTime: string | null;
  /** The subscribed segment members it was sent to (at send, or when the schedule was set). */
  sentTo: string[];
  /** Each test send's addresses. */
  tests: string[][];
  /** What recipients did with it, as Mailchimp's report counts it (tests set these). */
  activity: StubMailchimpActivity;
}

/** A sent campaign's numbers in Mailchimp's report (GET /reports/{id}); emails_sent is its sentTo. */
export interface StubMailchimpActivity {
  opensTotal: number;
  uniqueOpens: number;
  clicksTotal: number;
  uniqueSubscriberClicks: number;
  hardBounces: number;
  softBounces: number;
  unsubscribed: number;
}

/** The next campaign call of this kind fails once with this status and detail (tests). */
export interface MailchimpFailure {
  on: 'campaign' | 'content' | 'send' | 'schedule' | 'unschedule' | 'test' | 'segment' | 'report';
  status: number;
  detail: string;
}

/** What the Mailchimp stand-in keeps; tests read and change it. */
export interface MailchimpState {
  /** Static segments by id. */
  mcSegments: Map<number, StubSegment>;
  /** Campaigns by id, in the order made. */
  mcCampaigns: Map<string, StubMailchimpCampaign>;
  mcFailNext: MailchimpFailure | null;
  /** Members by list id. */
  members: Map<string, Map<string, StubMember>>;
  /** Audiences by id (tests may delete one). */
  lists: Map<string, { name: string }>;
  /** While set, batch calls wait for it (a resync stays in progress). */
  hold: Promise<void> | null;
  /** Each batch call is answered after this many milliseconds (e2e: so "In Progress" shows). */
  batchDelayMs: number;
}

const notFound = { title: 'Resource Not Found', status: 404, detail: 'The requested resource could not be found.' };

/** Mailchimp Marketing API v3 under /{dc}/3.0 (basic anystring:key; the key's -usX is the dc). */
export function mailchimpHandler(accounts: MailchimpAccounts | undefined, state: MailchimpState): ProviderHandler {
  return async ({ req, res, url, body, pair }) => {
    const mc = /^\/(us\d+)\/3\.0(\/.*)$/.exec(url.pathname);
    if (!mc) return false;
    const [, dc, path] = mc as unknown as [string, string, string];
    const key = pair?.[1] ?? '';
    if (!(accounts?.keys ?? []).includes(key) || !key.endsWith(`-${dc}`)) {
      return send(res, 401, {
        type: 'about:blank',
        title: 'API Key Invalid',
        status: 401,
        detail: 'Your API key may be invalid.',
      });
    }
    if (req.method === 'GET' && path === '/ping') return send(res, 200, { health_status: "Everything's Chimpy!" });
    const handled = campaignCalls(state, req.method ?? '', path, body, res);
    if (handled) return true;
    if (req.method === 'POST' && path === '/lists') {
      const input = JSON.parse(body) as { name?: string; contact?: Record<string, string> };
      if (!input.contact?.address1 || !input.contact?.city) {
        return send(res, 400, {
          title: 'Invalid Resource',
          status: 400,
          detail: 'The resource submitted could not be validated.',
          errors: [{ field: 'contact.address1', message: 'This value should not be blank.' }],
        });
      }
      const id = `l${Math.random().toString(16).slice(2, 12)}`;
      state.lists.set(id, { name: input.name ?? '' });
      return send(res, 200, { id, name: input.name, stats: { member_count: 0 } });
    }
    const segmentCall = /^\/lists\/([^/]+)\/segments(?:\/(\d+))?$/.exec(path);
    if (segmentCall && req.method === 'POST') return segments(state, segmentCall, body, res);
    const one = /^\/lists\/([^/]+)$/.exec(path);
    if (!one) return send(res, 404, { title: 'Resource Not Found', status: 404 });
    const id = decodeURIComponent(one[1] ?? '');
    const list = state.lists.get(id);
    if (!list) return send(res, 404, notFound);
    const current = state.members.get(id) ?? new Map<string, StubMember>();
    state.members.set(id, current);
    if (req.method === 'GET') {
      return send(res, 200, {
        id,
        name: list.name,
        stats: {
          member_count: [...current.values()].filter((m) => m.status === 'subscribed').length,
          unsubscribe_count: [...current.values()].filter((m) => m.status === 'unsubscribed').length,
          campaign_count: 2,
          click_rate: 1.5,
          open_rate: 42.25,
        },
      });
    }
    if (req.method !== 'POST') return send(res, 404, { title: 'Resource Not Found', status: 404 });
    if (state.hold) await state.hold;
    if (state.batchDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.batchDelayMs));
    const input = JSON.parse(body) as {
      members: Array<{
        email_address: string;
        status_if_new?: string;
        status?: string;
        merge_fields?: Record<string, string>;
      }>;
      update_existing?: boolean;
    };
    if (input.members.length > 500)
      return send(res, 400, { title: 'Invalid Resource', status: 400, detail: 'too many members' });
    // Mailchimp's batch subscribe answer: the members made and changed (with their status), and errors.
    const created: StubMember[] = [];
    const updated: StubMember[] = [];
    const errors: Array<{ email_address: string; error: string; error_code: string }> = [];
    for (const m of input.members) {
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(m.email_address)) {
        errors.push({
          email_address: m.email_address,
          error: `${m.email_address} looks fake or invalid, please enter a real email address.`,
          error_code: 'ERROR_GENERIC',
        });
        continue;
      }
      const existing = current.get(m.email_address.toLowerCase());
      if (existing) {
        if (!input.update_existing) continue;
        existing.merge_fields = { ...existing.merge_fields, ...m.merge_fields };
        if (m.status) existing.status = m.status;
        updated.push(existing);
      } else {
        const member = {
          email_address: m.email_address,
          status: m.status ?? m.status_if_new ?? 'subscribed',
          merge_fields: m.merge_fields ?? {},
        };
        current.set(m.email_address.toLowerCase(), member);
        created.push(member);
      }
    }
    return send(res, 200, {
      new_members: created,
      updated_members: updated,
      errors,
      total_created: created.length,
      total_updated: updated.length,
      error_count: errors.length,
    });
  };
}

const problem = (status: number, title: string, detail: string) => ({ type: 'about:blank', title, status, detail });
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
let nextSegmentId = 100;

/** A failure set with `mcFailNext` for this kind of call, answered once. */
function failed(state: MailchimpState, on: MailchimpFailure['on'], res: Parameters<typeof send>[0]): boolean {
  const failure = state.mcFailNext;
  if (failure?.on !== on) return false;
  state.mcFailNext = null;
  send(
    res,
    failure.status,
    problem(failure.status, failure.status >= 500 ? 'Internal Server Error' : 'Bad Request', failure.detail),
  );
  return true;
}

/** POST /lists/{id}/segments (static_segment) and POST /lists/{id}/segments/{segment_id} (members_to_add). */
function segments(
  state: MailchimpState,
  [, rawList, rawSegment]: RegExpExecArray,
  body: string,
  res: Parameters<typeof send>[0],
): true {
  const listId = decodeURIComponent(rawList ?? '');
  if (!state.lists.has(listId)) return send(res, 404, notFound);
  if (failed(state, 'segment', res)) return true;
  const members = state.members.get(listId) ?? new Map<string, StubMember>();
  const input = JSON.parse(body || '{}') as { name?: string; static_segment?: string[]; members_to_add?: string[] };
  if (rawSegment === undefined) {
    if (!input.name) return send(res, 400, problem(400, 'Invalid Resource', 'name: This value should not be blank.'));
    if (!Array.isArray(input.static_segment)) {
      return send(res, 400, problem(400, 'Invalid Resource', 'static_segment or options is required'));
    }
    const segment: StubSegment = { id: nextSegmentId++, listId, name: input.name, emails: new Set() };
    // Emails not on the list are ignored, as Mailchimp documents.
    for (const email of input.static_segment)
      if (members.has(email.toLowerCase())) segment.emails.add(email.toLowerCase());
    state.mcSegments.set(segment.id, segment);
    return send(res, 200, {
      id: segment.id,
      name: segment.name,
      member_count: segment.emails.size,
      type: 'static',
      list_id: listId,
    });
  }
  const segment = state.mcSegments.get(Number(rawSegment));
  if (!segment || segment.listId !== listId) return send(res, 404, notFound);
  const add = input.members_to_add ?? [];
  if (add.length > 500) return send(res, 400, problem(400, 'Invalid Resource', 'members_to_add: at most 500 emails'));
  const added: string[] = [];
  const missing: string[] = [];
  for (const email of add) {
    if (members.has(email.toLowerCase())) {
      segment.emails.add(email.toLowerCase());
      added.push(email);
    } else missing.push(email);
  }
  return send(res, 200, {
    members_added: added.map((email) => ({ email_address: email })),
    members_removed: [],
    errors: missing.length ? [{ email_addresses: missing, error: 'Email addresses are not list members' }] : [],
    total_added: added.length,
    total_removed: 0,
    error_count: missing.length,
  });
}

/** The campaign calls: POST /campaigns, GET /campaigns/{id}, PUT …/content, POST …/actions/{action}. */
function campaignCalls(
  state: MailchimpState,
  method: string,
  path: string,
  body: string,
  res: Parameters<typeof send>[0],
): boolean {
  if (path === '/campaigns' && method === 'POST') {
    if (failed(state, 'campaign', res)) return true;
    const input = JSON.parse(body || '{}') as {
      type?: string;
      recipients?: { list_id?: string; segment_opts?: { saved_segment_id?: number } };
      settings?: Record<string, unknown>;
      tracking?: Record<string, unknown>;
    };
    if (input.type !== 'regular' && input.type !== 'plaintext') {
      return send(
        res,
        400,
        problem(400, 'Invalid Resource', 'type: Value must be one of regular, plaintext, absplit, rss, variate'),
      );
    }
    const listId = input.recipients?.list_id ?? '';
    if (!state.lists.has(listId))
      return send(res, 400, problem(400, 'Invalid Resource', 'recipients.list_id: invalid list'));
    const segmentId = input.recipients?.segment_opts?.saved_segment_id ?? null;
    if (segmentId !== null && state.mcSegments.get(segmentId)?.listId !== listId) {
      return send(
        res,
        400,
        problem(400, 'Invalid Resource', 'recipients.segment_opts.saved_segment_id: invalid segment'),
      );
    }
    const id = Math.random().toString(16).slice(2, 12);
    state.mcCampaigns.set(id, {
      id,
      listId,
      segmentId,
      settings: input.settings ?? {},
      tracking: input.tracking ?? {},
      html: '',
      plainText: '',
      status: 'save',
      scheduleTime: null,
      sentTo: [],
      tests: [],
      activity: {
        opensTotal: 0,
        uniqueOpens: 0,
        clicksTotal: 0,
        uniqueSubscriberClicks: 0,
        hardBounces: 0,
        softBounces: 0,
        unsubscribed: 0,
      },
    });
    return send(res, 200, { id, web_id: 1000 + state.mcCampaigns.size, type: input.type, status: 'save' });
  }
  const report = /^\/reports\/([^/]+)$/.exec(path);
  if (report && method === 'GET') return reportOf(state, decodeURIComponent(report[1] ?? ''), res);
  const match = /^\/campaigns\/([^/]+)(\/content|\/actions\/(send|schedule|unschedule|test))?$/.exec(path);
  if (!match) return false;
  const campaign = state.mcCampaigns.get(decodeURIComponent(match[1] ?? ''));
  if (!campaign) return send(res, 404, notFound);
  if (!match[2] && method === 'GET') return send(res, 200, { id: campaign.id, status: campaign.status });
  if (!match[2] && method === 'PATCH') {
    if (failed(state, 'campaign', res)) return true;
    if (campaign.status !== 'save' && campaign.status !== 'paused') {
      return send(res, 400, problem(400, 'Bad Request', 'A sent or scheduled campaign cannot be changed.'));
    }
    const input = JSON.parse(body || '{}') as {
      recipients?: { list_id?: string; segment_opts?: { saved_segment_id?: number } };
      settings?: Record<string, unknown>;
      tracking?: Record<string, unknown>;
    };
    if (input.recipients) {
      const listId = input.recipients.list_id ?? campaign.listId;
      const segmentId = input.recipients.segment_opts?.saved_segment_id ?? null;
      if (!state.lists.has(listId) || (segmentId !== null && state.mcSegments.get(segmentId)?.listId !== listId)) {
        return send(res, 400, problem(400, 'Invalid Resource', 'recipients: invalid list or segment'));
      }
      campaign.listId = listId;
      campaign.segmentId = segmentId;
    }
    campaign.settings = { ...campaign.settings, ...input.settings };
    campaign.tracking = { ...campaign.tracking, ...input.tracking };
    return send(res, 200, { id: campaign.id, status: campaign.status });
  }
  if (match[2] === '/content' && method === 'PUT') {
    if (failed(state, 'content', res)) return true;
    const input = JSON.parse(body || '{}') as { html?: string; plain_text?: string };
    campaign.html = input.html ?? '';
    campaign.plainText = input.plain_text ?? '';
    return send(res, 200, { html: campaign.html, plain_text: campaign.plainText });
  }
  const action = match[3] as MailchimpFailure['on'] | undefined;
  if (!action || method !== 'POST') return send(res, 405, problem(405, 'Method Not Allowed', 'not allowed'));
  if (failed(state, action, res)) return true;
  const input = JSON.parse(body || '{}') as { schedule_time?: string; test_emails?: string[]; send_type?: string };
  if (action === 'unschedule') {
    if (campaign.status !== 'schedule')
      return send(res, 400, problem(400, 'Bad Request', 'This campaign is not scheduled.'));
    campaign.status = 'paused';
    campaign.scheduleTime = null;
    campaign.sentTo = [];
    res.writeHead(204).end();
    return true;
  }
  // Mailchimp's send checklist: content with the unsubscribe merge tag, a subject and a from.
  const notReady =
    !campaign.html.includes('*|UNSUB|*') ||
    !campaign.settings.subject_line ||
    !campaign.settings.from_name ||
    !EMAIL.test(String(campaign.settings.reply_to ?? ''));
  if (notReady) return send(res, 400, problem(400, 'Bad Request', 'Your Campaign is not ready to send.'));
  if (action === 'test') {
    const to = input.test_emails ?? [];
    if (to.length === 0 || !to.every((email) => EMAIL.test(email))) {
      return send(res, 400, problem(400, 'Invalid Resource', 'test_emails: invalid'));
    }
    campaign.tests.push(to);
    res.writeHead(204).end();
    return true;
  }
  if (campaign.status !== 'save' && campaign.status !== 'paused') {
    return send(res, 400, problem(400, 'Bad Request', 'This campaign has already been sent or scheduled.'));
  }
  if (action === 'schedule') {
    const at = Date.parse(input.schedule_time ?? '');
    const date = new Date(at);
    if (Number.isNaN(at) || date.getUTCMinutes() % 15 !== 0 || date.getUTCSeconds() !== 0) {
      return send(
        res,
        400,
        problem(400, 'Invalid Resource', 'schedule_time: Campaigns may only be scheduled on the quarter-hour.'),
      );
    }
    if (at <= Date.now())
      return send(res, 400, problem(400, 'Invalid Resource', 'schedule_time: must be in the future.'));
    campaign.status = 'schedule';
    campaign.scheduleTime = date.toISOString();
  } else campaign.status = 'sent';
  // The subscribed members of the segment (or the whole audience) are the recipients.
  const members = state.members.get(campaign.listId) ?? new Map<string, StubMember>();
  const segment = campaign.segmentId === null ? null : state.mcSegments.get(campaign.segmentId);
  campaign.sentTo = [...members.entries()]
    .filter(([email, member]) => member.status === 'subscribed' && (!segment || segment.emails.has(email)))
    .map(([, member]) => member.email_address);
  res.writeHead(204).end();
  return true;
}

/**
 * GET /reports/{campaign_id}: Mailchimp's report of a sent campaign (a campaign not sent yet has no
 * report: 404), with the documented fields (emails_sent, opens, clicks, bounces, unsubscribed).
 */
function reportOf(state: MailchimpState, id: string, res: Parameters<typeof send>[0]): true {
  if (failed(state, 'report', res)) return true;
  const campaign = state.mcCampaigns.get(id);
  // A scheduled campaign goes out at its time.
  if (campaign?.status === 'schedule' && Date.parse(campaign.scheduleTime ?? '') <= Date.now())
    campaign.status = 'sent';
  if (!campaign || (campaign.status !== 'sent' && campaign.status !== 'sending')) return send(res, 404, notFound);
  const a = campaign.activity;
  const sent = campaign.sentTo.length;
  const rate = (part: number) => (sent > 0 ? part / sent : 0);
  return send(res, 200, {
    id: campaign.id,
    campaign_title: String(campaign.settings.title ?? ''),
    type: 'regular',
    list_id: campaign.listId,
    subject_line: String(campaign.settings.subject_line ?? ''),
    emails_sent: sent,
    abuse_reports: 0,
    unsubscribed: a.unsubscribed,
    send_time: campaign.scheduleTime ?? new Date().toISOString(),
    bounces: { hard_bounces: a.hardBounces, soft_bounces: a.softBounces, syntax_errors: 0 },
    forwards: { forwards_count: 0, forwards_opens: 0 },
    opens: { opens_total: a.opensTotal, unique_opens: a.uniqueOpens, open_rate: rate(a.uniqueOpens) },
    clicks: {
      clicks_total: a.clicksTotal,
      unique_clicks: a.uniqueSubscriberClicks,
      unique_subscriber_clicks: a.uniqueSubscriberClicks,
      click_rate: rate(a.uniqueSubscriberClicks),
    },
  });
}
