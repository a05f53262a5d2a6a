import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { type Tx, withTenant } from '../../db/client.ts';
import { outboxSms } from '../../db/schema/index.ts';
import type { Platform } from '../../platform.ts';
import { listCredentials } from '../integrations/integrations.repo.ts';
import { CredentialVault, credentialsKey } from '../integrations/vault.ts';
import { type SmsAccount, SmsSendError, sendSms } from './sms-providers.ts';

// Text messages through the tenant's own Twilio or Plivo (integration settings), like the email
// outbox: a row written in the caller's transaction, one job per row (the row's id), so it is sent
// once however often it is queued; retried with backoff on a provider's 5xx or no answer, then
// recorded as failed with its last error.

export const SMS_QUEUE = 'sms-send';
const SWEEP_QUEUE = 'sms-send-sweep';
const SWEEP_AFTER_MS = 60_000;
/** Longer than a provider's answer can take (its client times out well before). */
const CLAIM_SECONDS = 120;

export interface OutgoingSms {
  to: string;
  body: string;
  kind: 'class-reminder' | 'waitlist-hold' | 'waitlist-hold-lapsed';
}

interface SmsJob {
  tenantId: string;
  smsId: string;
}

/**
 * Messages written by this process and not yet queued: a kick queues those committed, as the email
 * outbox does. Another process's rows are its own kick's, or the minute sweep's when it crashed.
 */
const written = new Map<string, SmsJob & { at: number }>();

/** Writes a text message inside the caller's transaction; kickSms sends it after commit. */
export async function enqueueSms(tx: Tx, tenantId: string, sms: OutgoingSms): Promise<void> {
  const [row] = await tx
    .insert(outboxSms)
    .values({ tenantId, toPhone: sms.to, body: sms.body, kind: sms.kind })
    .returning({ id: outboxSms.id });
  if (row) written.set(row.id, { tenantId, smsId: row.id, at: Date.now() });
}

/** Queues this process's committed messages (a row of a transaction still open waits for the next kick). */
async function queueWritten(platform: Platform): Promise<number> {
  const mine = [...written.values()];
  if (mine.length === 0) return 0;
  const committed = await platform.db
    .select({ tenantId: outboxSms.tenantId, smsId: outboxSms.id })
    .from(outboxSms)
    .where(
      and(
        inArray(outboxSms.tenantId, [...new Set(mine.map((m) => m.tenantId))]),
        inArray(
          outboxSms.id,
          mine.map((m) => m.smsId),
        ),
      ),
    );
  for (const job of committed) {
    written.delete(job.smsId);
    await platform.jobs.send(SMS_QUEUE, job, { id: job.smsId });
  }
  // a rolled-back write never appears: forgotten after the sweep's minute
  for (const m of mine) if (Date.now() - m.at > SWEEP_AFTER_MS) written.delete(m.smsId);
  return committed.length;
}

/** A tenant's active SMS account, opened from the vault; null when none is integrated. */
export async function accountOf(
  platform: Platform,
  vault: CredentialVault,
  tenantId: string,
): Promise<SmsAccount | null> {
  const rows = await withTenant(platform.db, tenantId, (tx) => listCredentials(tx, tenantId, 'sms'));
  const row = rows.find((r) => r.isIntegrated);
  if (!row) return null;
  const secrets = vault.open(tenantId, row.provider, row);
  const pub = (row.publicFields ?? {}) as Record<string, unknown>;
  const s = (key: string) => (typeof pub[key] === 'string' ? (pub[key] as string) : '');
  if (row.provider === 'twilio') {
    return {
      provider: 'twilio',
      sid: s('twilioSid'),
      token: secrets.twilioToken ?? '',
      phone: s('twilioPhone'),
      messagingServiceId: s('twilioMesagingId'),
    };
  }
  if (row.provider === 'plivo') {
    return {
      provider: 'plivo',
      authId: s('plivoAuthId'),
      authToken: secrets.plivoAuthToken ?? '',
      senderId: s('plivoSenderId'),
    };
  }
  return null;
}

const registered = new WeakSet<Platform>();

export interface SmsOptions {
  retryLimit?: number;
  retryDelaySeconds?: number;
}

