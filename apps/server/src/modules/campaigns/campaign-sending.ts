import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { CampaignAudience, type CampaignSendVia, classTimeLabel } from '@atrium/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { readTenant, type Tx, withTenant } from '../../db/client.ts';
import { campaigns } from '../../db/schema/index.ts';
import type { Platform } from '../../platform.ts';
import { enqueueEmails } from '../mail/outbox.ts';
import { materialiseRecipients, rowsOf } from './campaign-audience.ts';
import { campaignEmail, type Person, prepareCampaignBody, unsubscribeSigner, unsubscribeUrl } from './campaign-mail.ts';
import { heldByMailchimp, markMailchimpScheduledSent, runMailchimpCampaign } from './campaign-mailchimp.ts';
import { registerMailchimpReportJobs } from './campaign-mailchimp-report.ts';
import type { PreparedBody } from './campaign-render.ts';
import {
  type ApiEmail,
  type ApiSender,
  apiSenderFor,
  defaultProvider,
  ProviderUnavailable,
  type SendOutcome,
} from './campaign-senders.ts';
import { type Tracker, trackerFor } from './campaign-tracking.ts';

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
/** Brevo calls in flight at once within a batch (one call per recipient). */
const BREVO_PARALLEL = 16;
/** Sends with no answer tried again (with their key, 1 s then 2 s later) before the campaign pauses. */
const NO_ANSWER_TRIES = 2;
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

interface Claimed extends PersonColumns {
  contact_id: string;
  email: string;
  first_name: string;
  last_name: string;
}

/** A recipient's membership and next class, as read beside them (see `personColumns`). */
export interface PersonColumns {
  membership: string | null;
  next_class_name: string | null;
  next_class_at: Date | string | null;
}

/**
 * The merge fields read from the studio's records for a contact (`contact` is a SQL reference to its
 * id): the name of its running membership (a gift is not one), and its next booked class that has not
 * started, with its start.
 */
export function personColumns(tenantId: string, contact: SQL, now: Date): SQL {
  return sql`(select s.name from subscriptions s
      where s.tenant_id = ${tenantId}::uuid and s.contact_id = ${contact}
        and s.membership_type <> 'donation' and s.status in ('trialing', 'active', 'past_due', 'paused')
      order by s.created_at desc limit 1) as membership,
    (select cr.name from class_bookings b
      join class_sessions cs on cs.tenant_id = b.tenant_id and cs.id = b.session_id
      join class_rules cr on cr.tenant_id = cs.tenant_id and cr.id = cs.rule_id
      where b.tenant_id = ${tenantId}::uuid and b.contact_id = ${contact} and b.status = 'booked'
        and cs.status = 'scheduled' and cs.starts_at > ${now.toISOString()}::timestamptz
      order by cs.starts_at limit 1) as next_class_name,
    (select cs.starts_at from class_bookings b
      join class_sessions cs on cs.tenant_id = b.tenant_id and cs.id = b.session_id
      where b.tenant_id = ${tenantId}::uuid and b.contact_id = ${contact} and b.status = 'booked'
        and cs.status = 'scheduled' and cs.starts_at > ${now.toISOString()}::timestamptz
      order by cs.starts_at limit 1) as next_class_at`;
}

