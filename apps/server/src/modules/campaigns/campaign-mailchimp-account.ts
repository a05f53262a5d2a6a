import { CAMPAIGN_MERGE_FIELDS, CAMPAIGN_MESSAGES, usedMergeFields } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { readTenant } from '../../db/client.ts';
import { type campaigns, tenantCredentials } from '../../db/schema/index.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Platform } from '../../platform.ts';
import type { McResult } from '../integrations/mailchimp.ts';
import type { CampaignMessage } from './campaign-mail.ts';
import { vaultOf } from './campaign-senders.ts';

// The studio's Mailchimp as campaigns see it (docs/decisions/campaigns.md "Mailchimp"): its account,
// what a campaign through it may use and when it may be scheduled, a campaign it holds, its refusals in
// words, and the read of its report.

/** Our merge fields Mailchimp can fill (its audience has FNAME and LNAME) plus the brand's (filled before). */
const MAILCHIMP_FILLS = new Set<string>(
  CAMPAIGN_MERGE_FIELDS.map((field) => field.name).filter((name) => name !== 'membership' && name !== 'nextClass'),
);

/** The read of a campaign's Mailchimp report (campaign-mailchimp-report.ts). */
export const MAILCHIMP_REPORT_QUEUE = 'campaign-mailchimp-report';

/** Queues a read of the campaign's Mailchimp report (one queued per campaign). */
export async function queueMailchimpReport(
  platform: Platform,
  job: { tenantId: string; campaignId: string },
): Promise<void> {
  await platform.jobs.send(MAILCHIMP_REPORT_QUEUE, job, { singletonKey: job.campaignId });
}

export interface MailchimpAccount {
  apiKey: string;
  listId: string;
  audienceName: string;
  fromName: string;
  fromEmail: string;
}

/** The studio's Mailchimp when it is the active campaign provider with an audience; else null. */
export async function mailchimpAccount(platform: Platform, tenantId: string): Promise<MailchimpAccount | null> {
  const row = await readTenant(platform.db, tenantId, async (tx) => {
    const [found] = await tx
      .select()
      .from(tenantCredentials)
      .where(and(eq(tenantCredentials.tenantId, tenantId), eq(tenantCredentials.provider, 'mailchimp')));
    return found ?? null;
  });
  const pub = row?.publicFields ?? {};
  const listId = typeof pub.mcAudienceId === 'string' ? pub.mcAudienceId : '';
  if (!row?.isIntegrated || !listId) return null;
  const secrets = (await vaultOf(platform)).open(tenantId, 'mailchimp', row);
  if (!secrets.mcApiKey) return null;
  return {
    apiKey: secrets.mcApiKey,
    listId,
    audienceName: typeof pub.mcAudienceName === 'string' ? pub.mcAudienceName : '',
    fromName: typeof pub.fromName === 'string' ? pub.fromName : '',
    fromEmail: typeof pub.fromEmail === 'string' ? pub.fromEmail : '',
  };
}

/** A campaign sent through Mailchimp may use only the merge fields Mailchimp fills: a 400 naming the field. */
export function checkMailchimpMergeFields(message: Pick<CampaignMessage, 'subject' | 'bodyHtml' | 'bodyMjml'>) {
  for (const [field, text] of [
    ['subject', message.subject],
    ['bodyHtml', message.bodyHtml],
    ['bodyMjml', message.bodyMjml],
  ] as const) {
    const unfilled = usedMergeFields(text).find((name) => !MAILCHIMP_FILLS.has(name));
    if (unfilled !== undefined) throw badRequest(field, CAMPAIGN_MESSAGES.mailchimpMergeField(field, unfilled));
  }
}

/** Mailchimp schedules on the quarter hour only. */
export function checkQuarterHour(at: Date): void {
  if (at.getUTCMinutes() % 15 !== 0 || at.getUTCSeconds() !== 0 || at.getUTCMilliseconds() !== 0) {
    throw badRequest('scheduledAt', CAMPAIGN_MESSAGES.mailchimpQuarterHour);
  }
}

/** Why Mailchimp stopped, in words for the campaign's screen. */
export function mailchimpReason(result: Exclude<McResult<unknown>, { outcome: 'ok' }>, step: string): string {
  switch (result.outcome) {
    case 'rejected':
      return 'Mailchimp did not accept the API key: check it in Settings > Integrations > Mailchimp.';
    case 'not_found':
      return `Mailchimp answered 404 while ${step}: the audience or campaign is no longer there.`;
    case 'invalid':
      return `Mailchimp refused ${step}: ${result.detail}`;
    case 'unreachable':
      return `Mailchimp could not be reached while ${step} (${result.detail}).`;
  }
}

type CampaignRow = typeof campaigns.$inferSelect;

/** Handed to Mailchimp with a time ahead: Mailchimp holds it (only cancel changes it here). */
export const heldByMailchimp = (row: Pick<CampaignRow, 'status' | 'provider' | 'startedAt'>) =>
  row.status === 'scheduled' && row.provider === 'mailchimp' && row.startedAt !== null;
