import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import { withTenant } from '../../db/client.ts';
import { campaigns } from '../../db/schema/index.ts';
import type { Platform } from '../../platform.ts';
import { textArray } from '../contacts/contact-list.repo.ts';
import { rowsOf } from './campaign-audience.ts';
import { type ClaimedRecipient, personColumns } from './campaign-recipients.ts';
import type { ApiEmail, ApiSender, SendOutcome } from './campaign-senders.ts';

// A batch through a provider's API (Brevo, a mailbox), step by step: its rows claimed with a lease
// and a send key, its emails sent with the provider's limits, their outcomes written
// (campaign-sending.ts's sendApiBatch puts them together).

/** Brevo calls in flight at once within a batch (one call per recipient). */
const BREVO_PARALLEL = 16;
/** Sends with no answer tried again (with their key, 1 s then 2 s later) before the campaign pauses. */
const NO_ANSWER_TRIES = 2;

type Job = { tenantId: string; campaignId: string };

export interface ApiClaimed extends ClaimedRecipient {
  send_key: string;
  /** The key the row already had: it was claimed before and its send was never confirmed. */
  old_key: string | null;
}

export interface SendResult {
  contactId: string;
  outcome: SendOutcome | null;
}

/**
 * Claims up to `size` rows of a sending campaign in one transaction (status claimed, a lease, a send
 * key kept for good): rows left claimed past `leaseSeconds` (a dead worker's) first, then pending ones.
 * None once the campaign is no longer sending.
 */
export function claimApiRows(platform: Platform, job: Job, size: number, leaseSeconds: number): Promise<ApiClaimed[]> {
  const { tenantId, campaignId } = job;
  return withTenant(platform.db, tenantId, async (tx) => {
    const [locked] = await tx
      .select({ status: campaigns.status })
      .from(campaigns)
      .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, campaignId)))
      .for('share');
    if (locked?.status !== 'sending') return [];
    return rowsOf<ApiClaimed>(
      tx,
      // Rows left claimed past their lease (a dead worker's) first, then pending ones. No ORDER BY,
      // and the update also names the picked ids as an array: with the statistics of a table just
      // filled (50,000 rows) the planner otherwise joined the pick to every row of the campaign (3.6 s
      // a batch, bench:campaigns); this way a batch is claimed in milliseconds.
      sql`with stale as (select contact_id, send_key as old_key from campaign_recipients
            where tenant_id = ${tenantId}::uuid and campaign_id = ${campaignId}::uuid and status = 'claimed'
              and claimed_at < now() - make_interval(secs => ${leaseSeconds})
            limit ${size} for update skip locked),
        fresh as (select contact_id, send_key as old_key from campaign_recipients
            where tenant_id = ${tenantId}::uuid and campaign_id = ${campaignId}::uuid and status = 'pending'
            limit ${size} for update skip locked),
        pick as (select * from (select * from stale union all select * from fresh) both_kinds limit ${size})
      update campaign_recipients r set status = 'claimed', claimed_at = now(),
        send_key = coalesce(r.send_key, gen_random_uuid())
      from pick
      where r.tenant_id = ${tenantId}::uuid and r.campaign_id = ${campaignId}::uuid and r.contact_id = pick.contact_id
        and r.contact_id = any(array(select contact_id from pick))
      returning r.contact_id, r.email, r.first_name, r.last_name, r.send_key, pick.old_key,
        ${personColumns(tenantId, sql`r.contact_id`, platform.clock.now())}`,
    );
  });
}

/**
 * Sends the queued emails, in parallel (Brevo) or one by one (a mailbox); a rate limit holds every
 * call until its reset. Each email's outcome goes to `results` (null: not sent, the provider stopped
 * first); answers the provider's reason for stopping, or null.
 */
