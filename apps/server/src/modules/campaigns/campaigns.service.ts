import { randomUUID } from 'node:crypto';
import {
  CAMPAIGN_MESSAGES,
  type Campaign,
  CampaignAudience,
  type CampaignInput,
  type CampaignList,
  type CampaignListQuery,
  type CampaignPreview,
  type CampaignPreviewInput,
  type CampaignSenders,
  type CampaignSendVia,
  instantOfWallTime,
  unknownMergeFields,
} from '@atrium/contracts';
import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { readTenant, type Tx, withTenant } from '../../db/client.ts';
import { campaignRecipients, campaigns, outboxEmails } from '../../db/schema/index.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { sanitizePageHtml } from '../../site/sanitize.ts';
import { enqueueEmails } from '../mail/outbox.ts';
import { brevoWebhookUrl } from './brevo-webhooks.ts';
import { checkAudience, countAudience, rowsOf } from './campaign-audience.ts';
import { campaignEmail, prepareCampaignBody, unsubscribeSigner, unsubscribeUrl } from './campaign-mail.ts';
import {
  checkMailchimpMergeFields,
  checkQuarterHour,
  heldByMailchimp,
  mailchimpAccount,
  mailchimpTest,
  unscheduleAtMailchimp,
} from './campaign-mailchimp.ts';
import { checkMjml } from './campaign-render.ts';
import {
  type ApiSender,
  apiSenderFor,
  checkProvider,
  defaultProvider,
  ProviderUnavailable,
  studioMailboxes,
} from './campaign-senders.ts';
import { beginSending, type PersonColumns, personColumns, personOf, queueBatches } from './campaign-sending.ts';

type Input = z.output<typeof CampaignInput>;
type ListQuery = z.output<typeof CampaignListQuery>;
type Row = typeof campaigns.$inferSelect;

const campaignNotFound = () => notFound('Campaign');
const conflict = (message: string) => new AppError(409, 'conflict', message);

/** Subject and body may use only the known merge fields: anything else is a 400 naming the field. */
function checkMergeFields(subject: string, bodyHtml: string, bodyMjml = ''): void {
  for (const [field, text] of [
    ['subject', subject],
    ['bodyHtml', bodyHtml],
    ['bodyMjml', bodyMjml],
  ] as const) {
    const [unknown] = unknownMergeFields(text);
    if (unknown !== undefined) throw badRequest(field, CAMPAIGN_MESSAGES.unknownMergeField(field, unknown));
  }
}

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

