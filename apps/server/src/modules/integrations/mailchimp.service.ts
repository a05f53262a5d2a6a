import {
  type CampaignTenant,
  generatedListName,
  MAILCHIMP_STATUSES,
  type MailchimpCreateList,
  type MailchimpLastSync,
  type MailchimpList,
  type MailchimpStats,
  type MailchimpStatus,
  type MailchimpWrite,
  mailchimpDataCenter,
  RESYNC_IN_PROGRESS,
} from '@atrium/contracts';
import type { z } from 'zod';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { getCampaignTenant } from './campaign-providers.service.ts';
import {
  type Integrations,
  load,
  type Stored,
  save,
  str,
  type VerificationWrite,
  verificationOf,
} from './integrations.service.ts';
import { hintOf } from './vault.ts';

export const PROVIDER = 'mailchimp';
/** A resync whose heartbeat is older than this stopped (a restart): it reads as failed and may start again. */
export const RESYNC_STALE_MS = 15 * 60_000;
const STOPPED = 'The resync stopped before it finished (the server restarted); start it again.';

export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const listNotFound = () => notFound('Mailchimp list');

export interface SyncRecord extends MailchimpLastSync {
  heartbeatAt: string | null;
}

export const EMPTY_SYNC: SyncRecord = {
  startedAt: null,
  finishedAt: null,
  heartbeatAt: null,
  pushed: 0,
  created: 0,
  updated: 0,
  failed: 0,
  error: '',
};

function syncOf(pub: Record<string, unknown>): SyncRecord {
  const raw = pub.mcSync && typeof pub.mcSync === 'object' ? (pub.mcSync as Partial<SyncRecord>) : {};
  return { ...EMPTY_SYNC, ...raw };
}

/** The §4 status, with a resync that stopped sending heartbeats read as failed. */
function statusOf(stored: Stored | null): MailchimpStatus | null {
  if (!stored) return null;
  const raw = str(stored.pub, 'mcStatus');
  const status = (MAILCHIMP_STATUSES as readonly string[]).includes(raw) ? (raw as MailchimpStatus) : 'not_started';
  if (status === 'in_progress' && isStale(syncOf(stored.pub))) return 'failed';
  return status;
}

/** The job writes a heartbeat after each page, whichever process runs it. */
function isStale(sync: SyncRecord): boolean {
  const beat = sync.heartbeatAt ? Date.parse(sync.heartbeatAt) : 0;
  return Date.now() - beat > RESYNC_STALE_MS;
}

/** GET /campaign/tenant/mailchimp: spec 2 §3 "Mailchimp list data", masked. */
export async function getMailchimpList(ctx: Integrations, tenant: TenantContext): Promise<MailchimpList> {
  const stored = await load(ctx, tenant.tenantId, PROVIDER);
  const pub = stored?.pub ?? {};
  const status = statusOf(stored);
  const sync = syncOf(pub);
  const { heartbeatAt: _beat, ...lastSync } = sync;
  const stopped = stored && status === 'failed' && str(pub, 'mcStatus') === 'in_progress';
  return {
    data: {
      name: str(pub, 'mcAudienceName'),
      listId: str(pub, 'mcAudienceId'),
      hasApiKey: !!stored?.secrets.mcApiKey,
      apiKeyHint: stored?.row.hint ?? '',
      fromName: str(pub, 'fromName'),
      fromEmail: str(pub, 'fromEmail'),
      status,
      isActiveList: !!stored?.row.isIntegrated,
      lastSync: stopped ? { ...lastSync, error: STOPPED } : lastSync,
      ...verificationOf(stored?.row),
    },
  };
}

interface ListToStore {
  apiKey: string;
  listId: string;
  name: string;
  fromName: string;
  fromEmail: string;
  verification: VerificationWrite;
}

/** The from fields fall back to the account's From Email Name and From Email Address (spec 2 §7). */
function fromFields(tenant: TenantContext, body: { fromName: string; fromEmail: string }) {
  return {
    fromName: body.fromName || tenant.settings.fromEmailName || tenant.name,
    fromEmail: body.fromEmail || tenant.settings.email,
  };
}

function apiKeyOf(body: { mcApiKey: string }, existing: Stored | null): string {
  const apiKey = body.mcApiKey || existing?.secrets.mcApiKey || '';
  if (!apiKey) throw badRequest('mcApiKey', 'API Key required');
  if (!mailchimpDataCenter(apiKey)) {
    throw badRequest('mcApiKey', 'The API key must end with its data centre, e.g. -us6.');
  }
  return apiKey;
}

/**
 * Mailchimp becomes the campaign provider (Brevo stops being active; its keys stay). A new list id
 * or key resets the sync to not_started (the screen confirmed it first); none of this while a
 * resync runs.
 */
async function store(ctx: Integrations, tenant: TenantContext, existing: Stored | null, next: ListToStore) {
  const changed =
    !existing || str(existing.pub, 'mcAudienceId') !== next.listId || (existing.secrets.mcApiKey ?? '') !== next.apiKey;
  const sync = existing ? syncOf(existing.pub) : EMPTY_SYNC;
  const status = statusOf(existing);
  await save(
    ctx,
    tenant.tenantId,
    'campaign',
    PROVIDER,
    { mcApiKey: next.apiKey },
    {
      hint: hintOf(next.apiKey),
      publicFields: {
        mcAudienceName: next.name,
        mcAudienceId: next.listId,
        fromName: next.fromName,
        fromEmail: next.fromEmail,
        mcStatus: changed ? 'not_started' : (status ?? 'not_started'),
        mcSync: changed ? EMPTY_SYNC : sync,
      },
      isIntegrated: true,
      verification: next.verification,
    },
    true,
  );
}

