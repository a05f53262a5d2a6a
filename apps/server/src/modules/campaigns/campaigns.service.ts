import {
  CAMPAIGN_MESSAGES,
  type Campaign,
  CampaignAudience,
  type CampaignInput,
  type CampaignList,
  type CampaignListQuery,
} from '@atrium/contracts';
import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { readTenant, type Tx, withTenant } from '../../db/client.ts';
import { campaignRecipients, campaigns, outboxEmails } from '../../db/schema/index.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { sanitizePageHtml } from '../../site/sanitize.ts';
import { checkAudience, countAudience } from './campaign-audience.ts';
import { heldByMailchimp } from './campaign-mailchimp-account.ts';
import { checkMjml } from './campaign-render.ts';
import { checkProvider, defaultProvider } from './campaign-senders.ts';
import { type CampaignRow, campaignNotFound, checkMergeFields, conflict, findRow } from './campaigns-shared.ts';

// Campaigns as drafts (spec: Campaigns): listed with their progress, read, written, deleted, their audience counted.

type Input = z.output<typeof CampaignInput>;
type ListQuery = z.output<typeof CampaignListQuery>;

interface Progress {
  sent: number;
  failed: number;
  uniqueOpens: number;
  uniqueClicks: number;
}

/**
 * Per campaign: sent (through an API, or the outbox email sent), failed (refused by the provider, or
 * the outbox gave up), and recipients who opened or clicked.
 */
async function progressOf(tx: Tx, tenantId: string, ids: string[]): Promise<Map<string, Progress>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      campaignId: campaignRecipients.campaignId,
      sent: sql<number>`count(*) filter (where ${campaignRecipients.status} = 'sent' or ${outboxEmails.status} = 'sent')::int`,
      failed: sql<number>`count(*) filter (where ${campaignRecipients.status} = 'failed' or ${outboxEmails.status} = 'failed')::int`,
      uniqueOpens: sql<number>`count(${campaignRecipients.openedAt})::int`,
      uniqueClicks: sql<number>`count(${campaignRecipients.clickedAt})::int`,
    })
    .from(campaignRecipients)
    .leftJoin(
      outboxEmails,
      and(eq(outboxEmails.tenantId, campaignRecipients.tenantId), eq(outboxEmails.id, campaignRecipients.emailId)),
    )
    .where(and(eq(campaignRecipients.tenantId, tenantId), inArray(campaignRecipients.campaignId, ids)))
    .groupBy(campaignRecipients.campaignId);
  return new Map(rows.map(({ campaignId, ...progress }) => [campaignId, progress]));
}

