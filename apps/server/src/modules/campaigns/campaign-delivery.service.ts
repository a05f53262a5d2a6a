import {
  CAMPAIGN_MESSAGES,
  type Campaign,
  CampaignAudience,
  type CampaignSendVia,
  instantOfWallTime,
} from '@atrium/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { readTenant, type Tx, withTenant } from '../../db/client.ts';
import { campaignRecipients, campaigns } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { checkAudience, countAudience } from './campaign-audience.ts';
import { checkMailchimpMergeFields, checkQuarterHour, heldByMailchimp } from './campaign-mailchimp-account.ts';
import { unscheduleAtMailchimp } from './campaign-mailchimp-content.ts';
import { checkProvider, defaultProvider } from './campaign-senders.ts';
import { beginSending, queueBatches } from './campaign-sending.ts';
import { getCampaign } from './campaigns.service.ts';
import { type CampaignRow, checkMergeFields, conflict, findRow } from './campaigns-shared.ts';

// A campaign on its way: sent now, scheduled for later, cancelled, resumed after a pause.

/**
 * What sending needs: a subject, a body, known merge fields (through Mailchimp, those it fills), an
 * audience with someone in it. Answers the audience and the provider it will go through.
 */
async function checkSendable(
  tx: Tx,
  platform: Platform,
  tenantId: string,
  row: CampaignRow,
): Promise<{ audience: CampaignAudience; via: CampaignSendVia }> {
  if (heldByMailchimp(row)) throw conflict(CAMPAIGN_MESSAGES.mailchimpScheduled);
  if (row.status !== 'draft' && row.status !== 'scheduled') throw conflict(CAMPAIGN_MESSAGES.notDraft);
  if (!row.subject.trim()) throw badRequest('subject', CAMPAIGN_MESSAGES.subjectRequired);
  if (!row.bodyHtml.trim() && !row.bodyMjml.trim()) throw badRequest('bodyHtml', CAMPAIGN_MESSAGES.bodyRequired);
  checkMergeFields(row.subject, row.bodyHtml, row.bodyMjml);
  const audience = CampaignAudience.parse(row.audience);
  await checkAudience(tx, tenantId, audience);
  await checkProvider(tx, tenantId, row.provider, row.mailboxId, null, true);
  const via = row.provider ?? (await defaultProvider(tx, tenantId));
  if (via === 'mailchimp') checkMailchimpMergeFields(row);
  if ((await countAudience(tx, tenantId, audience, platform.clock.now())) === 0) {
    throw badRequest('audience', CAMPAIGN_MESSAGES.emptyAudience);
  }
  return { audience, via };
}

/** Send now: the recipients made once, then the batch job. */
export async function sendCampaign(platform: Platform, tenant: TenantContext, id: string): Promise<Campaign> {
  await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const row = await findRow(tx, tenant.tenantId, id, true);
    const { audience, via } = await checkSendable(tx, platform, tenant.tenantId, row);
    await beginSending(tx, tenant.tenantId, id, audience, platform.clock.now(), via);
    // Sent now: a time set earlier is no longer the campaign's (Mailchimp would schedule it).
    if (row.scheduledAt) {
      await tx
        .update(campaigns)
        .set({ scheduledAt: null })
        .where(and(eq(campaigns.tenantId, tenant.tenantId), eq(campaigns.id, id)));
    }
  });
  await queueBatches(platform, { tenantId: tenant.tenantId, campaignId: id });
  return getCampaign(platform, tenant, id);
}