function refuseWhileRunning(existing: Stored | null): void {
  if (statusOf(existing) === 'in_progress') throw conflict(RESYNC_IN_PROGRESS);
}

/** PUT /campaign/tenant/mailchimp: the key and the list are checked with Mailchimp first. */
export async function saveMailchimp(
  ctx: Integrations,
  tenant: TenantContext,
  body: z.output<typeof MailchimpWrite>,
): Promise<CampaignTenant> {
  const existing = await load(ctx, tenant.tenantId, PROVIDER);
  const apiKey = apiKeyOf(body, existing);
  refuseWhileRunning(existing);
  const result = await ctx.mailchimp.list(apiKey, body.mcAudienceId);
  let verification: VerificationWrite;
  if (result.outcome === 'rejected') throw badRequest('mcApiKey', 'Mailchimp did not accept the API key.');
  if (result.outcome === 'not_found') throw badRequest('mcAudienceId', 'Mailchimp has no audience with this ID.');
  if (result.outcome === 'invalid')
    throw badRequest('mcAudienceId', `Mailchimp refused the audience: ${result.detail}`);
  if (result.outcome === 'unreachable') {
    verification = {
      isVerified: false,
      verifyMessage: `Could not reach Mailchimp to check the key and audience (${result.detail}); saved without a check.`,
      verifiedAt: new Date(),
    };
  } else {
    verification = {
      isVerified: true,
      verifyMessage: `Mailchimp accepted the key (audience ${result.body.name}).`,
      verifiedAt: new Date(),
    };
  }
  await store(ctx, tenant, existing, {
    apiKey,
    listId: body.mcAudienceId,
    name: body.mcAudienceName,
    ...fromFields(tenant, body),
    verification,
  });
  return getCampaignTenant(ctx, tenant);
}

/** POST /campaign/tenant/mailchimp/list: create mode, a new audience named by spec 2 §9 when no name is given. */
export async function createMailchimpList(
  ctx: Integrations,
  tenant: TenantContext,
  body: z.output<typeof MailchimpCreateList>,
): Promise<CampaignTenant> {
  const existing = await load(ctx, tenant.tenantId, PROVIDER);
  const apiKey = apiKeyOf(body, existing);
  refuseWhileRunning(existing);
  const from = fromFields(tenant, body);
  if (!from.fromEmail) throw badRequest('fromEmail', 'From Email is required');
  const s = tenant.settings;
  const name = body.mcAudienceName || generatedListName(tenant.name);
  const result = await ctx.mailchimp.createList(apiKey, {
    name,
    ...from,
    contact: {
      company: tenant.name,
      address1: s.addressLine1,
      address2: s.addressLine2,
      city: s.city,
      state: s.state,
      zip: s.zip,
      country: s.country,
    },
  });
  if (result.outcome === 'rejected') throw badRequest('mcApiKey', 'Mailchimp did not accept the API key.');
  if (result.outcome === 'invalid' || result.outcome === 'not_found') {
    const detail = result.outcome === 'invalid' ? result.detail : 'not found';
    throw badRequest('mcAudienceName', `Mailchimp did not create the list: ${detail}`);
  }
  if (result.outcome === 'unreachable') {
    throw new AppError(
      502,
      'provider_unreachable',
      `Mailchimp could not be reached (${result.detail}); no list was created.`,
    );
  }
  await store(ctx, tenant, existing, {
    apiKey,
    listId: result.body.id,
    name: result.body.name || name,
    ...from,
    verification: { isVerified: true, verifyMessage: 'Mailchimp created the audience.', verifiedAt: new Date() },
  });
  return getCampaignTenant(ctx, tenant);
}

/** GET /campaign/tenant/mailchimp/stats: the list's numbers from Mailchimp; syncCount is our last resync's. */
export async function mailchimpStats(ctx: Integrations, tenant: TenantContext): Promise<MailchimpStats> {
  const stored = await load(ctx, tenant.tenantId, PROVIDER);
  const listId = stored ? str(stored.pub, 'mcAudienceId') : '';
  if (!stored || !listId || !stored.secrets.mcApiKey) throw listNotFound();
  const result = await ctx.mailchimp.list(stored.secrets.mcApiKey, listId);
  if (result.outcome === 'rejected') throw badRequest('mcApiKey', 'Mailchimp did not accept the API key.');
  if (result.outcome === 'not_found') throw listNotFound();
  if (result.outcome !== 'ok') {
    throw new AppError(502, 'provider_unreachable', 'Mailchimp could not be reached; try again later.');
  }
  const st = result.body.stats ?? {};
  const n = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  return {
    listId,
    memberCount: n(st.member_count),
    syncCount: syncOf(stored.pub).pushed,
    unsubscribeCount: n(st.unsubscribe_count),
    campaignCount: n(st.campaign_count),
    clickRate: n(st.click_rate),
    openRate: n(st.open_rate),
  };
}
