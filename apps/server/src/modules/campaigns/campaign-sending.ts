import { randomUUID } from 'node:crypto';
import { CampaignAudience, classTimeLabel } from '@atrium/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { readTenant, type Tx, withTenant } from '../../db/client.ts';
import { campaigns } from '../../db/schema/index.ts';
import type { Platform } from '../../platform.ts';
import { enqueueEmails } from '../mail/outbox.ts';
import { materialiseRecipients, rowsOf } from './campaign-audience.ts';
import { campaignEmail, type Person, prepareCampaignBody, unsubscribeSigner, unsubscribeUrl } from './campaign-mail.ts';

// Sending (docs/decisions/campaigns.md "Sending once"): the recipients are made once when sending
// starts; then the batch job claims pending rows with FOR UPDATE SKIP LOCKED and writes their outbox
// emails in the same transaction, so a crash either keeps both or neither, and two workers never
// claim one row. The outbox sends each email once (its job id is the email's id).

export const CAMPAIGN_BATCH_QUEUE = 'campaign-batch';
export const CAMPAIGN_DUE_QUEUE = 'campaign-due';
/** Recipients claimed per transaction. */
export const CAMPAIGN_BATCH_SIZE = 100;

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
): Promise<number> {
  const total = await materialiseRecipients(tx, tenantId, campaignId, audience, now);
  await tx
    .update(campaigns)
    .set({ status: 'sending', startedAt: now, total, updatedAt: now })
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
      .select({ bodyHtml: campaigns.bodyHtml, bodyMjml: campaigns.bodyMjml, status: campaigns.status })
      .from(campaigns)
      .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, campaignId)));
    return row;
  });
  if (message?.status !== 'sending') return 0;
  const prepared = await prepareCampaignBody(platform, tenant, message);
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
            order by contact_id limit ${size} for update skip locked)
      update campaign_recipients r set status = 'queued', claimed_at = now()
      from pick
      where r.tenant_id = ${tenantId}::uuid and r.campaign_id = ${campaignId}::uuid and r.contact_id = pick.contact_id
      returning r.contact_id, r.email, r.first_name, r.last_name,
        ${personColumns(tenantId, sql`r.contact_id`, platform.clock.now())}`,
    );
    if (rows.length === 0) return 0;
    const emails = rows.map((row) => {
      const token = sign(tenantId, { campaignId, contactId: row.contact_id });
      const email = campaignEmail(
        platform,
        tenant,
        campaign,
        prepared,
        row.email,
        personOf(row, tenant.settings.timezone),
        unsubscribeUrl(platform, tenant, token),
      );
      return { ...email, id: randomUUID(), contactId: row.contact_id };
    });
    await enqueueEmails(tx, tenantId, emails);
    await tx.execute(sql`update campaign_recipients r set email_id = v.email_id
      from (select unnest(${textArrayOf(emails.map((e) => e.contactId))}::uuid[]) as contact_id,
                   unnest(${textArrayOf(emails.map((e) => e.id))}::uuid[]) as email_id) v
      where r.tenant_id = ${tenantId}::uuid and r.campaign_id = ${campaignId}::uuid and r.contact_id = v.contact_id`);
    return rows.length;
  });
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
            and r.campaign_id = ${job.campaignId}::uuid and r.status = 'pending')`,
        ),
      ),
  );
}

/** The batch job: batch after batch, each sent through the outbox before the next; stops when cancelled. */
export async function runCampaignBatches(platform: Platform, job: CampaignJob, size = CAMPAIGN_BATCH_SIZE) {
  for (;;) {
    const claimed = await sendOneBatch(platform, job, size);
    if (claimed > 0) await platform.outbox.kick();
    if (claimed < size) break;
  }
  await finishIfDone(platform, job);
}

/**
 * The minute job: scheduled campaigns that are due start sending, and a sending campaign with
 * pending recipients (its worker died) gets its batch job again. Across tenants, on the owner connection.
 */
export async function runDueCampaigns(platform: Platform): Promise<number> {
  const now = platform.clock.now();
  const due = await platform.db
    .select({ tenantId: campaigns.tenantId, campaignId: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.status, 'scheduled'), sql`${campaigns.scheduledAt} <= ${now.toISOString()}::timestamptz`))
    .limit(100);
  for (const job of due) {
    const started = await withTenant(platform.db, job.tenantId, async (tx) => {
      const [campaign] = await tx
        .select()
        .from(campaigns)
        .where(and(eq(campaigns.tenantId, job.tenantId), eq(campaigns.id, job.campaignId)))
        .for('update');
      if (campaign?.status !== 'scheduled') return false;
      await beginSending(tx, job.tenantId, job.campaignId, CampaignAudience.parse(campaign.audience), now);
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
          and r.campaign_id = ${campaigns.id} and r.status = 'pending')`,
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
}
