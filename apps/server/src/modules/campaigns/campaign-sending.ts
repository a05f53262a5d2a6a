import { randomUUID } from 'node:crypto';
import { CampaignAudience, type CampaignSendVia } from '@atrium/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { readTenant, type Tx, withTenant } from '../../db/client.ts';
import { campaigns } from '../../db/schema/index.ts';
import type { Platform } from '../../platform.ts';
import { textArray } from '../contacts/contact-list.repo.ts';
import { enqueueEmails } from '../mail/outbox.ts';
import { type ApiClaimed, claimApiRows, recordResults, type SendResult, sendQueued } from './campaign-api-sends.ts';
import { materialiseRecipients, rowsOf } from './campaign-audience.ts';
import { prepareCampaignBody, unsubscribeSigner } from './campaign-mail.ts';
import { markMailchimpScheduledSent, runMailchimpCampaign } from './campaign-mailchimp.ts';
import { heldByMailchimp } from './campaign-mailchimp-account.ts';
import { registerMailchimpReportJobs } from './campaign-mailchimp-report.ts';
import { type ClaimedRecipient, personColumns, recipientEmail } from './campaign-recipients.ts';
import {
  type ApiEmail,
  type ApiSender,
  apiSenderFor,
  defaultProvider,
  ProviderUnavailable,
} from './campaign-senders.ts';
import { trackerFor } from './campaign-tracking.ts';

// Sending (docs/decisions/campaigns.md "Sending once"): the recipients are made once when sending
// starts; then the batch job claims pending rows with FOR UPDATE SKIP LOCKED and writes their outbox
// emails in the same transaction, so a crash either keeps both or neither, and two workers never
// claim one row. The outbox sends each email once (its job id is the email's id).

export const CAMPAIGN_BATCH_QUEUE = 'campaign-batch';
export const CAMPAIGN_DUE_QUEUE = 'campaign-due';
/** Recipients claimed per transaction. */
export const CAMPAIGN_BATCH_SIZE = 100;
/** A mailbox sends one by one, in small batches (a crash leaves at most this many in doubt). */
export const MAILBOX_BATCH_SIZE = 10;
/** A claimed row whose worker has not reported for this long is taken again (the worker died). */
export const CLAIM_LEASE_SECONDS = 120;

export interface CampaignJob {
  tenantId: string;
  campaignId: string;
}

/**
 * Turns a draft or scheduled campaign into a sending one: its recipients made once, its total kept.
 * Inside the caller's transaction (with the campaign row locked by the caller).
 */
export async function beginSending(
  tx: Tx,
  tenantId: string,
  campaignId: string,
  audience: CampaignAudience,
  now: Date,
  provider: CampaignSendVia | null = null,
): Promise<number> {
  const total = await materialiseRecipients(tx, tenantId, campaignId, audience, now);
  // The studio's default is fixed when sending starts: a campaign goes out through one provider.
  const via = provider ?? (await defaultProvider(tx, tenantId));
  await tx
    .update(campaigns)
    .set({ status: 'sending', startedAt: now, total, provider: via, pausedReason: '', updatedAt: now })
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, campaignId)));
  return total;
}

/** Queues the batch job of a sending campaign (one queued job per campaign however often it is asked). */
export async function queueBatches(platform: Platform, job: CampaignJob): Promise<void> {
  await platform.jobs.send(CAMPAIGN_BATCH_QUEUE, job, { singletonKey: job.campaignId });
}

/**
 * Claims one batch of pending recipients and writes their emails; answers how many it claimed
 * (0: none left, or the campaign is no longer sending).
 */