async function toCampaigns(tx: Tx, platform: Platform, tenantId: string, rows: Row[]): Promise<Campaign[]> {
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

async function findRow(tx: Tx, tenantId: string, id: string, lock = false): Promise<Row> {
  const query = tx
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw campaignNotFound();
  return row;
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

/**
 * What sending needs: a subject, a body, known merge fields (through Mailchimp, those it fills), an
 * audience with someone in it. Answers the audience and the provider it will go through.
 */
async function checkSendable(
  tx: Tx,
  platform: Platform,
  tenantId: string,
  row: Row,
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

/** What a campaign can be sent through: the default now, Brevo's state, the person's usable mailboxes. */
export async function campaignSenders(
  platform: Platform,
  tenant: TenantContext,
  auth: AccessClaims,
): Promise<CampaignSenders> {
  const found = await readTenant(platform.db, tenant.tenantId, async (tx) => {
    const fallback: CampaignSendVia = await defaultProvider(tx, tenant.tenantId);
    const [brevo] = await rowsOf<{ from_email: string | null }>(
      tx,
      sql`select public_fields->>'fromEmail' as from_email from tenant_credentials
        where tenant_id = ${tenant.tenantId}::uuid and provider = 'brevo' and is_integrated`,
    );
    const mailboxes = (await studioMailboxes(tx, tenant.tenantId)).filter(
      (m) => m.userId === auth.sub || m.isShareAccount,
    );
    return { fallback, brevo, mailboxes };
  });
  const mailchimp = await mailchimpAccount(platform, tenant.tenantId);
  return {
    defaultProvider: found.fallback,
    brevo: { connected: !!found.brevo, fromEmail: found.brevo?.from_email ?? '' },
    mailchimp: { connected: !!mailchimp, audienceName: mailchimp?.audienceName ?? '' },
    mailboxes: found.mailboxes.map((m) => ({
      id: m.id,
      email: m.email,
      productName: m.productName,
      refused: m.productName === 'zohomail' ? CAMPAIGN_MESSAGES.zohoRefused : '',
    })),
    brevoWebhookUrl: auth.role === 'admin' ? await brevoWebhookUrl(platform, tenant) : '',
  };
}

/** The signed-in staff member as a recipient: their address and their own merge fields. */
async function me(tx: Tx, platform: Platform, tenant: TenantContext, auth: AccessClaims) {
  const rows = await rowsOf<PersonColumns & { email: string; first_name: string; last_name: string }>(
    tx,
    sql`select c.email, c.name as first_name, c.last_name,
        ${personColumns(tenant.tenantId, sql`c.id`, platform.clock.now())}
      from contacts c where c.tenant_id = ${tenant.tenantId}::uuid and c.id = ${auth.sub}::uuid`,
  );
  const [row] = rows;
  if (!row) throw notFound('Contact');
  return { email: row.email, person: personOf(row, tenant.settings.timezone) };
}

/**
 * A test send to the signed-in staff member, with their own name in the merge fields, through the
 * campaign's provider (its choice, else the studio's default), so staff see what that provider
 * sends: SMTP through the outbox, Brevo or a connected mailbox through their API, Mailchimp with its
 * campaign's test send. A provider that refuses or cannot be reached is a 502 with its reason.
 */
export async function sendTest(
  platform: Platform,
  tenant: TenantContext,
  auth: AccessClaims,
  id: string,
): Promise<string> {
  const sign = await unsubscribeSigner(platform);
  const {
    row,
    via,
    email: address,
    person,
  } = await readTenant(platform.db, tenant.tenantId, async (tx) => {
    const found = await findRow(tx, tenant.tenantId, id);
    return {
      row: found,
      via: found.provider ?? (await defaultProvider(tx, tenant.tenantId)),
      ...(await me(tx, platform, tenant, auth)),
    };
  });
  if (!row.subject.trim()) throw badRequest('subject', CAMPAIGN_MESSAGES.subjectRequired);
  if (!row.bodyHtml.trim() && !row.bodyMjml.trim()) throw badRequest('bodyHtml', CAMPAIGN_MESSAGES.bodyRequired);
  checkMergeFields(row.subject, row.bodyHtml, row.bodyMjml);
  if (via === 'mailchimp') {
    checkMailchimpMergeFields(row);
    if (heldByMailchimp(row) || (row.status !== 'draft' && row.status !== 'scheduled')) {
      throw conflict(CAMPAIGN_MESSAGES.notDraft);
    }
    await mailchimpTest(platform, tenant, row, address);
    return address;
  }
  const prepared = await prepareCampaignBody(platform, tenant, row);
  const token = sign(tenant.tenantId, { campaignId: id, contactId: auth.sub });
  const email = campaignEmail(
    platform,
    tenant,
    { ...row, subject: `[Test] ${row.subject}` },
    prepared,
    address,
    person,
    unsubscribeUrl(platform, tenant, token),
  );
  if (via === 'smtp') {
    await withTenant(platform.db, tenant.tenantId, (tx) =>
      enqueueEmails(tx, tenant.tenantId, [{ ...email, id: randomUUID() }]),
    );
    void platform.outbox.kick();
    return address;
  }
  let sender: ApiSender;
  try {
    sender = await apiSenderFor(platform, tenant.tenantId, via, row.mailboxId);
  } catch (error) {
    if (error instanceof ProviderUnavailable)
      throw badRequest(via === 'mailbox' ? 'mailboxId' : 'provider', error.message);
    throw error;
  }
  const toName = `${person.firstName} ${person.lastName}`.trim();
  // A rate limit is waited once; anything but a send is the provider's answer, shown as it is.
  let outcome = await sender.send({ ...email, key: randomUUID(), toName });
  if (outcome.kind === 'wait') {
    const seconds = Math.min(outcome.seconds, 5);
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    outcome = await sender.send({ ...email, key: randomUUID(), toName });
  }
  if (outcome.kind === 'sent') return address;
  const reason =
    outcome.kind === 'refused'
      ? `The provider refused the test to ${address}: ${outcome.message}`
      : outcome.kind === 'stopped'
        ? outcome.reason
        : 'The provider is busy (rate limit); try the test again in a minute.';
  throw new AppError(502, 'provider_unreachable', reason);
}

/**
 * A body rendered as it will be sent, with the signed-in staff member's own merge fields, not saved:
 * the designer's preview. Its unsubscribe link goes nowhere (`#`).
 */
export async function previewCampaign(
  platform: Platform,
  tenant: TenantContext,
  auth: AccessClaims,
  input: z.output<typeof CampaignPreviewInput>,
): Promise<CampaignPreview> {
  const bodyMjml = input.bodyMjml.trim() ? input.bodyMjml : '';
  const bodyHtml = bodyMjml || !input.bodyHtml.trim() ? '' : sanitizePageHtml(input.bodyHtml);
  checkMergeFields(input.subject, bodyHtml, bodyMjml);
  if (bodyMjml) await checkMjml(platform, tenant, bodyMjml);
  const prepared = await prepareCampaignBody(platform, tenant, { bodyHtml, bodyMjml });
  const { person } = await readTenant(platform.db, tenant.tenantId, (tx) => me(tx, platform, tenant, auth));
  const email = campaignEmail(
    platform,
    tenant,
    { subject: input.subject, bodyHtml, bodyMjml, fromName: '', replyTo: '' },
    prepared,
    '',
    person,
    '#',
  );
  return { subject: email.subject, html: email.html ?? '', text: email.text ?? '' };
}
