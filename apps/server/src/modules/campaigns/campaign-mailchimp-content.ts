import { CAMPAIGN_MESSAGES, fillMergeFields, MAILCHIMP_MERGE_TAGS } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import { withTenant } from '../../db/client.ts';
import { campaigns } from '../../db/schema/index.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { Mailchimp, type McResult } from '../integrations/mailchimp.ts';
import { prepareCampaignBody } from './campaign-mail.ts';
import { type MailchimpAccount, mailchimpAccount, mailchimpReason } from './campaign-mailchimp-account.ts';
import { brandValues, personalise } from './campaign-render.ts';

// Our campaign as a Mailchimp campaign: its settings and content (made once, updated after), the
// test send through it, and unscheduling one Mailchimp holds. A refusal on the way is a `Stop`
// with Mailchimp's reason in words.

const UNSUBSCRIBE_TAG = '*|UNSUB|*';

/** Mailchimp refused or did not answer: the reason, in words for the campaign's screen. */
export class Stop extends Error {}
/** Mailchimp's answer, or a `Stop` with its reason. */
export function ok<T>(result: McResult<T>, step: string): T {
  if (result.outcome !== 'ok') throw new Stop(mailchimpReason(result, step));
  return result.body;
}

type CampaignRow = typeof campaigns.$inferSelect;

/** Subject, title, sender and tracking of the Mailchimp campaign, from ours and the studio's. */
function settingsOf(platform: Platform, tenant: TenantContext, campaign: CampaignRow, account: MailchimpAccount) {
  const values = { ...brandValues(platform, tenant), ...MAILCHIMP_MERGE_TAGS };
  return {
    settings: {
      subject_line: fillMergeFields(campaign.subject, values).slice(0, 150),
      title: campaign.name.slice(0, 100),
      from_name: (campaign.fromName.trim() || account.fromName || tenant.settings.fromEmailName || tenant.name).slice(
        0,
        100,
      ),
      reply_to: campaign.replyTo.trim() || account.fromEmail || tenant.settings.email,
      to_name: MAILCHIMP_MERGE_TAGS.firstName,
    },
    tracking: { opens: campaign.tracking, html_clicks: campaign.tracking, text_clicks: false },
  };
}

/** The content as Mailchimp sends it: brand filled, names as Mailchimp's merge tags, its unsubscribe link. */
async function contentOf(platform: Platform, tenant: TenantContext, campaign: CampaignRow) {
  const prepared = await prepareCampaignBody(platform, tenant, campaign);
  const { html, text } = personalise(prepared, MAILCHIMP_MERGE_TAGS, UNSUBSCRIBE_TAG);
  return { html, plain_text: text };
}

/** Makes (once) or updates the Mailchimp campaign of ours, with its content; answers its id. */
export async function readyCampaign(
  platform: Platform,
  tenant: TenantContext,
  mc: Mailchimp,
  account: MailchimpAccount,
  campaign: CampaignRow,
  segmentId: string | null,
): Promise<string> {
  const { settings, tracking } = settingsOf(platform, tenant, campaign, account);
  const recipients = {
    list_id: account.listId,
    ...(segmentId ? { segment_opts: { saved_segment_id: Number(segmentId) } } : {}),
  };
  let id = campaign.mailchimpCampaignId;
  if (id) {
    ok(await mc.updateCampaign(account.apiKey, id, { recipients, settings, tracking }), 'updating the campaign');
  } else {
    const made = ok(
      await mc.createCampaign(account.apiKey, { type: 'regular', recipients, settings, tracking }),
      'creating the campaign',
    );
    id = made.id;
    // Kept at once: whatever happens next, this campaign is the one retried.
    await withTenant(platform.db, tenant.tenantId, (tx) =>
      tx
        .update(campaigns)
        .set({ mailchimpCampaignId: id })
        .where(and(eq(campaigns.tenantId, tenant.tenantId), eq(campaigns.id, campaign.id))),
    );
  }
  ok(await mc.setContent(account.apiKey, id, await contentOf(platform, tenant, campaign)), 'taking the content');
  return id;
}

/**
 * Cancelling a campaign Mailchimp holds for later: unscheduled there first (a refusal is a 502 with
 * Mailchimp's reason, and nothing changes here).
 */
export async function unscheduleAtMailchimp(platform: Platform, tenantId: string, mailchimpCampaignId: string) {
  const account = await mailchimpAccount(platform, tenantId);
  if (!account) throw badRequest('provider', CAMPAIGN_MESSAGES.mailchimpNotConnected);
  const mc = new Mailchimp(platform.config.providerUrls.mailchimp);
  const result = await mc.action(account.apiKey, mailchimpCampaignId, 'unschedule');
  if (result.outcome !== 'ok') {
    throw new AppError(502, 'provider_unreachable', mailchimpReason(result, 'unscheduling the campaign'));
  }
}

/**
 * A test of a campaign going through Mailchimp: its Mailchimp campaign (made once, kept for the send)
 * with the content, and Mailchimp's test send to the staff member.
 */
export async function mailchimpTest(platform: Platform, tenant: TenantContext, campaign: CampaignRow, to: string) {
  const account = await mailchimpAccount(platform, tenant.tenantId);
  if (!account) throw badRequest('provider', CAMPAIGN_MESSAGES.mailchimpNotConnected);
  const mc = new Mailchimp(platform.config.providerUrls.mailchimp);
  try {
    const id = await readyCampaign(platform, tenant, mc, account, campaign, campaign.mailchimpSegmentId);
    ok(await mc.action(account.apiKey, id, 'test', { test_emails: [to], send_type: 'html' }), 'sending the test');
  } catch (error) {
    if (error instanceof Stop) throw new AppError(502, 'provider_unreachable', error.message);
    throw error;
  }
}
