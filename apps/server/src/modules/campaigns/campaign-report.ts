import type { CampaignEvent, CampaignReport } from '@atrium/contracts';
import { sql } from 'drizzle-orm';
import { readTenant } from '../../db/client.ts';
import type { MailchimpReportNumbers } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { requireContact } from '../contacts/contact-records.service.ts';
import { rowsOf } from './campaign-audience.ts';

// Campaign numbers and a contact's campaign events (docs/decisions/campaigns.md "Reports"), read from
// what sending leaves: an email recipient's row (its status, its outbox email, opened and clicked
// times) and the studio's suppressions with the campaign that caused them; a text's recipient row
// and the numbers that texted STOP.

/** An email campaign's report: sent, delivered (sent less bounced), opened, clicked, bounced, unsubscribed. */
export function emailCampaignReport(
  platform: Platform,
  tenant: TenantContext,
  campaignId: string,
): Promise<CampaignReport> {
  return readTenant(platform.db, tenant.tenantId, async (tx) => {
    const [campaign] = await rowsOf<{
      total: number;
      tracking: boolean;
      provider: string | null;
      mailchimp_report: MailchimpReportNumbers | null;
      mailchimp_report_checked_at: Date | string | null;
      mailchimp_report_error: string;
    }>(
      tx,
      sql`select total, tracking, provider, mailchimp_report, mailchimp_report_checked_at, mailchimp_report_error
        from campaigns where tenant_id = ${tenant.tenantId}::uuid and id = ${campaignId}::uuid`,
    );
    if (!campaign) throw notFound('Campaign');
    const [row] = await rowsOf<{
      sent: number;
      failed: number;
      pending: number;
      opened: number;
      clicked: number;
      bounced: number;
      unsubscribed: number;
    }>(
      tx,
      sql`select
          count(*) filter (where r.status = 'sent' or e.status = 'sent')::int as sent,
          count(*) filter (where r.status = 'failed' or e.status = 'failed')::int as failed,
          count(*) filter (where r.status in ('pending', 'claimed')
            or (r.status = 'queued' and coalesce(e.status, 'pending') = 'pending'))::int as pending,
          count(*) filter (where r.opened_at is not null)::int as opened,
          count(*) filter (where r.clicked_at is not null)::int as clicked,
          count(*) filter (where x.reason in ('bounced', 'complained'))::int as bounced,
          count(*) filter (where x.reason in ('unsubscribed', 'complained'))::int as unsubscribed
        from campaign_recipients r
        left join outbox_emails e on e.tenant_id = r.tenant_id and e.id = r.email_id
        left join email_suppressions x on x.tenant_id = r.tenant_id and x.email = lower(r.email)
          and x.campaign_id = r.campaign_id
        where r.tenant_id = ${tenant.tenantId}::uuid and r.campaign_id = ${campaignId}::uuid`,
    );
    const sent = Number(row?.sent ?? 0);
    const bounced = Number(row?.bounced ?? 0) + Number(row?.failed ?? 0);
    if (campaign.provider === 'mailchimp') return mailchimpFigures(campaign, sent, Number(row?.pending ?? 0));
    return {
      channel: 'email',
      recipients: campaign.total,
      sent,
      delivered: Math.max(0, sent - Number(row?.bounced ?? 0)),
      opened: campaign.tracking ? Number(row?.opened ?? 0) : null,
      clicked: campaign.tracking ? Number(row?.clicked ?? 0) : null,
      bounced,
      unsubscribed: Number(row?.unsubscribed ?? 0),
      pending: Number(row?.pending ?? 0),
      unconfirmed: 0,
    };
  });
}

/**
 * A campaign sent through Mailchimp: opens, clicks, bounces and unsubscribes happen there, so the
 * numbers are Mailchimp's report as last read (totals); before the first read, sent is what was handed
 * over and the rest is unknown (opened, clicked null) or none yet.
 */
