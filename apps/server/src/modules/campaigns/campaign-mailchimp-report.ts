import { and, eq, gte, isNotNull, sql } from 'drizzle-orm';
import { readTenant, withTenant } from '../../db/client.ts';
import { campaigns, type MailchimpReportNumbers } from '../../db/schema/index.ts';
import type { Platform } from '../../platform.ts';
import { Mailchimp } from '../integrations/mailchimp.ts';
import {
  MAILCHIMP_REPORT_QUEUE,
  mailchimpAccount,
  mailchimpReason,
  queueMailchimpReport,
} from './campaign-mailchimp-account.ts';

export { MAILCHIMP_REPORT_QUEUE };

// Mailchimp's numbers for a campaign sent through it (docs/decisions/campaigns.md "Mailchimp's numbers"):
// opens, clicks, bounces and unsubscribes happen at Mailchimp, so its Reports API
// (GET /3.0/reports/{campaign_id}) is read after sending and every hour for a few days, and the totals are
// kept on the campaign. A failed read keeps the last numbers and records why.

export const MAILCHIMP_REPORTS_SWEEP = 'campaign-mailchimp-reports';
/** Reports are read again every hour for this long after the campaign went out. */
export const MAILCHIMP_REPORT_DAYS = 5;

interface ReportJob {
  tenantId: string;
  campaignId: string;
}

/**
 * Reads Mailchimp's report of one campaign and keeps its totals; on any failure the numbers read before
 * stay and the reason is kept beside them. Answers whether the numbers were read.
 */
export async function readMailchimpReport(platform: Platform, job: ReportJob): Promise<boolean> {
  const { tenantId, campaignId } = job;
  const where = and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, campaignId));
  const campaign = await readTenant(platform.db, tenantId, async (tx) => {
    const [row] = await tx
      .select({ provider: campaigns.provider, mailchimpCampaignId: campaigns.mailchimpCampaignId })
      .from(campaigns)
      .where(where);
    return row;
  });
  if (campaign?.provider !== 'mailchimp' || !campaign.mailchimpCampaignId) return false;
  const keep = (values: { report?: MailchimpReportNumbers; error: string }) =>
    withTenant(platform.db, tenantId, (tx) =>
      tx
        .update(campaigns)
        .set({
          ...(values.report ? { mailchimpReport: values.report } : {}),
          mailchimpReportError: values.error.slice(0, 500),
          mailchimpReportCheckedAt: platform.clock.now(),
        })
        .where(where),
    );
  const account = await mailchimpAccount(platform, tenantId);
  if (!account) {
    await keep({ error: 'Mailchimp is no longer connected: its report cannot be read.' });
    return false;
  }
  const result = await new Mailchimp(platform.config.providerUrls.mailchimp).report(
    account.apiKey,
    campaign.mailchimpCampaignId,
  );
  if (result.outcome !== 'ok') {
    await keep({ error: mailchimpReason(result, 'reading the report') });
    return false;
  }
  const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? Math.max(0, value) : 0);
  const body = result.body;
  await keep({
    error: '',
    report: {
      emailsSent: count(body.emails_sent),
      uniqueOpens: count(body.opens?.unique_opens),
      uniqueSubscriberClicks: count(body.clicks?.unique_subscriber_clicks),
      hardBounces: count(body.bounces?.hard_bounces),
      softBounces: count(body.bounces?.soft_bounces),
      unsubscribed: count(body.unsubscribed),
      readAt: platform.clock.now().toISOString(),
    },
  });
  return true;
}

/**
 * The hourly sweep: every Mailchimp campaign sent in the last few days (business clock) gets its
 * report read again. Across tenants, on the owner connection, like the minute job.
 */
export async function sweepMailchimpReports(platform: Platform): Promise<number> {
  const since = new Date(platform.clock.now().getTime() - MAILCHIMP_REPORT_DAYS * 86_400_000);
  const due = await platform.db
    .select({ tenantId: campaigns.tenantId, campaignId: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.provider, 'mailchimp'),
        eq(campaigns.status, 'sent'),
        isNotNull(campaigns.mailchimpCampaignId),
        gte(campaigns.finishedAt, since),
      ),
    )
    .orderBy(sql`${campaigns.finishedAt} desc`)
    .limit(1000);
  for (const job of due) await queueMailchimpReport(platform, job);
  return due.length;
}

export function registerMailchimpReportJobs(platform: Platform): void {
  platform.jobs.register<ReportJob>(
    MAILCHIMP_REPORT_QUEUE,
    async (job) => void (await readMailchimpReport(platform, job)),
    {
      policy: 'short',
      retryLimit: 1,
      batchSize: 2,
    },
  );
  platform.jobs.register(MAILCHIMP_REPORTS_SWEEP, async () => void (await sweepMailchimpReports(platform)), {
    retryLimit: 1,
  });
  platform.jobs.schedule(MAILCHIMP_REPORTS_SWEEP, '17 * * * *');
}