export async function sendOneBatch(platform: Platform, job: CampaignJob, size = CAMPAIGN_BATCH_SIZE): Promise<number> {
  const tenant = await platform.tenants.byId(job.tenantId);
  if (!tenant) return 0;
  const { tenantId, campaignId } = job;
  const sign = await unsubscribeSigner(platform);
  // The design is rendered before the transaction (mjml takes a while; PGlite has one connection).
  const message = await readTenant(platform.db, tenantId, async (tx) => {
    const [row] = await tx
      .select({
        bodyHtml: campaigns.bodyHtml,
        bodyMjml: campaigns.bodyMjml,
        status: campaigns.status,
        tracking: campaigns.tracking,
      })
      .from(campaigns)
      .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, campaignId)));
    return row;
  });
  if (message?.status !== 'sending') return 0;
  const prepared = await prepareCampaignBody(platform, tenant, message);
  const tracker = message.tracking ? await trackerFor(platform, tenant) : null;
  return withTenant(platform.db, tenantId, async (tx) => {
    // A shared lock: a cancel (which takes the row for update) waits for this batch, or this batch for it.
    const [campaign] = await tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, campaignId)))
      .for('share');
    if (campaign?.status !== 'sending') return 0;
    const rows = await rowsOf<ClaimedRecipient>(
      tx,
      sql`with pick as (select contact_id from campaign_recipients
            where tenant_id = ${tenantId}::uuid and campaign_id = ${campaignId}::uuid and status = 'pending'
            limit ${size} for update skip locked)
      update campaign_recipients r set status = 'queued', claimed_at = now()
      from pick
      where r.tenant_id = ${tenantId}::uuid and r.campaign_id = ${campaignId}::uuid and r.contact_id = pick.contact_id
        and r.contact_id = any(array(select contact_id from pick))
      returning r.contact_id, r.email, r.first_name, r.last_name,
        ${personColumns(tenantId, sql`r.contact_id`, platform.clock.now())}`,
    );
    if (rows.length === 0) return 0;
    const emails = rows.map((row) => ({
      ...recipientEmail(platform, tenant, campaign, prepared, row, sign, tracker),
      id: randomUUID(),
      contactId: row.contact_id,
    }));
    await enqueueEmails(tx, tenantId, emails);
    await tx.execute(sql`update campaign_recipients r set email_id = v.email_id
      from (select unnest(${textArray(emails.map((e) => e.contactId))}::uuid[]) as contact_id,
                   unnest(${textArray(emails.map((e) => e.id))}::uuid[]) as email_id) v
      where r.tenant_id = ${tenantId}::uuid and r.campaign_id = ${campaignId}::uuid and r.contact_id = v.contact_id`);
    return rows.length;
  });
}

/** Marks a sending campaign sent once nothing is left pending. */
async function finishIfDone(platform: Platform, job: CampaignJob): Promise<void> {
  const now = platform.clock.now();
  await withTenant(platform.db, job.tenantId, (tx) =>
    tx
      .update(campaigns)
      .set({ status: 'sent', finishedAt: now, updatedAt: now })
      .where(
        and(
          eq(campaigns.tenantId, job.tenantId),
          eq(campaigns.id, job.campaignId),
          eq(campaigns.status, 'sending'),
          sql`not exists (select 1 from campaign_recipients r where r.tenant_id = ${job.tenantId}::uuid
            and r.campaign_id = ${job.campaignId}::uuid and r.status in ('pending', 'claimed'))`,
        ),
      ),
  );
}

/**
 * The batch job: batch after batch, each sent (SMTP: through the outbox; Brevo or a mailbox: through
 * its API) before the next; stops when cancelled or paused.
 */
export async function runCampaignBatches(platform: Platform, job: CampaignJob, size = CAMPAIGN_BATCH_SIZE) {
  const [campaign] = await readTenant(platform.db, job.tenantId, (tx) =>
    tx
      .select({ provider: campaigns.provider, mailboxId: campaigns.mailboxId, status: campaigns.status })
      .from(campaigns)
      .where(and(eq(campaigns.tenantId, job.tenantId), eq(campaigns.id, job.campaignId))),
  );
  if (campaign?.status !== 'sending') return;
  if (campaign.provider === 'mailchimp') {
    // One Mailchimp campaign to a segment of every recipient (campaign-mailchimp.ts); it records its own end.
    await runMailchimpCampaign(platform, job, CLAIM_LEASE_SECONDS);
    return;
  }
  if (campaign.provider && campaign.provider !== 'smtp') {
    let sender: ApiSender;
    try {
      sender = await apiSenderFor(platform, job.tenantId, campaign.provider, campaign.mailboxId);
    } catch (error) {
      if (!(error instanceof ProviderUnavailable)) throw error;
      await pause(platform, job, error.message);
      return;
    }
    const batch = sender.provider === 'mailbox' ? Math.min(size, MAILBOX_BATCH_SIZE) : size;
    for (;;) {
      const { claimed, stopped } = await sendApiBatch(platform, job, sender, batch);
      if (stopped !== null || claimed === 0) break;
    }
  } else {
    for (;;) {
      const claimed = await sendOneBatch(platform, job, size);
      if (claimed > 0) await platform.outbox.kick();
      if (claimed < size) break;
    }
  }
  await finishIfDone(platform, job);
}

/** A sending campaign stops with the provider's reason; resume sends the rest. */
async function pause(platform: Platform, job: CampaignJob, reason: string): Promise<void> {
  const now = platform.clock.now();
  await withTenant(platform.db, job.tenantId, (tx) =>
    tx
      .update(campaigns)
      .set({ status: 'paused', pausedReason: reason.slice(0, 500), updatedAt: now })
      .where(
        and(eq(campaigns.tenantId, job.tenantId), eq(campaigns.id, job.campaignId), eq(campaigns.status, 'sending')),
      ),
  );
}

/**
 * One batch through a provider's API. The rows are claimed in one transaction (status claimed, a
 * lease, a send key kept for good), sent one call each outside any transaction, and their outcomes
 * written in another: sent with the provider's message id, failed (the provider refused the
 * address), or back to pending (not sent: the provider stopped before or on it). A row claimed again
 * after its worker died is sent again only through a provider that dedupes by key (Brevo); a
 * mailbox marks it failed rather than risk a second email.
 */
