import { randomUUID } from 'node:crypto';
import {
  CAMPAIGN_MESSAGES,
  type CampaignPreview,
  type CampaignPreviewInput,
  type CampaignSenders,
  type CampaignSendVia,
} from '@atrium/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { readTenant, type Tx, withTenant } from '../../db/client.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { sanitizePageHtml } from '../../site/sanitize.ts';
import { enqueueEmails } from '../mail/outbox.ts';
import { brevoWebhookUrl } from './brevo-webhooks.ts';
import { rowsOf } from './campaign-audience.ts';
import { campaignEmail, prepareCampaignBody, unsubscribeSigner, unsubscribeUrl } from './campaign-mail.ts';
import { checkMailchimpMergeFields, heldByMailchimp, mailchimpAccount } from './campaign-mailchimp-account.ts';
import { mailchimpTest } from './campaign-mailchimp-content.ts';
import { type PersonColumns, personColumns, personOf } from './campaign-recipients.ts';
import { checkMjml } from './campaign-render.ts';
import {
  type ApiSender,
  apiSenderFor,
  defaultProvider,
  ProviderUnavailable,
  studioMailboxes,
} from './campaign-senders.ts';
import { checkMergeFields, conflict, findRow } from './campaigns-shared.ts';

// Before a campaign goes: what it can be sent through, a test send to oneself, the designer's preview.

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
