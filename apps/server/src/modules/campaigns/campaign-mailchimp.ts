import { and, eq, sql } from 'drizzle-orm';
import { readTenant, type Tx, withTenant } from '../../db/client.ts';
import { campaigns } from '../../db/schema/index.ts';
import type { Platform } from '../../platform.ts';
import { Mailchimp, type McMember } from '../integrations/mailchimp.ts';
import { rowsOf } from './campaign-audience.ts';
import { checkMailchimpMergeFields, mailchimpAccount, queueMailchimpReport } from './campaign-mailchimp-account.ts';
import { ok, readyCampaign, Stop } from './campaign-mailchimp-content.ts';

// A campaign through Mailchimp (docs/decisions/campaigns.md "Mailchimp"): the recipients made once
// (as for every provider) are put in the studio's Mailchimp audience, a static segment of exactly
// them is made, and one Mailchimp campaign to that segment is created, given its content, and sent
// (or scheduled). Mailchimp sends to the segment's subscribed members. The segment's and the
// campaign's ids are kept as soon as Mailchimp answers, so a retry or resume never makes a second one.

/** Mailchimp's batch calls take at most 500 members. */
const CHUNK = 500;

interface Claimed {
  contact_id: string;
  email: string;
  first_name: string;
  last_name: string;
}

/**
 * The job for a campaign sending through Mailchimp: every recipient not yet handed over is claimed,
 * put in the audience and the segment, and the Mailchimp campaign is sent (or scheduled, when the
 * campaign has a time ahead). Mailchimp's refusal or silence pauses the campaign with its reason;
 * resume carries on with the same segment and campaign.
 */
