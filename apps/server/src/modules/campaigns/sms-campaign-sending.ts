import { smsSegments, smsText } from '@atrium/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { readTenant, withTenant } from '../../db/client.ts';
import { smsCampaignRecipients, smsCampaigns } from '../../db/schema/index.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { CredentialVault, credentialsKey } from '../integrations/vault.ts';
import { accountOf } from '../sms/sms-outbox.ts';
import { SmsSendError, sendSms } from '../sms/sms-providers.ts';
import { rowsOf } from './campaign-audience.ts';
import { smsSettingsOf } from './sms-campaign-audience.ts';

// Sending an SMS campaign (docs/decisions/campaigns.md "SMS campaigns"): pages of the studio's
// pageSize with its pageWaitTime between them, one job per page. A page claims its rows (pending ->
// sending) in one transaction before it calls the provider, then marks each sent, failed or back to
// pending; a crash leaves claimed rows 'sending', which the next page marks 'unconfirmed' and never
// texts again: at most once, as a text cannot be unsent.

export const SMS_CAMPAIGN_PAGE_QUEUE = 'sms-campaign-page';
const SMS_CAMPAIGN_SWEEP_QUEUE = 'sms-campaign-sweep';
/** A claimed row older than this was claimed by a page that died (a page takes far less). */
export const SMS_CLAIM_STALE_MS = 15 * 60_000;

export interface SmsCampaignJob {
  tenantId: string;
  campaignId: string;
}

export interface SmsCampaignOptions {
  /** How long one minute of the page wait lasts (tests and the browser run shorten it). */
  minuteMs?: number;
}

const minuteMsOf = new WeakMap<Platform, number>();

/** Queues the campaign's next page, not before `at` (one queued page per campaign). */
export async function queuePage(platform: Platform, job: SmsCampaignJob, at?: Date): Promise<void> {
  await platform.jobs.send(SMS_CAMPAIGN_PAGE_QUEUE, job, {
    singletonKey: job.campaignId,
    ...(at && at.getTime() > Date.now() ? { startAfter: at } : {}),
  });
}

const whereCampaign = ({ tenantId, campaignId }: SmsCampaignJob) =>
  and(eq(smsCampaigns.tenantId, tenantId), eq(smsCampaigns.id, campaignId));
const whereRecipient = ({ tenantId, campaignId }: SmsCampaignJob, contactId: string) =>
  and(
    eq(smsCampaignRecipients.tenantId, tenantId),
    eq(smsCampaignRecipients.campaignId, campaignId),
    eq(smsCampaignRecipients.contactId, contactId),
  );

async function pause(platform: Platform, job: SmsCampaignJob, reason: string): Promise<void> {
  await withTenant(platform.db, job.tenantId, (tx) =>
    tx
      .update(smsCampaigns)
      .set({ status: 'paused', pausedReason: reason.slice(0, 500), nextPageAt: null, updatedAt: new Date() })
      .where(and(whereCampaign(job), eq(smsCampaigns.status, 'sending'))),
  );
}

interface Claimed {
  contact_id: string;
  phone: string;
  first_name: string;
  last_name: string;
}

/**
 * Claims the next page: rows a dead page left 'sending' become 'unconfirmed', opted-out numbers are
 * skipped, then up to pageSize pending rows are taken (FOR UPDATE SKIP LOCKED). Empty when the
 * campaign is not sending or a live page holds rows.
 */
