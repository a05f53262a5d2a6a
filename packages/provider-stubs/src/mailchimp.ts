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

/** What the Mailchimp stand-in keeps; tests read and change it. */
export interface MailchimpState {
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
    let created = 0;
    let updated = 0;
    let errors = 0;
    for (const m of input.members) {
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(m.email_address)) {
        errors += 1;
        continue;
      }
      const existing = current.get(m.email_address.toLowerCase());
      if (existing) {
        if (!input.update_existing) continue;
        existing.merge_fields = { ...existing.merge_fields, ...m.merge_fields };
        if (m.status) existing.status = m.status;
        updated += 1;
      } else {
        current.set(m.email_address.toLowerCase(), {
          email_address: m.email_address,
          status: m.status ?? m.status_if_new ?? 'subscribed',
          merge_fields: m.merge_fields ?? {},
        });
        created += 1;
      }
    }
    return send(res, 200, { total_created: created, total_updated: updated, error_count: errors, errors: [] });
  };
}