/** Send later: a wall time in the studio's zone, in the future; the minute job starts it. */
export async function scheduleCampaign(
  platform: Platform,
  tenant: TenantContext,
  id: string,
  wallTime: string,
): Promise<Campaign> {
  let at: Date;
  try {
    at = instantOfWallTime(wallTime, tenant.settings.timezone);
  } catch {
    throw badRequest('scheduledAt', 'scheduledAt must be a date and time (YYYY-MM-DDTHH:mm)');
  }
  if (Number.isNaN(at.getTime()))
    throw badRequest('scheduledAt', 'scheduledAt must be a date and time (YYYY-MM-DDTHH:mm)');
  if (at.getTime() <= platform.clock.now().getTime()) throw badRequest('scheduledAt', CAMPAIGN_MESSAGES.pastSchedule);
  const handOver = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const row = await findRow(tx, tenant.tenantId, id, true);
    const { audience, via } = await checkSendable(tx, platform, tenant.tenantId, row);
    if (via === 'mailchimp') {
      // Mailchimp keeps the time: the recipients are made now and handed over with /actions/schedule.
      checkQuarterHour(at);
      await beginSending(tx, tenant.tenantId, id, audience, platform.clock.now(), via);
      await tx
        .update(campaigns)
        .set({ scheduledAt: at })
        .where(and(eq(campaigns.tenantId, tenant.tenantId), eq(campaigns.id, id)));
      return true;
    }
    await tx
      .update(campaigns)
      .set({ status: 'scheduled', scheduledAt: at, updatedAt: new Date() })
      .where(and(eq(campaigns.tenantId, tenant.tenantId), eq(campaigns.id, id)));
    return false;
  });
  if (handOver) await queueBatches(platform, { tenantId: tenant.tenantId, campaignId: id });
  return getCampaign(platform, tenant, id);
}

/** Stops a scheduled or sending campaign: no further batch claims anyone (those already written go). */
export async function cancelCampaign(platform: Platform, tenant: TenantContext, id: string): Promise<Campaign> {
  // A campaign Mailchimp holds for later is unscheduled there first (a refusal changes nothing here).
  const before = await readTenant(platform.db, tenant.tenantId, (tx) => findRow(tx, tenant.tenantId, id));
  if (heldByMailchimp(before) && before.mailchimpCampaignId) {
    await unscheduleAtMailchimp(platform, tenant.tenantId, before.mailchimpCampaignId);
  }
  await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const row = await findRow(tx, tenant.tenantId, id, true);
    if (row.status !== 'scheduled' && row.status !== 'sending' && row.status !== 'paused') {
      throw conflict(CAMPAIGN_MESSAGES.notSending);
    }
    const now = platform.clock.now();
    await tx
      .update(campaigns)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(and(eq(campaigns.tenantId, tenant.tenantId), eq(campaigns.id, id)));
    await tx
      .update(campaignRecipients)
      .set({ status: 'skipped' })
      .where(
        and(
          eq(campaignRecipients.tenantId, tenant.tenantId),
          eq(campaignRecipients.campaignId, id),
          // Through Mailchimp, queued rows wait at Mailchimp (unscheduled above); through SMTP they are in the outbox.
          row.provider === 'mailchimp'
            ? inArray(campaignRecipients.status, ['pending', 'queued'])
            : eq(campaignRecipients.status, 'pending'),
        ),
      );
  });
  return getCampaign(platform, tenant, id);
}

/**
 * Resume a paused campaign: the rest of its recipients (those not sent) go through its provider; no
 * one already sent is sent again (their rows are sent; a Brevo send left without an answer is sent
 * with its first key, which Brevo does not send twice).
 */
export async function resumeCampaign(platform: Platform, tenant: TenantContext, id: string): Promise<Campaign> {
  await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const row = await findRow(tx, tenant.tenantId, id, true);
    if (row.status !== 'paused') throw conflict(CAMPAIGN_MESSAGES.notPaused);
    await tx
      .update(campaigns)
      .set({ status: 'sending', pausedReason: '', updatedAt: platform.clock.now() })
      .where(and(eq(campaigns.tenantId, tenant.tenantId), eq(campaigns.id, id)));
  });
  await queueBatches(platform, { tenantId: tenant.tenantId, campaignId: id });
  return getCampaign(platform, tenant, id);
}