export async function claimPage(platform: Platform, job: SmsCampaignJob, now: Date): Promise<Claimed[]> {
  const { tenantId, campaignId } = job;
  return withTenant(platform.db, tenantId, async (tx) => {
    const [campaign] = await tx.select().from(smsCampaigns).where(whereCampaign(job)).for('update');
    if (campaign?.status !== 'sending') return [];
    const stale = new Date(now.getTime() - SMS_CLAIM_STALE_MS).toISOString();
    await tx.execute(sql`update sms_campaign_recipients set status = 'unconfirmed',
        error = 'The page sending this text stopped before the provider answered; not sent again.'
      where tenant_id = ${tenantId}::uuid and campaign_id = ${campaignId}::uuid
        and status = 'sending' and claimed_at < ${stale}::timestamptz`);
    const [live] = await rowsOf<{ n: number }>(
      tx,
      sql`select count(*)::int as n from sms_campaign_recipients
        where tenant_id = ${tenantId}::uuid and campaign_id = ${campaignId}::uuid and status = 'sending'`,
    );
    if (Number(live?.n ?? 0) > 0) return [];
    await tx.execute(sql`update sms_campaign_recipients r set status = 'skipped', error = 'Opted out (STOP)'
      where r.tenant_id = ${tenantId}::uuid and r.campaign_id = ${campaignId}::uuid and r.status = 'pending'
        and exists (select 1 from sms_opt_outs o where o.tenant_id = r.tenant_id and o.phone = r.phone)`);
    const page = campaign.pagesSent + 1;
    const rows = await rowsOf<Claimed>(
      tx,
      sql`with pick as (select contact_id from sms_campaign_recipients
            where tenant_id = ${tenantId}::uuid and campaign_id = ${campaignId}::uuid and status = 'pending'
            order by contact_id limit ${campaign.pageSize} for update skip locked)
      update sms_campaign_recipients r set status = 'sending', claimed_at = ${now.toISOString()}::timestamptz, page = ${page}
      from pick
      where r.tenant_id = ${tenantId}::uuid and r.campaign_id = ${campaignId}::uuid and r.contact_id = pick.contact_id
      returning r.contact_id, r.phone, r.first_name, r.last_name`,
    );
    if (rows.length > 0) {
      await tx.update(smsCampaigns).set({ pagesSent: page, updatedAt: now }).where(whereCampaign(job));
    }
    return rows;
  });
}

/** The status callback the provider posts a text's delivery to, on the studio's own address. */
export function statusUrlOf(
  platform: Platform,
  tenant: { orgId: string; customDomain: string | null },
  provider: 'twilio' | 'plivo',
) {
  return `${tenantOrigin(platform.config, tenant)}/webhooks/sms/${provider}/status`;
}

/**
 * One page: claimed, sent one by one through the studio's provider, then the next page is queued
 * after the page wait, or the campaign is marked sent. A provider that refuses the account or does
 * not answer pauses the campaign with the reason; the rows it did not take go back to pending.
 */
export async function sendSmsPage(platform: Platform, job: SmsCampaignJob): Promise<number> {
  const tenant = await platform.tenants.byId(job.tenantId);
  if (!tenant) return 0;
  const now = platform.clock.now();
  const campaign = await readTenant(platform.db, job.tenantId, async (tx) => {
    const [row] = await tx.select().from(smsCampaigns).where(whereCampaign(job));
    return row;
  });
  if (campaign?.status !== 'sending') return 0;
  // Early (a sweep's or a retry's job): wait for the page's time.
  if (campaign.nextPageAt && campaign.nextPageAt.getTime() > now.getTime() + 1_000) {
    await queuePage(platform, job, new Date(Date.now() + (campaign.nextPageAt.getTime() - now.getTime())));
    return 0;
  }
  const vault = new CredentialVault(await credentialsKey(platform.db, platform.config));
  const account = await accountOf(platform, vault, job.tenantId);
  if (!account) {
    await pause(platform, job, 'No SMS provider connected: connect Twilio or Plivo, then resume.');
    return 0;
  }
  const settings = await readTenant(platform.db, job.tenantId, (tx) => smsSettingsOf(tx, job.tenantId));
  const claimed = await claimPage(platform, job, now);
  const statusUrl = statusUrlOf(platform, tenant, account.provider);
  let sent = 0;
  for (const [index, row] of claimed.entries()) {
    const text = smsText(
      campaign.body,
      { firstName: row.first_name, lastName: row.last_name, studioName: tenant.name },
      settings.footer,
    );
    try {
      const id = await sendSms(platform.config.providerUrls, account, row.phone, text, statusUrl);
      sent += 1;
      await withTenant(platform.db, job.tenantId, (tx) =>
        tx
          .update(smsCampaignRecipients)
          .set({
            status: 'sent',
            providerMessageId: id || null,
            sentAt: platform.clock.now(),
            segments: smsSegments(text).segments,
          })
          .where(whereRecipient(job, row.contact_id)),
      );
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const refusedAccount = /^status (401|403)\b/.test(message);
      if (error instanceof SmsSendError && !error.retryable && !refusedAccount) {
        // The provider refused this number: final for this one, the page goes on.
        await withTenant(platform.db, job.tenantId, (tx) =>
          tx
            .update(smsCampaignRecipients)
            .set({ status: 'failed', error: message })
            .where(whereRecipient(job, row.contact_id)),
        );
        continue;
      }
      // No answer in time: the provider may have taken it, so it is not sent again.
      const unsure = error instanceof SmsSendError && message === 'no answer in time';
      const rest = claimed.slice(unsure ? index + 1 : index).map((r) => r.contact_id);
      await withTenant(platform.db, job.tenantId, async (tx) => {
        if (unsure) {
          await tx
            .update(smsCampaignRecipients)
            .set({ status: 'unconfirmed', error: message })
            .where(whereRecipient(job, row.contact_id));
        }
        for (const contactId of rest) {
          await tx
            .update(smsCampaignRecipients)
            .set({ status: 'pending', claimedAt: null, page: null })
            .where(and(whereRecipient(job, contactId), eq(smsCampaignRecipients.status, 'sending')));
        }
      });
      const who = account.provider === 'twilio' ? 'Twilio' : 'Plivo';
      await pause(
        platform,
        job,
        refusedAccount
          ? `${who} refused the account (${message}): check the keys in Settings > Integrations, then resume.`
          : `${who} did not take the texts (${message}): resume to carry on; nobody is texted twice.`,
      );
      return sent;
    }
  }
  await afterPage(platform, job);
  return sent;
}