export async function sendApiBatch(
  platform: Platform,
  job: CampaignJob,
  sender: ApiSender,
  size: number,
): Promise<{ claimed: number; stopped: string | null }> {
  const tenant = await platform.tenants.byId(job.tenantId);
  if (!tenant) return { claimed: 0, stopped: null };
  const { tenantId, campaignId } = job;
  const sign = await unsubscribeSigner(platform);
  const campaign = await readTenant(platform.db, tenantId, async (tx) => {
    const [row] = await tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, campaignId)));
    return row;
  });
  if (campaign?.status !== 'sending') return { claimed: 0, stopped: null };
  const prepared = await prepareCampaignBody(platform, tenant, campaign);
  const tracker = campaign.tracking ? await trackerFor(platform, tenant) : null;
  const rows = await claimApiRows(platform, job, size, CLAIM_LEASE_SECONDS);
  if (rows.length === 0) return { claimed: 0, stopped: null };

  const results: SendResult[] = [];
  const queue: Array<{ row: ApiClaimed; email: ApiEmail }> = [];
  for (const row of rows) {
    if (row.old_key && !sender.resendsSafely) {
      results.push({
        contactId: row.contact_id,
        outcome: { kind: 'refused', message: 'Not confirmed by the mailbox before a restart; not sent again.' },
      });
      continue;
    }
    const email = recipientEmail(platform, tenant, campaign, prepared, row, sign, tracker);
    const toName = `${row.first_name} ${row.last_name}`.trim();
    queue.push({ row, email: { ...email, key: row.send_key, toName } });
  }

  const stopped = await sendQueued(sender, queue, results);
  await recordResults(platform, job, sender, results, stopped);
  return { claimed: rows.length, stopped };
}

/**
 * The minute job: scheduled campaigns that are due start sending, and a sending campaign with
 * pending recipients (its worker died) gets its batch job again. Across tenants, on the owner connection;
 * `tenants` narrows it to those studios (a test's own, so it never queues another test file's campaign
 * into this app's worker on a shared database).
 */
export async function runDueCampaigns(
  platform: Platform,
  options: { tenants?: readonly string[] } = {},
): Promise<number> {
  const now = platform.clock.now();
  const inScope = options.tenants ? inArray(campaigns.tenantId, [...options.tenants]) : undefined;
  const due = await platform.db
    .select({
      tenantId: campaigns.tenantId,
      campaignId: campaigns.id,
      status: campaigns.status,
      provider: campaigns.provider,
      startedAt: campaigns.startedAt,
    })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.status, 'scheduled'),
        sql`${campaigns.scheduledAt} <= ${now.toISOString()}::timestamptz`,
        inScope,
      ),
    )
    .limit(100);
  for (const { status, provider, startedAt, ...job } of due) {
    // Mailchimp holds it and sends it at its time: here it is only marked sent.
    if (heldByMailchimp({ status, provider, startedAt })) {
      await markMailchimpScheduledSent(platform, job.tenantId, job.campaignId);
      continue;
    }
    const started = await withTenant(platform.db, job.tenantId, async (tx) => {
      const [campaign] = await tx
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.tenantId, job.tenantId), eq(campaigns.id, job.campaignId)))
        .for('update');
      if (campaign?.status !== 'scheduled') return false;
      await beginSending(
        tx,
        job.tenantId,
        job.campaignId,
        CampaignAudience.parse(campaign.audience),
        now,
        campaign.provider,
      );
      return true;
    });
    if (started) await queueBatches(platform, job);
  }
  const stalled = await platform.db
    .select({ tenantId: campaigns.tenantId, campaignId: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.status, 'sending'),
        inScope,
        sql`exists (select 1 from campaign_recipients r where r.tenant_id = ${campaigns.tenantId}
          and r.campaign_id = ${campaigns.id} and (r.status = 'pending' or (r.status = 'claimed'
            and r.claimed_at < now() - make_interval(secs => ${CLAIM_LEASE_SECONDS}))))`,
      ),
    )
    .limit(100);
  for (const job of stalled) await queueBatches(platform, job);
  return due.length;
}

export function registerCampaignJobs(platform: Platform): void {
  platform.jobs.register<CampaignJob>(CAMPAIGN_BATCH_QUEUE, (job) => runCampaignBatches(platform, job), {
    policy: 'short',
    retryLimit: 5,
    retryDelaySeconds: 30,
    batchSize: 2,
  });
  platform.jobs.register(CAMPAIGN_DUE_QUEUE, async () => void (await runDueCampaigns(platform)), { retryLimit: 1 });
  platform.jobs.schedule(CAMPAIGN_DUE_QUEUE, '* * * * *');
  registerMailchimpReportJobs(platform);
}