export async function runMailchimpCampaign(
  platform: Platform,
  job: { tenantId: string; campaignId: string },
  leaseSeconds: number,
): Promise<void> {
  const { tenantId, campaignId } = job;
  const tenant = await platform.tenants.byId(tenantId);
  if (!tenant) return;
  const where = and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, campaignId));
  const read = () =>
    readTenant(platform.db, tenantId, async (tx) => (await tx.select().from(campaigns).where(where))[0]);
  const campaign = await read();
  if (campaign?.status !== 'sending') return;
  const pause = (reason: string, rows: Claimed[]) =>
    withTenant(platform.db, tenantId, async (tx) => {
      await release(tx, rows);
      await tx
        .update(campaigns)
        .set({ status: 'paused', pausedReason: reason.slice(0, 500), updatedAt: platform.clock.now() })
        .where(and(where, eq(campaigns.status, 'sending')));
    });
  // Not handed over: back to pending (skipped in a campaign cancelled meanwhile).
  const release = (tx: Tx, rows: Claimed[]) =>
    inChunks(rows, (part) =>
      tx.execute(sql`update campaign_recipients r set
          status = case when c.status = 'cancelled' then 'skipped' else 'pending' end
        from campaigns c
        where r.tenant_id = ${tenantId}::uuid and r.campaign_id = ${campaignId}::uuid and r.status = 'claimed'
          and r.contact_id = any(${uuidArray(part.map((row) => row.contact_id))})
          and c.tenant_id = r.tenant_id and c.id = r.campaign_id`),
    );
  // A long hand-over keeps its claim (another worker takes claimed rows only past the lease).
  const touch = () =>
    withTenant(platform.db, tenantId, (tx) =>
      tx.execute(sql`update campaign_recipients set claimed_at = now()
        where tenant_id = ${tenantId}::uuid and campaign_id = ${campaignId}::uuid and status = 'claimed'`),
    );

  // A campaign that became Mailchimp's only when it started (the studio's default changed after it was
  // scheduled) was not checked for Mailchimp's merge fields: it waits rather than go out with a field unfilled.
  try {
    checkMailchimpMergeFields(campaign);
  } catch (error) {
    await pause(`Mailchimp cannot send this campaign: ${(error as Error).message}`, []);
    return;
  }
  const account = await mailchimpAccount(platform, tenantId);
  if (!account) {
    await pause('Mailchimp is no longer connected: choose its audience in Settings > Integrations > Mailchimp.', []);
    return;
  }
  // Every recipient not handed over yet, and those a dead worker left claimed past the lease.
  const rows = await withTenant(platform.db, tenantId, async (tx) => {
    const [locked] = await tx.select({ status: campaigns.status }).from(campaigns).where(where).for('share');
    if (locked?.status !== 'sending') return [];
    return rowsOf<Claimed>(
      tx,
      sql`with pick as (select contact_id from campaign_recipients
            where tenant_id = ${tenantId}::uuid and campaign_id = ${campaignId}::uuid
              and (status = 'pending' or (status = 'claimed'
                and claimed_at < now() - make_interval(secs => ${leaseSeconds})))
            for update skip locked)
      update campaign_recipients r set status = 'claimed', claimed_at = now()
      from pick
      where r.tenant_id = ${tenantId}::uuid and r.campaign_id = ${campaignId}::uuid and r.contact_id = pick.contact_id
      returning r.contact_id, r.email, r.first_name, r.last_name`,
    );
  });
  if (rows.length === 0) return;

  const mc = new Mailchimp(platform.config.providerUrls.mailchimp);
  try {
    // 1. In the audience (as the sync puts them): Mailchimp says each member's status.
    const refused = new Map<string, string>();
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      const members: McMember[] = chunk.map((row) => ({
        email_address: row.email,
        status_if_new: 'subscribed',
        merge_fields: { FNAME: row.first_name, LNAME: row.last_name },
      }));
      const answer = ok(await mc.upsertMembers(account.apiKey, account.listId, members), 'adding the members');
      for (const member of [...(answer.new_members ?? []), ...(answer.updated_members ?? [])]) {
        if (member.status !== 'subscribed') {
          refused.set(member.email_address.toLowerCase(), `The address is ${member.status} in Mailchimp's audience.`);
        }
      }
      for (const error of answer.errors ?? []) {
        if (error.email_address) {
          refused.set(error.email_address.toLowerCase(), `Mailchimp refused the address: ${error.error ?? ''}`.trim());
        }
      }
      await touch();
    }
    const reached = rows.filter((row) => !refused.has(row.email.toLowerCase()));
    const emails = reached.map((row) => row.email);
    if (reached.length === 0) {
      // Mailchimp would send to no one: nothing is made there.
      await record(rows, reached, refused, null, false);
      return;
    }

    // 2. The static segment of exactly them (made once; a resume adds to the same one).
    let segmentId = campaign.mailchimpSegmentId;
    let start = 0;
    if (!segmentId) {
      const first = emails.slice(0, CHUNK);
      const segment = ok(
        await mc.createStaticSegment(
          account.apiKey,
          account.listId,
          `${campaign.name.slice(0, 80)} (${campaign.id.slice(0, 8)})`,
          first,
        ),
        'making the segment',
      );
      segmentId = String(segment.id);
      start = first.length;
      const id = segmentId;
      await withTenant(platform.db, tenantId, (tx) =>
        tx.update(campaigns).set({ mailchimpSegmentId: id }).where(where),
      );
    }
    for (let i = start; i < emails.length; i += CHUNK) {
      ok(
        await mc.addToSegment(account.apiKey, account.listId, segmentId, emails.slice(i, i + CHUNK)),
        'adding to the segment',
      );
      await touch();
    }

    // 3. The campaign (made once), its settings and content.
    const fresh = (await read()) ?? campaign;
    if (fresh.status !== 'sending') {
      await withTenant(platform.db, tenantId, (tx) => release(tx, rows));
      return;
    }
    const later = !!fresh.scheduledAt && fresh.scheduledAt.getTime() > platform.clock.now().getTime();
    // Sent or scheduled already by an earlier try whose answer was lost: only recorded here.
    const before = fresh.mailchimpCampaignId
      ? ok(await mc.campaign(account.apiKey, fresh.mailchimpCampaignId), 'reading the campaign').status
      : 'save';
    const handedOver = before === 'sent' || before === 'sending' || before === 'schedule';
    const mcId = handedOver
      ? (fresh.mailchimpCampaignId as string)
      : await readyCampaign(platform, tenant, mc, account, fresh, segmentId);

    // 4. Sent now, or scheduled with Mailchimp for its time.
    if (!handedOver) {
      if (later && fresh.scheduledAt) {
        ok(
          await mc.action(account.apiKey, mcId, 'schedule', { schedule_time: fresh.scheduledAt.toISOString() }),
          'scheduling the campaign',
        );
      } else ok(await mc.action(account.apiKey, mcId, 'send'), 'sending the campaign');
    }

    await record(rows, reached, refused, mcId, later);
    // Its opens, clicks, bounces and unsubscribes are Mailchimp's: read back now, then hourly.
    if (!later) await queueMailchimpReport(platform, { tenantId, campaignId });
  } catch (error) {
    if (!(error instanceof Stop)) {
      await withTenant(platform.db, tenantId, (tx) => release(tx, rows));
      throw error;
    }
    await pause(error.message, rows);
  }

  /** Recorded: handed over (sent, or queued at Mailchimp until its time), or refused by Mailchimp. */
  async function record(
    rows: Claimed[],
    reached: Claimed[],
    refused: Map<string, string>,
    mcId: string | null,
    later: boolean,
  ) {
    const now = platform.clock.now();
    await withTenant(platform.db, tenantId, async (tx) => {
      await inChunks(reached, (part) =>
        tx.execute(sql`update campaign_recipients set
            status = ${later ? 'queued' : 'sent'}, message_id = ${mcId}, sent_at = ${later ? null : now.toISOString()}::timestamptz
          where tenant_id = ${tenantId}::uuid and campaign_id = ${campaignId}::uuid
            and contact_id = any(${uuidArray(part.map((row) => row.contact_id))})`),
      );
      for (const row of rows.filter((r) => refused.has(r.email.toLowerCase()))) {
        await tx.execute(sql`update campaign_recipients set status = 'failed',
            last_error = ${(refused.get(row.email.toLowerCase()) ?? '').slice(0, 500)}
          where tenant_id = ${tenantId}::uuid and campaign_id = ${campaignId}::uuid and contact_id = ${row.contact_id}::uuid`);
      }
      await tx
        .update(campaigns)
        .set(
          later
            ? { status: 'scheduled', updatedAt: now }
            : { status: 'sent', finishedAt: now, pausedReason: '', updatedAt: now },
        )
        .where(and(where, eq(campaigns.status, 'sending')));
    });
  }
}

/** The minute job: a campaign Mailchimp holds until its time is sent once that time has come. */
export async function markMailchimpScheduledSent(platform: Platform, tenantId: string, campaignId: string) {
  const now = platform.clock.now();
  let marked = false;
  await withTenant(platform.db, tenantId, async (tx) => {
    const [row] = await tx
      .update(campaigns)
      .set({ status: 'sent', finishedAt: now, updatedAt: now })
      .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, campaignId), eq(campaigns.status, 'scheduled')))
      .returning({ at: campaigns.scheduledAt });
    if (!row) return;
    await tx.execute(sql`update campaign_recipients set status = 'sent', sent_at = ${(row.at ?? now).toISOString()}::timestamptz
      where tenant_id = ${tenantId}::uuid and campaign_id = ${campaignId}::uuid and status = 'queued'`);
    marked = true;
  });
  if (marked) await queueMailchimpReport(platform, { tenantId, campaignId });
}

/** Runs `work` on parts of at most 1,000 (a statement's parameters are limited). */
async function inChunks<T>(items: T[], work: (part: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += 1000) await work(items.slice(i, i + 1000));
}

function uuidArray(ids: string[]) {
  return sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::uuid[]`;
}
