import { and, asc, eq, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, Tx } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema/index.ts';

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

const MAX_ATTEMPTS = 5;
const BATCH = 20;

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Sends pending outbox emails over SMTP, outside any request. Runs on the owner connection
 * (platform job, across tenants). Without SMTP_URL the message is written to the log instead,
 * so a developer on the embedded default can still follow a reset link.
 */
export class OutboxWorker {
  private transport: Transporter | null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly db: Db,
    smtpUrl: string | null,
    private readonly from: string,
    private readonly log: Logger,
    private readonly pollMs = 2_000,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  start(): void {
    this.timer ??= setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
  }

  /** Drains the outbox now (called after a commit that wrote to it). */
  kick(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.drain();
      } while (this.again);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    this.transport?.close();
  }

  private async drain(): Promise<void> {
    for (;;) {
      const batch = await this.db
        .select()
        .from(outboxEmails)
        .where(and(eq(outboxEmails.status, 'pending'), lte(outboxEmails.availableAt, new Date())))
        .orderBy(asc(outboxEmails.createdAt))
        .limit(BATCH);
      if (batch.length === 0) return;
      for (const email of batch) await this.send(email);
    }
  }

  private async send(email: typeof outboxEmails.$inferSelect): Promise<void> {
    const where = and(eq(outboxEmails.tenantId, email.tenantId), eq(outboxEmails.id, email.id));
    try {
      if (this.transport) {
        await this.transport.sendMail({
          from: this.from,
          to: email.toAddress,
          subject: email.subject,
          text: email.textBody,
          html: email.htmlBody ?? undefined,
        });
      } else {
        this.log.info({ to: email.toAddress, subject: email.subject, text: email.textBody }, 'email (no SMTP_URL set)');
      }
      await this.db
        .update(outboxEmails)
        .set({ status: 'sent', sentAt: new Date(), attempts: email.attempts + 1 })
        .where(where);
    } catch (error) {
      const attempts = email.attempts + 1;
      this.log.warn({ err: error, to: email.toAddress, attempts }, 'email send failed');
      await this.db
        .update(outboxEmails)
        .set({
          attempts,
          lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
          status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
          availableAt: sql`now() + make_interval(secs => ${2 ** attempts * 5})`,
        })
        .where(where);
    }
  }
}