export async function sendQueued(
  sender: ApiSender,
  queue: Array<{ row: ApiClaimed; email: ApiEmail }>,
  results: SendResult[],
): Promise<string | null> {
  let stopped: string | null = null;
  let notBefore = 0;
  const parallel = sender.provider === 'brevo' ? BREVO_PARALLEL : 1;
  const work = async () => {
    for (;;) {
      const next = queue.shift();
      if (!next || stopped !== null) {
        if (next) results.push({ contactId: next.row.contact_id, outcome: null });
        if (!next) return;
        continue;
      }
      let tries = 0;
      for (;;) {
        const wait = notBefore - Date.now();
        if (wait > 0) await sleep(wait);
        if (stopped !== null) {
          results.push({ contactId: next.row.contact_id, outcome: null });
          break;
        }
        const outcome = await sender.send(next.email);
        if (outcome.kind === 'wait') {
          notBefore = Math.max(notBefore, Date.now() + outcome.seconds * 1000);
          continue;
        }
        // No answer through a provider that dedupes by key: tried again (same key) before pausing.
        if (outcome.kind === 'stopped' && outcome.inDoubt && sender.resendsSafely && tries < NO_ANSWER_TRIES) {
          tries += 1;
          await sleep(500 * 2 ** tries);
          continue;
        }
        if (outcome.kind === 'stopped') stopped ??= outcome.reason;
        results.push({ contactId: next.row.contact_id, outcome });
        break;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, queue.length || 1) }, work));
  return stopped;
}

/** Writes a batch's outcomes, and pauses the campaign when its provider stopped. */
export async function recordResults(
  platform: Platform,
  job: Job,
  sender: ApiSender,
  results: SendResult[],
  stopped: string | null,
): Promise<void> {
  const { tenantId, campaignId } = job;
  const sent = results.flatMap((r) =>
    r.outcome?.kind === 'sent' ? [{ id: r.contactId, v: r.outcome.messageId }] : [],
  );
  const failed = results.flatMap((r) =>
    r.outcome?.kind === 'refused' ? [{ id: r.contactId, v: r.outcome.message }] : [],
  );
  // Not sent: back to pending. A send with no answer keeps its key, so a provider that dedupes by
  // key (Brevo) sends it once; a mailbox cannot tell, so that one recipient is failed, not retried.
  const inDoubt = results.filter((r) => r.outcome?.kind === 'stopped' && r.outcome.inDoubt);
  const back = results.filter(
    (r) => r.outcome === null || (r.outcome.kind === 'stopped' && (sender.resendsSafely || !r.outcome.inDoubt)),
  );
  if (!sender.resendsSafely) {
    for (const r of inDoubt) failed.push({ id: r.contactId, v: 'No answer from the mailbox; not sent again.' });
  }
  const now = platform.clock.now();
  await withTenant(platform.db, tenantId, async (tx) => {
    const where = sql`r.tenant_id = ${tenantId}::uuid and r.campaign_id = ${campaignId}::uuid and r.contact_id = v.contact_id`;
    if (sent.length > 0) {
      await tx.execute(sql`update campaign_recipients r set status = 'sent', message_id = v.value, sent_at = now()
        from (select unnest(${textArray(sent.map((s) => s.id))}::uuid[]) as contact_id,
                     unnest(${textArray(sent.map((s) => s.v))}) as value) v where ${where}`);
    }
    if (failed.length > 0) {
      await tx.execute(sql`update campaign_recipients r set status = 'failed', last_error = v.value
        from (select unnest(${textArray(failed.map((s) => s.id))}::uuid[]) as contact_id,
                     unnest(${textArray(failed.map((s) => s.v.slice(0, 500)))}) as value) v where ${where}`);
    }
    if (back.length > 0) {
      // Back to pending; in a campaign cancelled meanwhile, skipped like its other pending rows.
      await tx.execute(sql`update campaign_recipients r set
          status = case when c.status = 'cancelled' then 'skipped' else 'pending' end,
          send_key = ${sender.resendsSafely ? sql`r.send_key` : sql`null`}
        from (select unnest(${textArray(back.map((s) => s.contactId))}::uuid[]) as contact_id) v, campaigns c
        where ${where} and c.tenant_id = r.tenant_id and c.id = r.campaign_id`);
    }
    if (stopped !== null) {
      await tx
        .update(campaigns)
        .set({ status: 'paused', pausedReason: stopped.slice(0, 500), updatedAt: now })
        .where(and(eq(campaigns.tenantId, tenantId), eq(campaigns.id, campaignId), eq(campaigns.status, 'sending')));
    }
  });
}
