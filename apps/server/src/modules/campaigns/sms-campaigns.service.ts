import {
  CampaignAudience as AudienceSchema,
  type CampaignAudience,
  type CampaignReport,
  SMS_CAMPAIGN_MESSAGES,
  type SmsCampaign,
  type SmsCampaignInput,
  type SmsCampaignList,
  type SmsEstimate,
  unknownSmsMergeFields,
} from '@atrium/contracts';
import { and, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { readTenant, type Tx, withTenant } from '../../db/client.ts';
import { smsCampaignRecipients, smsCampaigns } from '../../db/schema/index.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { checkAudience, rowsOf } from './campaign-audience.ts';
import { estimateOf, smsAudienceOf, smsSettingsOf } from './sms-campaign-audience.ts';
import { queuePage } from './sms-campaign-sending.ts';

// SMS campaigns (issue 26; docs/decisions/campaigns.md "SMS campaigns"): drafts, the estimate shown
// before sending (recipients, those left out, segments, cost), send, cancel, resume after a pause.

type Input = z.output<typeof import('@atrium/contracts').SmsCampaignInput>;
type Row = typeof smsCampaigns.$inferSelect;

const campaignNotFound = () => notFound('SMS campaign');
const conflict = (message: string) => new AppError(409, 'conflict', message);

function checkBody(body: string, required: boolean): void {
  if (required && !body.trim()) throw badRequest('body', SMS_CAMPAIGN_MESSAGES.bodyRequired);
  const [unknown] = unknownSmsMergeFields(body);
  if (unknown !== undefined) throw badRequest('body', SMS_CAMPAIGN_MESSAGES.unknownMergeField(unknown));
}

interface Counts {
  campaign_id: string;
  total: number;
  sent: number;
  delivered: number;
  failed: number;
  pending: number;
  unconfirmed: number;
  unsubscribed: number;
}

/** Per campaign: the recipients' states, and STOPs from its numbers after it started. */
async function reportCounts(tx: Tx, tenantId: string, ids: string[]): Promise<Map<string, Counts>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<Counts>(
    tx,
    sql`select r.campaign_id,
        count(*)::int as total,
        count(*) filter (where r.status in ('sent', 'delivered', 'undelivered'))::int as sent,
        count(*) filter (where r.status = 'delivered')::int as delivered,
        count(*) filter (where r.status in ('failed', 'undelivered'))::int as failed,
        count(*) filter (where r.status in ('pending', 'sending'))::int as pending,
        count(*) filter (where r.status = 'unconfirmed')::int as unconfirmed,
        count(*) filter (where exists (select 1 from sms_opt_outs o where o.tenant_id = r.tenant_id
          and o.phone = r.phone and r.sent_at is not null and o.created_at >= r.sent_at))::int as unsubscribed
      from sms_campaign_recipients r
      where r.tenant_id = ${tenantId}::uuid and r.campaign_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
      group by r.campaign_id`,
  );
  return new Map(rows.map((row) => [row.campaign_id, row]));
}

