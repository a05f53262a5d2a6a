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
  RESYNC_STARTED,
} from '@atrium/contracts';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import { withTenant } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { getCampaignTenant } from './campaign-providers.service.ts';
import { claimMailchimpResync, mergePublicFields } from './integrations.repo.ts';
import {
  type Integrations,
  load,
  type Stored,
  save,
  str,
  type VerificationWrite,
  verificationOf,
} from './integrations.service.ts';
import type { McMember } from './mailchimp.ts';
import { hintOf } from './vault.ts';

const PROVIDER = 'mailchimp';
/** Mailchimp's batch subscribe takes at most 500 members a call. */
export const RESYNC_PAGE = 500;
/** A resync whose heartbeat is older than this stopped (a restart): it reads as failed and may start again. */
export const RESYNC_STALE_MS = 15 * 60_000;
type ContactPage = Array<{ id: string; email: string; name: string; lastName: string }>;
const STOPPED = 'The resync stopped before it finished (the server restarted); start it again.';
const MAILCHIMP_RESYNC = 'mailchimp-resync';
interface ResyncJob {
  tenantId: string;
  listId: string;
}

/** A failure whose message may be shown (Mailchimp's answer); anything else is logged and summarised. */
class ResyncFailure extends Error {}

const conflict = (message: string) => new AppError(409, 'conflict', message);
const listNotFound = () => notFound('Mailchimp list');

interface SyncRecord extends MailchimpLastSync {
  heartbeatAt: string | null;
}

const EMPTY_SYNC: SyncRecord = {
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

/**
 * POST /campaign/tenant/mailchimp/resync: in_progress at once (409 'resync is already in
 * progress' when one runs), then the background job pushes the contacts and sets complete or failed.
 */
export async function startMailchimpResync(
  ctx: Integrations,
  tenant: TenantContext,
): Promise<{ message: string; status: MailchimpStatus }> {
  const stored = await load(ctx, tenant.tenantId, PROVIDER);
  const listId = stored ? str(stored.pub, 'mcAudienceId') : '';
  const apiKey = stored?.secrets.mcApiKey ?? '';
  if (!stored || !listId || !apiKey) throw listNotFound();
  const now = new Date().toISOString();
  const claimed = await withTenant(ctx.platform.db, tenant.tenantId, (tx) =>
    claimMailchimpResync(
      tx,
      tenant.tenantId,
      listId,
      { mcStatus: 'in_progress', mcSync: { ...EMPTY_SYNC, startedAt: now, heartbeatAt: now } },
      new Date(Date.now() - RESYNC_STALE_MS),
    ),
  );
  if (!claimed) throw conflict(RESYNC_IN_PROGRESS);
  await ctx.platform.jobs.send<ResyncJob>(
    MAILCHIMP_RESYNC,
    { tenantId: tenant.tenantId, listId },
    { singletonKey: tenant.tenantId },
  );
  return { message: RESYNC_STARTED, status: 'in_progress' };
}

/**
 * The resync job, one queued per tenant (its singleton key). No retry: a failure is shown and the
 * admin starts it again. The key is read from the vault here, so no secret is ever in a job's data.
 */
export function registerMailchimpJobs(ctx: Integrations): void {
  ctx.platform.jobs.register<ResyncJob>(
    MAILCHIMP_RESYNC,
    async ({ tenantId, listId }) => {
      const stored = await load(ctx, tenantId, PROVIDER);
      const apiKey = stored?.secrets.mcApiKey;
      if (!stored || !apiKey || str(stored.pub, 'mcAudienceId') !== listId) return;
      if (str(stored.pub, 'mcStatus') !== 'in_progress') return;
      await runResync(ctx, tenantId, listId, apiKey);
    },
    // A run past its expiry counts as failed though it may still be going: longer than the largest list takes.
    { policy: 'short', retryLimit: 0, expireInSeconds: 6 * 3600 },
  );
}

/**
 * The resync: the tenant's contacts who subscribe to the mailing list (walk-in excluded), 500 at a
 * time by id, each page read in its own short transaction and pushed to Mailchimp after it.
 */
export async function runResync(ctx: Integrations, tenantId: string, listId: string, apiKey: string): Promise<void> {
  const sync: SyncRecord = { ...EMPTY_SYNC, startedAt: new Date().toISOString() };
  const write = (patch: Record<string, unknown>) =>
    withTenant(ctx.platform.db, tenantId, (tx) => mergePublicFields(tx, tenantId, PROVIDER, patch, listId));
  let after: string | null = null;
  try {
    for (;;) {
      const cursor: string | null = after;
      const page: ContactPage = await withTenant(ctx.platform.db, tenantId, (tx) =>
        tx
          .select({ id: contacts.id, email: contacts.email, name: contacts.name, lastName: contacts.lastName })
          .from(contacts)
          .where(
            and(
              eq(contacts.tenantId, tenantId),
              eq(contacts.subscribeToMailingList, true),
              eq(contacts.isWalkin, false),
              cursor ? gt(contacts.id, cursor) : undefined,
            ),
          )
          .orderBy(asc(contacts.id))
          .limit(RESYNC_PAGE),
      );
      if (page.length === 0) break;
      after = page[page.length - 1]?.id ?? null;
      const members: McMember[] = page
        .filter((c) => c.email.includes('@'))
        .map((c) => ({
          email_address: c.email,
          status_if_new: 'subscribed',
          merge_fields: { FNAME: c.name, LNAME: c.lastName },
        }));
      if (members.length > 0) {
        const result = await ctx.mailchimp.upsertMembers(apiKey, listId, members);
        if (result.outcome !== 'ok') {
          const why =
            result.outcome === 'rejected'
              ? 'Mailchimp did not accept the API key.'
              : result.outcome === 'not_found'
                ? 'Mailchimp has no audience with this ID.'
                : `Mailchimp: ${result.detail}`;
          throw new ResyncFailure(why);
        }
        sync.created += result.body.total_created ?? 0;
        sync.updated += result.body.total_updated ?? 0;
        sync.failed += result.body.error_count ?? 0;
        sync.pushed = sync.created + sync.updated;
      }
      const still = await write({ mcSync: { ...sync, heartbeatAt: new Date().toISOString() } });
      if (!still) return; // the list was changed meanwhile: this resync no longer applies
      if (page.length < RESYNC_PAGE) break;
    }
    await write({ mcStatus: 'complete', mcSync: { ...sync, finishedAt: new Date().toISOString(), heartbeatAt: null } });
  } catch (error) {
    if (!(error instanceof ResyncFailure)) ctx.log.error({ err: error }, 'mailchimp resync failed');
    const message = error instanceof ResyncFailure ? error.message : 'The resync failed; try again later.';
    await write({
      mcStatus: 'failed',
      mcSync: { ...sync, finishedAt: new Date().toISOString(), heartbeatAt: null, error: message },
    });
  }
}