function mailchimpFigures(
  campaign: {
    total: number;
    tracking: boolean;
    mailchimp_report: MailchimpReportNumbers | null;
    mailchimp_report_checked_at: Date | string | null;
    mailchimp_report_error: string;
  },
  handedOver: number,
  pending: number,
): CampaignReport {
  const numbers = campaign.mailchimp_report;
  const checkedAt = campaign.mailchimp_report_checked_at
    ? new Date(campaign.mailchimp_report_checked_at).toISOString()
    : null;
  const status = {
    readAt: numbers?.readAt ?? null,
    checkedAt,
    error: campaign.mailchimp_report_error,
    hardBounces: numbers?.hardBounces ?? 0,
    softBounces: numbers?.softBounces ?? 0,
  };
  if (!numbers) {
    return {
      channel: 'email',
      recipients: campaign.total,
      sent: handedOver,
      delivered: handedOver,
      opened: null,
      clicked: null,
      bounced: 0,
      unsubscribed: 0,
      pending,
      unconfirmed: 0,
      mailchimp: status,
    };
  }
  const bounced = numbers.hardBounces + numbers.softBounces;
  return {
    channel: 'email',
    recipients: campaign.total,
    sent: numbers.emailsSent,
    delivered: Math.max(0, numbers.emailsSent - bounced),
    // Mailchimp counts opens and clicks only when the campaign tracked them.
    opened: campaign.tracking ? numbers.uniqueOpens : null,
    clicked: campaign.tracking ? numbers.uniqueSubscriberClicks : null,
    bounced,
    unsubscribed: numbers.unsubscribed,
    pending,
    unconfirmed: 0,
    mailchimp: status,
  };
}

/** A contact's campaign events, email and text, newest first (at most 200). */
export function contactCampaignEvents(
  platform: Platform,
  tenant: TenantContext,
  contactId: string,
): Promise<CampaignEvent[]> {
  return readTenant(platform.db, tenant.tenantId, async (tx) => {
    await requireContact(tx, tenant.tenantId, contactId);
    const t = sql`${tenant.tenantId}::uuid`;
    const c = sql`${contactId}::uuid`;
    const rows = await rowsOf<{
      channel: 'email' | 'sms';
      campaign_id: string;
      name: string;
      kind: string;
      at: Date | string;
    }>(
      tx,
      sql`with email as (
          select r.campaign_id, k.name, r.email, coalesce(r.sent_at, e.sent_at) as sent_at, r.opened_at, r.clicked_at
          from campaign_recipients r
          join campaigns k on k.tenant_id = r.tenant_id and k.id = r.campaign_id
          left join outbox_emails e on e.tenant_id = r.tenant_id and e.id = r.email_id
          where r.tenant_id = ${t} and r.contact_id = ${c}
        ), sms as (
          select r.campaign_id, k.name, r.phone, r.status, r.sent_at, r.delivered_at
          from sms_campaign_recipients r
          join sms_campaigns k on k.tenant_id = r.tenant_id and k.id = r.campaign_id
          where r.tenant_id = ${t} and r.contact_id = ${c}
        )
        select * from (
          select 'email' as channel, campaign_id, name, 'sent' as kind, sent_at as at from email where sent_at is not null
          union all select 'email', campaign_id, name, 'opened', opened_at from email where opened_at is not null
          union all select 'email', campaign_id, name, 'clicked', clicked_at from email where clicked_at is not null
          union all select 'email', m.campaign_id, m.name,
              case when x.reason = 'unsubscribed' then 'unsubscribed' else 'bounced' end, x.created_at
            from email m join email_suppressions x on x.tenant_id = ${t} and x.email = lower(m.email)
              and x.campaign_id = m.campaign_id
          union all select 'sms', campaign_id, name, 'sent', sent_at from sms where sent_at is not null
          union all select 'sms', campaign_id, name, 'delivered', delivered_at from sms where delivered_at is not null
          union all select 'sms', campaign_id, name, 'failed', coalesce(sent_at, now()) from sms
            where status in ('failed', 'undelivered')
          union all select 'sms', s.campaign_id, s.name, 'opted_out', o.created_at
            from sms s join sms_opt_outs o on o.tenant_id = ${t} and o.phone = s.phone
            where s.sent_at is not null and o.created_at >= s.sent_at
        ) events order by at desc limit 200`,
    );
    return rows.map((row) => ({
      channel: row.channel,
      campaignId: row.campaign_id,
      campaignName: row.name,
      kind: row.kind as CampaignEvent['kind'],
      at: new Date(row.at).toISOString(),
    }));
  });
}