function toCampaign(row: Row, counts: Counts | undefined): SmsCampaign {
  const report: CampaignReport = {
    channel: 'sms',
    recipients: row.total,
    sent: Number(counts?.sent ?? 0),
    delivered: Number(counts?.delivered ?? 0),
    opened: null,
    clicked: null,
    bounced: Number(counts?.failed ?? 0),
    unsubscribed: Number(counts?.unsubscribed ?? 0),
    pending: Number(counts?.pending ?? 0),
    unconfirmed: Number(counts?.unconfirmed ?? 0),
  };
  return {
    id: row.id,
    name: row.name,
    body: row.body,
    audience: AudienceSchema.parse(row.audience),
    status: row.status,
    pausedReason: row.pausedReason,
    provider: row.provider,
    pageSize: row.pageSize,
    pageWaitMinutes: row.pageWaitMinutes,
    pagesSent: row.pagesSent,
    nextPageAt: row.status === 'sending' ? (row.nextPageAt?.toISOString() ?? null) : null,
    total: row.total,
    leftOutNoMobile: row.leftOutNoMobile,
    leftOutOptedOut: row.leftOutOptedOut,
    report,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function findRow(tx: Tx, tenantId: string, id: string, lock = false): Promise<Row> {
  const query = tx
    .select()
    .from(smsCampaigns)
    .where(and(eq(smsCampaigns.tenantId, tenantId), eq(smsCampaigns.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw campaignNotFound();
  return row;
}

export function listSmsCampaigns(
  platform: Platform,
  tenant: TenantContext,
  query: { start: number; length: number; search?: string | undefined },
): Promise<SmsCampaignList> {
  return readTenant(platform.db, tenant.tenantId, async (tx) => {
    const where = and(
      eq(smsCampaigns.tenantId, tenant.tenantId),
      query.search ? ilike(smsCampaigns.name, `%${query.search.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    );
    const [total] = await tx.select({ n: count() }).from(smsCampaigns).where(where);
    const rows = await tx
      .select()
      .from(smsCampaigns)
      .where(where)
      .orderBy(desc(smsCampaigns.createdAt), desc(smsCampaigns.id))
      .limit(query.length)
      .offset(query.start);
    const counts = await reportCounts(
      tx,
      tenant.tenantId,
      rows.map((row) => row.id),
    );
    return { recordsTotal: total?.n ?? 0, data: rows.map((row) => toCampaign(row, counts.get(row.id))) };
  });
}

export function getSmsCampaign(platform: Platform, tenant: TenantContext, id: string): Promise<SmsCampaign> {
  return readTenant(platform.db, tenant.tenantId, async (tx) => {
    const row = await findRow(tx, tenant.tenantId, id);
    const counts = await reportCounts(tx, tenant.tenantId, [id]);
    return toCampaign(row, counts.get(id));
  });
}

export async function createSmsCampaign(
  platform: Platform,
  tenant: TenantContext,
  auth: AccessClaims,
  input: Input,
): Promise<SmsCampaign> {
  checkBody(input.body, false);
  const id = await withTenant(platform.db, tenant.tenantId, async (tx) => {
    await checkAudience(tx, tenant.tenantId, input.audience);
    const [row] = await tx
      .insert(smsCampaigns)
      .values({
        tenantId: tenant.tenantId,
        name: input.name,
        body: input.body,
        audience: input.audience,
        createdBy: auth.sub,
      })
      .returning({ id: smsCampaigns.id });
    if (!row) throw new Error('the SMS campaign was not written');
    return row.id;
  });
  return getSmsCampaign(platform, tenant, id);
}

export async function updateSmsCampaign(
  platform: Platform,
  tenant: TenantContext,
  id: string,
  input: Input,
): Promise<SmsCampaign> {
  checkBody(input.body, false);
  await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const row = await findRow(tx, tenant.tenantId, id, true);
    if (row.status !== 'draft') throw conflict(SMS_CAMPAIGN_MESSAGES.notDraft);
    await checkAudience(tx, tenant.tenantId, input.audience);
    await tx
      .update(smsCampaigns)
      .set({ name: input.name, body: input.body, audience: input.audience, updatedAt: new Date() })
      .where(and(eq(smsCampaigns.tenantId, tenant.tenantId), eq(smsCampaigns.id, id)));
  });
  return getSmsCampaign(platform, tenant, id);
}

export async function deleteSmsCampaign(platform: Platform, tenant: TenantContext, id: string): Promise<void> {
  await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const row = await findRow(tx, tenant.tenantId, id, true);
    if (row.status === 'sending') throw conflict('A campaign that is sending cannot be deleted: cancel it first.');
    await tx.delete(smsCampaigns).where(and(eq(smsCampaigns.tenantId, tenant.tenantId), eq(smsCampaigns.id, id)));
  });
}

/** What a text to an audience would be: recipients, those left out, segments and cost, before sending. */
export async function estimateSms(
  platform: Platform,
  tenant: TenantContext,
  body: string,
  audience: CampaignAudience,
): Promise<SmsEstimate> {
  checkBody(body, false);
  return readTenant(platform.db, tenant.tenantId, async (tx) => {
    await checkAudience(tx, tenant.tenantId, audience);
    const settings = await smsSettingsOf(tx, tenant.tenantId);
    const found = await smsAudienceOf(tx, tenant, audience, platform.clock.now());
    return estimateOf(tenant, settings, body, found);
  });
}

/** Send now: a provider, a body, somebody to text; the recipients made once (one per number), then page 1. */
export async function sendSmsCampaign(platform: Platform, tenant: TenantContext, id: string): Promise<SmsCampaign> {
  await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const row = await findRow(tx, tenant.tenantId, id, true);
    if (row.status !== 'draft') throw conflict(SMS_CAMPAIGN_MESSAGES.notDraft);
    checkBody(row.body, true);
    const settings = await smsSettingsOf(tx, tenant.tenantId);
    if (!settings.provider) throw badRequest('provider', SMS_CAMPAIGN_MESSAGES.noProvider);
    const audience = AudienceSchema.parse(row.audience);
    await checkAudience(tx, tenant.tenantId, audience);
    const now = platform.clock.now();
    const found = await smsAudienceOf(tx, tenant, audience, now);
    if (found.members.length === 0) throw badRequest('audience', SMS_CAMPAIGN_MESSAGES.emptyAudience);
    for (let i = 0; i < found.members.length; i += 1000) {
      await tx
        .insert(smsCampaignRecipients)
        .values(
          found.members.slice(i, i + 1000).map((member) => ({
            tenantId: tenant.tenantId,
            campaignId: id,
            contactId: member.contactId,
            phone: member.phone,
            firstName: member.firstName,
            lastName: member.lastName,
          })),
        )
        .onConflictDoNothing();
    }
    await tx
      .update(smsCampaigns)
      .set({
        status: 'sending',
        provider: settings.provider,
        pageSize: settings.pageSize,
        pageWaitMinutes: settings.pageWaitTime,
        total: found.members.length,
        leftOutNoMobile: found.leftOutNoMobile,
        leftOutOptedOut: found.leftOutOptedOut,
        startedAt: now,
        nextPageAt: now,
        updatedAt: now,
      })
      .where(and(eq(smsCampaigns.tenantId, tenant.tenantId), eq(smsCampaigns.id, id)));
  });
  await queuePage(platform, { tenantId: tenant.tenantId, campaignId: id });
  return getSmsCampaign(platform, tenant, id);
}

/** A paused campaign carries on with the rows still pending (a page the provider refused went back there). */
export async function resumeSmsCampaign(platform: Platform, tenant: TenantContext, id: string): Promise<SmsCampaign> {
  await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const row = await findRow(tx, tenant.tenantId, id, true);
    if (row.status !== 'paused') throw conflict('Only a paused campaign can be resumed.');
    const now = platform.clock.now();
    await tx
      .update(smsCampaigns)
      .set({ status: 'sending', pausedReason: null, nextPageAt: now, updatedAt: now })
      .where(and(eq(smsCampaigns.tenantId, tenant.tenantId), eq(smsCampaigns.id, id)));
  });
  await queuePage(platform, { tenantId: tenant.tenantId, campaignId: id });
  return getSmsCampaign(platform, tenant, id);
}

/** Stops a sending or paused campaign: no further page claims anyone. */
export async function cancelSmsCampaign(platform: Platform, tenant: TenantContext, id: string): Promise<SmsCampaign> {
  await withTenant(platform.db, tenant.tenantId, async (tx) => {
    const row = await findRow(tx, tenant.tenantId, id, true);
    if (row.status !== 'sending' && row.status !== 'paused') throw conflict(SMS_CAMPAIGN_MESSAGES.notSending);
    const now = platform.clock.now();
    await tx
      .update(smsCampaigns)
      .set({ status: 'cancelled', cancelledAt: now, nextPageAt: null, updatedAt: now })
      .where(and(eq(smsCampaigns.tenantId, tenant.tenantId), eq(smsCampaigns.id, id)));
    await tx
      .update(smsCampaignRecipients)
      .set({ status: 'skipped', error: 'Campaign cancelled' })
      .where(
        and(
          eq(smsCampaignRecipients.tenantId, tenant.tenantId),
          eq(smsCampaignRecipients.campaignId, id),
          eq(smsCampaignRecipients.status, 'pending'),
        ),
      );
  });
  return getSmsCampaign(platform, tenant, id);
}

export type { SmsCampaignInput };