/** The send job, its dead letter and the minute sweep; once per platform, before buildApp ends. */
export function registerSms(platform: Platform, options: SmsOptions = {}): void {
  if (registered.has(platform)) return;
  registered.add(platform);
  let vault: Promise<CredentialVault> | null = null;
  const vaultOf = () => {
    vault ??= credentialsKey(platform.db, platform.config).then((key) => new CredentialVault(key));
    return vault;
  };
  const where = ({ tenantId, smsId }: SmsJob) => and(eq(outboxSms.tenantId, tenantId), eq(outboxSms.id, smsId));
  const fail = (job: SmsJob, lastError: string) =>
    platform.db
      .update(outboxSms)
      .set({ status: 'failed', lastError, attempts: sql`${outboxSms.attempts} + 1` })
      .where(and(where(job), eq(outboxSms.status, 'pending')));

  platform.jobs.register<SmsJob>(
    SMS_QUEUE,
    async (job) => {
      // The account first (its lookup may fail and be retried), then the row is claimed for the
      // length of one send, so a kick's job and a retry never both send it.
      const [pending] = await platform.db
        .select({ id: outboxSms.id })
        .from(outboxSms)
        .where(and(where(job), eq(outboxSms.status, 'pending')));
      if (!pending) return;
      const account = await accountOf(platform, await vaultOf(), job.tenantId);
      if (!account) return void (await fail(job, 'no SMS provider connected'));
      const [sms] = await platform.db
        .update(outboxSms)
        .set({ claimedUntil: sql`now() + interval '${sql.raw(String(CLAIM_SECONDS))} seconds'` })
        .where(
          and(
            where(job),
            eq(outboxSms.status, 'pending'),
            or(isNull(outboxSms.claimedUntil), lte(outboxSms.claimedUntil, sql`now()`)),
          ),
        )
        .returning();
      if (!sms) return;
      try {
        const id = await sendSms(platform.config.providerUrls, account, sms.toPhone, sms.body);
        await platform.db
          .update(outboxSms)
          .set({
            status: 'sent',
            sentAt: new Date(),
            provider: account.provider,
            providerMessageId: id,
            attempts: sql`${outboxSms.attempts} + 1`,
          })
          .where(where(job));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (error instanceof SmsSendError && !error.retryable) return void (await fail(job, message.slice(0, 500)));
        await platform.db
          .update(outboxSms)
          .set({
            attempts: sql`${outboxSms.attempts} + 1`,
            lastError: message.slice(0, 500),
            provider: account.provider,
            claimedUntil: null,
          })
          .where(where(job));
        throw error; // retried with backoff, then dead-lettered
      }
    },
    {
      retryLimit: options.retryLimit ?? 4,
      retryDelaySeconds: options.retryDelaySeconds ?? 10,
      retryBackoff: true,
      batchSize: 10,
      onDeadLetter: async (job) => {
        await platform.db
          .update(outboxSms)
          .set({ status: 'failed' })
          .where(and(where(job), eq(outboxSms.status, 'pending')));
      },
    },
  );
  platform.jobs.register(SWEEP_QUEUE, async () => void (await queuePendingSms(platform, SWEEP_AFTER_MS)), {
    retryLimit: 0,
  });
  platform.jobs.schedule(SWEEP_QUEUE, '* * * * *');
  platform.outbox.onKick(() => kickSms(platform));
}

/** Queues a send job for every pending message at least `olderThanMs` old (one job per row id). */
async function queuePendingSms(platform: Platform, olderThanMs: number): Promise<number> {
  const pending = await platform.db
    .select({ tenantId: outboxSms.tenantId, smsId: outboxSms.id })
    .from(outboxSms)
    .where(and(eq(outboxSms.status, 'pending'), lte(outboxSms.createdAt, new Date(Date.now() - olderThanMs))))
    .orderBy(asc(outboxSms.createdAt))
    .limit(500);
  for (const job of pending) await platform.jobs.send(SMS_QUEUE, job, { id: job.smsId });
  return pending.length;
}

/** After a commit that wrote messages: queues this process's and sends them now (tests await it). */
export async function kickSms(platform: Platform): Promise<void> {
  if ((await queueWritten(platform)) > 0) await platform.jobs.drain(SMS_QUEUE);
}