/** A recipient's own merge fields: names, membership, and next class with its start in the studio's zone. */
export function personOf(row: PersonColumns & { first_name: string; last_name: string }, timeZone: string): Person {
  const at = row.next_class_at ? new Date(row.next_class_at) : null;
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    membership: row.membership ?? '',
    nextClass: row.next_class_name && at ? `${row.next_class_name}, ${classTimeLabel(at, timeZone)}` : '',
  };
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
    const rows = await rowsOf<Claimed>(
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
      from (select unnest(${textArrayOf(emails.map((e) => e.contactId))}::uuid[]) as contact_id,
                   unnest(${textArrayOf(emails.map((e) => e.id))}::uuid[]) as email_id) v
      where r.tenant_id = ${tenantId}::uuid and r.campaign_id = ${campaignId}::uuid and r.contact_id = v.contact_id`);
    return rows.length;
  });
}

type Signer = Awaited<ReturnType<typeof unsubscribeSigner>>;
type Tenant = NonNullable<Awaited<ReturnType<Platform['tenants']['byId']>>>;

/** One recipient's email: their merge fields, their unsubscribe link, and (tracking on) the image and links. */
function recipientEmail(
  platform: Platform,
  tenant: Tenant,
  campaign: typeof campaigns.$inferSelect,
  prepared: PreparedBody,
  row: Claimed,
  sign: Signer,
  tracker: Tracker | null,
) {
  const target = { campaignId: campaign.id, contactId: row.contact_id };
  const email = campaignEmail(
    platform,
    tenant,
    campaign,
    prepared,
    row.email,
    personOf(row, tenant.settings.timezone),
    unsubscribeUrl(platform, tenant, sign(tenant.tenantId, target)),
  );
  return tracker && email.html ? { ...email, html: tracker.track(email.html, target) } : email;
}

/** A Postgres text[] from parameters. */
function textArrayOf(values: string[]) {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
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

interface ApiClaimed extends Claimed {
  send_key: string;
  /** The key the row already had: it was claimed before and its send was never confirmed. */
  old_key: string | null;
}

interface Result {
  contactId: string;
  outcome: SendOutcome | null;
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
  const rows = await withTenant(platform.db, tenantId, async (tx) => {
    const [locked] = await tx
      .select({ status: campaigns.status })
      .from(campaigns)
      .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, campaignId)))
      .for('share');
    if (locked?.status !== 'sending') return [];
    return rowsOf<ApiClaimed>(
      tx,
      // Rows left claimed past their lease (a dead worker's) first, then pending ones. No ORDER BY,
      // and the update also names the picked ids as an array: with the statistics of a table just
      // filled (50,000 rows) the planner otherwise joined the pick to every row of the campaign (3.6 s
      // a batch, bench:campaigns); this way a batch is claimed in milliseconds.
      sql`with stale as (select contact_id, send_key as old_key from campaign_recipients
            where tenant_id = ${tenantId}::uuid and campaign_id = ${campaignId}::uuid and status = 'claimed'
              and claimed_at < now() - make_interval(secs => ${CLAIM_LEASE_SECONDS})
            limit ${size} for update skip locked),
        fresh as (select contact_id, send_key as old_key from campaign_recipients
            where tenant_id = ${tenantId}::uuid and campaign_id = ${campaignId}::uuid and status = 'pending'
            limit ${size} for update skip locked),
        pick as (select * from (select * from stale union all select * from fresh) both_kinds limit ${size})
      update campaign_recipients r set status = 'claimed', claimed_at = now(),
        send_key = coalesce(r.send_key, gen_random_uuid())
      from pick
      where r.tenant_id = ${tenantId}::uuid and r.campaign_id = ${campaignId}::uuid and r.contact_id = pick.contact_id
        and r.contact_id = any(array(select contact_id from pick))
      returning r.contact_id, r.email, r.first_name, r.last_name, r.send_key, pick.old_key,
        ${personColumns(tenantId, sql`r.contact_id`, platform.clock.now())}`,
    );
  });
  if (rows.length === 0) return { claimed: 0, stopped: null };

  const results: Result[] = [];
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

  // Sent in parallel (Brevo) or one by one (a mailbox); a rate limit holds every call until its reset.
  let stopped: string | null = null;
  let notBefore = 0;
  const parallel = sender.provider === 'brevo' ? BREVO_PARALLEL : 1;
  const work = async () => {
    for (;;) {
      const next = queue.shift();
      if (!next || stopped !== null) {
        if (next) results.push({ contactId: next.row.contact_id, outcome: null });
        if (!next) return;
        continue;
      }
      let tries = 0;
      for (;;) {
        const wait = notBefore - Date.now();
        if (wait > 0) await sleep(wait);
        if (stopped !== null) {
          results.push({ contactId: next.row.contact_id, outcome: null });
          break;
        }
        const outcome = await sender.send(next.email);
        if (outcome.kind === 'wait') {
          notBefore = Math.max(notBefore, Date.now() + outcome.seconds * 1000);
          continue;
        }
        // No answer through a provider that dedupes by key: tried again (same key) before pausing.
        if (outcome.kind === 'stopped' && outcome.inDoubt && sender.resendsSafely && tries < NO_ANSWER_TRIES) {
          tries += 1;
          await sleep(500 * 2 ** tries);
          continue;
        }
        if (outcome.kind === 'stopped') stopped ??= outcome.reason;
        results.push({ contactId: next.row.contact_id, outcome });
        break;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, queue.length || 1) }, work));
  await recordResults(platform, job, sender, results, stopped);
  return { claimed: rows.length, stopped };
}

/** Writes a batch's outcomes, and pauses the campaign when its provider stopped. */
async function recordResults(
  platform: Platform,
  job: CampaignJob,
  sender: ApiSender,
  results: Result[],
  stopped: string | null,
): Promise<void> {
  const { tenantId, campaignId } = job;
  const sent = results.flatMap((r) =>
    r.outcome?.kind === 'sent' ? [{ id: r.contactId, v: r.outcome.messageId }] : [],
  );
  const failed = results.flatMap((r) =>
    r.outcome?.kind === 'refused' ? [{ id: r.contactId, v: r.outcome.message }] : [],
  );
  // Not sent: back to pending. A send with no answer keeps its key, so a provider that dedupes by
  // key (Brevo) sends it once; a mailbox cannot tell, so that one recipient is failed, not retried.
  const inDoubt = results.filter((r) => r.outcome?.kind === 'stopped' && r.outcome.inDoubt);
  const back = results.filter(
    (r) => r.outcome === null || (r.outcome.kind === 'stopped' && (sender.resendsSafely || !r.outcome.inDoubt)),
  );
  if (!sender.resendsSafely) {
    for (const r of inDoubt) failed.push({ id: r.contactId, v: 'No answer from the mailbox; not sent again.' });
  }
  const now = platform.clock.now();
  await withTenant(platform.db, tenantId, async (tx) => {
    const where = sql`r.tenant_id = ${tenantId}::uuid and r.campaign_id = ${campaignId}::uuid and r.contact_id = v.contact_id`;
    if (sent.length > 0) {
      await tx.execute(sql`update campaign_recipients r set status = 'sent', message_id = v.value, sent_at = now()
        from (select unnest(${textArrayOf(sent.map((s) => s.id))}::uuid[]) as contact_id,
                     unnest(${textArrayOf(sent.map((s) => s.v))}) as value) v where ${where}`);
    }
    if (failed.length > 0) {
      await tx.execute(sql`update campaign_recipients r set status = 'failed', last_error = v.value
        from (select unnest(${textArrayOf(failed.map((s) => s.id))}::uuid[]) as contact_id,
                     unnest(${textArrayOf(failed.map((s) => s.v.slice(0, 500)))}) as value) v where ${where}`);
    }
    if (back.length > 0) {
      // Back to pending; in a campaign cancelled meanwhile, skipped like its other pending rows.
      await tx.execute(sql`update campaign_recipients r set
          status = case when c.status = 'cancelled' then 'skipped' else 'pending' end,
          send_key = ${sender.resendsSafely ? sql`r.send_key` : sql`null`}
        from (select unnest(${textArrayOf(back.map((s) => s.contactId))}::uuid[]) as contact_id) v, campaigns c
        where ${where} and c.tenant_id = r.tenant_id and c.id = r.campaign_id`);
    }
    if (stopped !== null) {
      await tx
        .update(campaigns)
        .set({ status: 'paused', pausedReason: stopped.slice(0, 500), updatedAt: now })
        .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, campaignId), eq(campaigns.status, 'sending')));
    }
  });
}

/**
 * The minute job: scheduled campaigns that are due start sending, and a sending campaign with
 * pending recipients (its worker died) gets its batch job again. Across tenants, on the owner connection.
 */
export async function runDueCampaigns(platform: Platform): Promise<number> {
  const now = platform.clock.now();
  const due = await platform.db
    .select({
      tenantId: campaigns.tenantId,
      campaignId: campaigns.id,
      status: campaigns.status,
      provider: campaigns.provider,
      startedAt: campaigns.startedAt,
    })
    .from(campaigns)
    .where(and(eq(campaigns.status, 'scheduled'), sql`${campaigns.scheduledAt} <= ${now.toISOString()}::timestamptz`))
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