/** Marks the campaign sent when nothing is pending, else schedules the next page after the wait. */
async function afterPage(platform: Platform, job: SmsCampaignJob): Promise<void> {
  const minuteMs = minuteMsOf.get(platform) ?? 60_000;
  const next = await withTenant(platform.db, job.tenantId, async (tx) => {
    const [campaign] = await tx.select().from(smsCampaigns).where(whereCampaign(job)).for('update');
    if (campaign?.status !== 'sending') return null;
    const [left] = await rowsOf<{ n: number }>(
      tx,
      sql`select count(*)::int as n from sms_campaign_recipients where tenant_id = ${job.tenantId}::uuid
        and campaign_id = ${job.campaignId}::uuid and status in ('pending', 'sending')`,
    );
    const now = platform.clock.now();
    if (Number(left?.n ?? 0) === 0) {
      await tx
        .update(smsCampaigns)
        .set({ status: 'sent', finishedAt: now, nextPageAt: null, updatedAt: now })
        .where(whereCampaign(job));
      return null;
    }
    const waitMs = campaign.pageWaitMinutes * minuteMs;
    const at = new Date(now.getTime() + waitMs);
    await tx.update(smsCampaigns).set({ nextPageAt: at, updatedAt: now }).where(whereCampaign(job));
    return new Date(Date.now() + waitMs);
  });
  if (next) await queuePage(platform, job, next);
}

/** The minute sweep: a sending campaign whose page is overdue (its job lost with a dead worker) gets it again. */
export async function sweepSmsCampaigns(platform: Platform): Promise<number> {
  const now = platform.clock.now();
  const overdue = await platform.db
    .select({ tenantId: smsCampaigns.tenantId, campaignId: smsCampaigns.id })
    .from(smsCampaigns)
    .where(
      and(
        eq(smsCampaigns.status, 'sending'),
        sql`coalesce(${smsCampaigns.nextPageAt}, ${smsCampaigns.startedAt}) <= ${new Date(now.getTime() - 60_000).toISOString()}::timestamptz`,
      ),
    )
    .limit(100);
  for (const job of overdue) await queuePage(platform, job);
  return overdue.length;
}

const registered = new WeakSet<Platform>();

export function registerSmsCampaignJobs(platform: Platform, options: SmsCampaignOptions = {}): void {
  if (options.minuteMs !== undefined) minuteMsOf.set(platform, options.minuteMs);
  if (registered.has(platform)) return;
  registered.add(platform);
  platform.jobs.register<SmsCampaignJob>(
    SMS_CAMPAIGN_PAGE_QUEUE,
    async (job) => void (await sendSmsPage(platform, job)),
    { policy: 'short', retryLimit: 3, retryDelaySeconds: 30, batchSize: 2 },
  );
  platform.jobs.register(SMS_CAMPAIGN_SWEEP_QUEUE, async () => void (await sweepSmsCampaigns(platform)), {
    retryLimit: 0,
  });
  platform.jobs.schedule(SMS_CAMPAIGN_SWEEP_QUEUE, '* * * * *');
}

/** Sets how long a minute of the page wait lasts on this platform (tests). */
export function setSmsPageMinute(platform: Platform, minuteMs: number): void {
  minuteMsOf.set(platform, minuteMs);
}
