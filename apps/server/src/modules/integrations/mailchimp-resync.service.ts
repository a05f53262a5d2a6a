import { type MailchimpStatus, RESYNC_IN_PROGRESS, RESYNC_STARTED } from '@atrium/contracts';
import { and, asc, eq, gt } from 'drizzle-orm';
import { withTenant } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { claimMailchimpResync, mergePublicFields } from './integrations.repo.ts';
import { type Integrations, load, str } from './integrations.service.ts';
import { conflict, EMPTY_SYNC, listNotFound, PROVIDER, RESYNC_STALE_MS, type SyncRecord } from './mailchimp.service.ts';
import type { McMember } from './mailchimp.ts';

// The Mailchimp resync: claimed at once, then a background job pushes the tenant's subscribed
// contacts a page at a time and writes its progress, so any process can read it.

/** Mailchimp's batch subscribe takes at most 500 members a call. */
export const RESYNC_PAGE = 500;
type ContactPage = Array<{ id: string; email: string; name: string; lastName: string }>;
const MAILCHIMP_RESYNC = 'mailchimp-resync';
interface ResyncJob {
  tenantId: string;
  listId: string;
}

/** A failure whose message may be shown (Mailchimp's answer); anything else is logged and summarised. */
class ResyncFailure extends Error {}

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