async function toCampaigns(tx: Tx, platform: Platform, tenantId: string, rows: CampaignRow[]): Promise<Campaign[]> {
  const progress = await progressOf(
    tx,
    tenantId,
    rows.filter((row) => row.status !== 'draft' && row.status !== 'scheduled').map((row) => row.id),
  );
  const now = platform.clock.now();
  const fallback = rows.some((row) => !row.provider) ? await defaultProvider(tx, tenantId) : 'smtp';
  return Promise.all(
    rows.map(async (row) => {
      const audience = CampaignAudience.parse(row.audience);
      const unsent = row.status === 'draft' || (row.status === 'scheduled' && !heldByMailchimp(row));
      const counts = progress.get(row.id);
      return {
        id: row.id,
        name: row.name,
        subject: row.subject,
        fromName: row.fromName,
        replyTo: row.replyTo,
        bodyHtml: row.bodyHtml,
        bodyMjml: row.bodyMjml,
        design: (row.design as Record<string, unknown> | null) ?? null,
        audience,
        status: row.status,
        scheduledAt: row.scheduledAt?.toISOString() ?? null,
        startedAt: row.startedAt?.toISOString() ?? null,
        finishedAt: row.finishedAt?.toISOString() ?? null,
        cancelledAt: row.cancelledAt?.toISOString() ?? null,
        total: row.total,
        sent: counts?.sent ?? 0,
        audienceSize: unsent ? await countAudience(tx, tenantId, audience, now) : row.total,
        provider: row.provider,
        sendVia: row.provider ?? fallback,
        mailboxId: row.mailboxId,
        pausedReason: row.status === 'paused' ? row.pausedReason : '',
        failed: counts?.failed ?? 0,
        tracking: row.tracking,
        opens: row.opens,
        clicks: row.clicks,
        uniqueOpens: counts?.uniqueOpens ?? 0,
        uniqueClicks: counts?.uniqueClicks ?? 0,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    }),
  );
}

export function listCampaigns(platform: Platform, tenant: TenantContext, query: ListQuery): Promise<CampaignList> {
  return readTenant(platform.db, tenant.tenantId, async (tx) => {
    const where = and(
      eq(campaigns.tenantId, tenant.tenantId),
      query.search ? ilike(campaigns.name, `%${query.search.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    );
    const [total] = await tx.select({ n: count() }).from(campaigns).where(where);
    const rows = await tx
      .select()
      .from(campaigns)
      .where(where)
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(query.length)
      .offset(query.start);
    return { recordsTotal: total?.n ?? 0, data: await toCampaigns(tx, platform, tenant.tenantId, rows) };
  });
}

export function getCampaign(platform: Platform, tenant: TenantContext, id: string): Promise<Campaign> {
  return readTenant(platform.db, tenant.tenantId, async (tx) => {
    const [campaign] = await toCampaigns(tx, platform, tenant.tenantId, [await findRow(tx, tenant.tenantId, id)]);
    if (!campaign) throw campaignNotFound();
    return campaign;
  });
}

/**
 * A body is a design (MJML, checked by rendering it) or rich text (sanitised); with a design the rich
 * text is left empty, so one body is sent.
 */
async function cleanInput(platform: Platform, tenant: TenantContext, input: Input) {
  const bodyMjml = input.bodyMjml.trim() ? input.bodyMjml : '';
  const bodyHtml = bodyMjml || !input.bodyHtml.trim() ? '' : sanitizePageHtml(input.bodyHtml);
  checkMergeFields(input.subject, bodyHtml, bodyMjml);
  if (bodyMjml) await checkMjml(platform, tenant, bodyMjml);
  const mailboxId = input.provider === 'mailbox' ? input.mailboxId : null;
  return { ...input, bodyHtml, bodyMjml, mailboxId, design: bodyMjml ? input.design : null };
}

export async function createCampaign(
  platform: Platform,
  tenant: TenantContext,
  auth: AccessClaims,
  input: Input,
): Promise<Campaign> {
  const values = await cleanInput(platform, tenant, input);
  const id = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    await checkAudience(tx, tenant.tenantId, values.audience);
    await checkProvider(tx, tenant.tenantId, values.provider, values.mailboxId, auth.sub, false);
    const [row] = await tx
      .insert(campaigns)
      .values({ tenantId: tenant.tenantId, ...values, createdBy: auth.sub })
      .returning({ id: campaigns.id });
    if (!row) throw new Error('the campaign was not written');
    return row.id;
  });
  return getCampaign(platform, tenant, id);
}

export async function updateCampaign(
  platform: Platform,
  tenant: TenantContext,
  auth: AccessClaims,
  id: string,
  input: Input,
): Promise<Campaign> {
  const values = await cleanInput(platform, tenant, input);
  await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const row = await findRow(tx, tenant.tenantId, id, true);
    if (heldByMailchimp(row)) throw conflict(CAMPAIGN_MESSAGES.mailchimpScheduled);
    if (row.status !== 'draft' && row.status !== 'scheduled') throw conflict(CAMPAIGN_MESSAGES.notDraft);
    await checkAudience(tx, tenant.tenantId, values.audience);
    // A mailbox already chosen stays usable by whoever edits the campaign next.
    const asker = values.provider === 'mailbox' && values.mailboxId === row.mailboxId ? null : auth.sub;
    await checkProvider(tx, tenant.tenantId, values.provider, values.mailboxId, asker, false);
    await tx
      .update(campaigns)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(campaigns.tenantId, tenant.tenantId), eq(campaigns.id, id)));
  });
  return getCampaign(platform, tenant, id);
}

export async function deleteCampaign(platform: Platform, tenant: TenantContext, id: string): Promise<void> {
  await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const row = await findRow(tx, tenant.tenantId, id, true);
    if (row.status === 'sending' || heldByMailchimp(row)) {
      throw conflict('A campaign that is sending or scheduled in Mailchimp cannot be deleted: cancel it first.');
    }
    await tx.delete(campaigns).where(and(eq(campaigns.tenantId, tenant.tenantId), eq(campaigns.id, id)));
  });
}

export function countCampaignAudience(
  platform: Platform,
  tenant: TenantContext,
  audience: CampaignAudience,
): Promise<number> {
  return readTenant(platform.db, tenant.tenantId, async (tx) => {
    await checkAudience(tx, tenant.tenantId, audience);
    return countAudience(tx, tenant.tenantId, audience, platform.clock.now());
  });
}
