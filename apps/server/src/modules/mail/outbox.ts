import { and, asc, eq, lte, type SQL, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, Tx } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema/index.ts';
import type { JobRunner } from '../jobs/job-runner.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Writes an email to the outbox inside the caller's transaction; it is sent after commit. */
export async function enqueueEmail(tx: Tx, tenantId: string, email: OutgoingEmail): Promise<void> {
  await tx.insert(outboxEmails).values({
    tenantId,
    toAddress: email.to,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html ?? null,
  });
}

export interface EmailJob {
  tenantId: string;
  emailId: string;
}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface OutboxOptions {
  smtpUrl: string | null;
  from: string;
  log: Logger;
  /** Retries after the first attempt (default 4) and the wait before the first one, doubling after (default 10 s). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** The send queue's name (its sweep's is this plus '-sweep'); tests give their own. */
  queue?: string;
}

/** Emails that wait longer than this are picked up by the sweep (a crash between commit and kick). */
const SWEEP_AFTER_MS = 60_000;
const SWEEP_BATCH = 500;

/**
 * Sends the outbox's emails through the job runner, outside any request, on the owner connection
 * (a platform job, across tenants). Each pending row gets one send job whose id is the row's id,
 * so however often it is queued (after its commit, by the sweep, from several processes) it is sent
 * once. Without SMTP_URL the message is written to the log instead, so a developer on the embedded
 * default can still follow a reset link.
 */
export class Outbox {
  readonly queue: string;
  readonly #transport: Transporter | null;
  #kicking: Promise<void> | null = null;
  #again = false;

  constructor(
    private readonly db: Db,
    private readonly jobs: JobRunner,
    private readonly options: OutboxOptions,
  ) {
    this.queue = options.queue ?? 'email-send';
    this.#transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
    jobs.register<EmailJob>(this.queue, (job) => this.#send(job), {
      retryLimit: options.retryLimit ?? 4,
      retryDelaySeconds: options.retryDelaySeconds ?? 10,
      retryBackoff: true,
      batchSize: 10,
      onDeadLetter: (job) => this.#giveUp(job),
    });
    const sweep = `${this.queue}-sweep`;
    jobs.register(sweep, async () => void (await this.sweep()), { retryLimit: 0 });
    jobs.schedule(sweep, '* * * * *');
  }

  /**
   * Queues and sends the new emails now; called after a commit that wrote to the outbox (tests
   * await it). Emails already tried wait for their retry.
   */
  kick(): Promise<void> {
    if (this.#kicking) {
      this.#again = true;
      return this.#kicking;
    }
    this.#kicking = (async () => {
      do {
        this.#again = false;
        await this.#queuePending(eq(outboxEmails.attempts, 0));
        await this.jobs.drain(this.queue);
      } while (this.#again);
    })().finally(() => {
      this.#kicking = null;
    });
    return this.#kicking;
  }

  /** Queues a send job for every email left pending over a minute (the cron; a crash between commit and kick). */
  sweep(): Promise<number> {
    return this.#queuePending(lte(outboxEmails.createdAt, new Date(Date.now() - SWEEP_AFTER_MS)));
  }

  async #queuePending(condition: SQL): Promise<number> {
    const pending = await this.db
      .select({ tenantId: outboxEmails.tenantId, emailId: outboxEmails.id })
      .from(outboxEmails)
      .where(and(eq(outboxEmails.status, 'pending'), lte(outboxEmails.availableAt, new Date()), condition))
      .orderBy(asc(outboxEmails.createdAt))
      .limit(SWEEP_BATCH);
    for (const email of pending) await this.send(email);
    return pending.length;
  }

  /** Queues the send job of one outbox row (its id is the job's, so it is queued once). */
  async send(email: EmailJob): Promise<void> {
    await this.jobs.send(this.queue, email, { id: email.emailId });
  }

  async #send({ tenantId, emailId }: EmailJob): Promise<void> {
    const where = and(eq(outboxEmails.tenantId, tenantId), eq(outboxEmails.id, emailId));
    const [email] = await this.db.select().from(outboxEmails).where(where);
    if (email?.status !== 'pending') return;
    try {
      if (this.#transport) {
        await this.#transport.sendMail({
          from: this.options.from,
          to: email.toAddress,
          subject: email.subject,
          text: email.textBody,
          html: email.htmlBody ?? undefined,
        });
      } else {
        this.options.log.info(
          { to: email.toAddress, subject: email.subject, text: email.textBody },
          'email (no SMTP_URL set)',
        );
      }
    } catch (error) {
      const lastError = String(error instanceof Error ? error.message : error).slice(0, 500);
      await this.db
        .update(outboxEmails)
        .set({ attempts: sql`${outboxEmails.attempts} + 1`, lastError })
        .where(where);
      throw error; // the runner retries it with backoff, then dead-letters it
    }
    await this.db
      .update(outboxEmails)
      .set({ status: 'sent', sentAt: new Date(), attempts: sql`${outboxEmails.attempts} + 1` })
      .where(where);
  }

  /** The last attempt failed: the row is the dead letter, kept with its last error. */
  async #giveUp({ tenantId, emailId }: EmailJob): Promise<void> {
    await this.db
      .update(outboxEmails)
      .set({ status: 'failed' })
      .where(
        and(eq(outboxEmails.tenantId, tenantId), eq(outboxEmails.id, emailId), eq(outboxEmails.status, 'pending')),
      );
  }

  /** After the job runner has stopped. */
  close(): void {
    this.#transport?.close();
  }
}
