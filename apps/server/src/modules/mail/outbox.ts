import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, Tx } from '../../db/client.ts';
import { outboxEmails, tenants } from '../../db/schema/index.ts';
import type { JobRunner } from '../jobs/job-runner.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A file made at send time by the renderer registered for its kind (outbox.registerAttachment). */
  attachment?: AttachmentRef;
  /** Extra headers (a campaign's RFC 8058 List-Unsubscribe pair). */
  headers?: Record<string, string>;
  /** A display name and reply-to in place of the studio's (a campaign's). */
  sender?: { name?: string; replyTo?: string };
}

/** Names a file to make when the email is sent: the renderer's kind and the record it reads. */
export interface AttachmentRef {
  kind: string;
  ref: string;
}

export interface RenderedAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** Makes an attachment's file from its record, on the owner connection (a platform job). */
export type AttachmentRenderer = (tenantId: string, ref: string) => Promise<RenderedAttachment>;

export interface EmailJob {
  tenantId: string;
  emailId: string;
}

/** Emails written by this process and not yet queued, with when: the next kick queues those committed. */
const written = new Map<string, EmailJob & { at: number }>();

/** An email as the outbox keeps it (what is not given is null). */
function outboxRow(email: OutgoingEmail) {
  return {
    toAddress: email.to,
    subject: email.subject,
    textBody: email.text,
    htmlBody: email.html ?? null,
    attachment: email.attachment ?? null,
    headers: email.headers ?? null,
    sender: email.sender ?? null,
  };
}

/** Writes an email to the outbox inside the caller's transaction; it is sent after commit (kick). */
export async function enqueueEmail(tx: Tx, tenantId: string, email: OutgoingEmail): Promise<void> {
  const [row] = await tx
    .insert(outboxEmails)
    .values({ tenantId, ...outboxRow(email) })
    .returning({ id: outboxEmails.id });
  if (row) written.set(row.id, { tenantId, emailId: row.id, at: Date.now() });
}

/** Writes many emails in one statement, each with the id the caller chose (a campaign's batch). */
export async function enqueueEmails(
  tx: Tx,
  tenantId: string,
  emails: Array<OutgoingEmail & { id: string }>,
): Promise<void> {
  if (emails.length === 0) return;
  await tx.insert(outboxEmails).values(emails.map((email) => ({ tenantId, id: email.id, ...outboxRow(email) })));
  const at = Date.now();
  for (const email of emails) written.set(email.id, { tenantId, emailId: email.id, at });
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
  readonly #renderers = new Map<string, AttachmentRenderer>();
  readonly #afterKick: Array<() => Promise<void>> = [];
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

  /** Work run after each kick (the SMS outbox: messages written in the same transactions as emails). */
  onKick(run: () => Promise<void>): void {
    this.#afterKick.push(run);
  }

  /** The renderer of an attachment kind (a module registers its own before buildApp ends). */
  registerAttachment(kind: string, render: AttachmentRenderer): void {
    this.#renderers.set(kind, render);
  }

  async #attachmentsOf(tenantId: string, attachment: AttachmentRef | null): Promise<RenderedAttachment[]> {
    if (!attachment) return [];
    const render = this.#renderers.get(attachment.kind);
    if (!render) throw new Error(`no renderer for attachment kind '${attachment.kind}'`);
    return [await render(tenantId, attachment.ref)];
  }

  /**
   * Queues the emails this process wrote whose transaction committed, and sends them now; called
   * after a commit that wrote to the outbox (tests await it). Other processes' emails are theirs to
   * kick, and the sweep's.
   */
  kick(): Promise<void> {
    if (this.#kicking) {
      this.#again = true;
      return this.#kicking;
    }
    this.#kicking = (async () => {
      do {
        this.#again = false;
        await this.#queueWritten();
        await this.jobs.drain(this.queue);
        // What rides on a kick (the SMS outbox) never fails the email kick: its own sweep sends later.
        for (const run of this.#afterKick) {
          await run().catch((error: unknown) => this.options.log.warn({ err: error }, 'an after-kick step failed'));
        }
      } while (this.#again);
    })().finally(() => {
      this.#kicking = null;
    });
    return this.#kicking;
  }

  /** Queues a send job for every email left pending over a minute (the cron; a crash between commit and kick). */
  async sweep(): Promise<number> {
    const pending = await this.db
      .select({ tenantId: outboxEmails.tenantId, emailId: outboxEmails.id })
      .from(outboxEmails)
      .where(
        and(
          eq(outboxEmails.status, 'pending'),
          lte(outboxEmails.availableAt, new Date()),
          lte(outboxEmails.createdAt, new Date(Date.now() - SWEEP_AFTER_MS)),
        ),
      )
      .orderBy(asc(outboxEmails.createdAt))
      .limit(SWEEP_BATCH);
    for (const email of pending) await this.send(email);
    return pending.length;
  }

  /**
   * A row of a transaction still open is not visible yet: it waits for the next kick. A rolled-back
   * one never appears and is forgotten after the sweep's minute (the sweep would take it anyway).
   */
  async #queueWritten(): Promise<void> {
    const emails = [...written.values()];
    if (emails.length === 0) return;
    const committed = await this.db
      .select({ tenantId: outboxEmails.tenantId, emailId: outboxEmails.id })
      .from(outboxEmails)
      .where(
        and(
          inArray(outboxEmails.tenantId, [...new Set(emails.map((email) => email.tenantId))]),
          inArray(
            outboxEmails.id,
            emails.map((email) => email.emailId),
          ),
        ),
      );
    for (const email of committed) {
      written.delete(email.emailId);
      await this.send(email);
    }
    for (const email of emails) if (Date.now() - email.at > SWEEP_AFTER_MS) written.delete(email.emailId);
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
      const attachments = await this.#attachmentsOf(tenantId, email.attachment);
      if (this.#transport) {
        const sender = await this.#senderOf(tenantId, email.sender);
        await this.#transport.sendMail({
          attachments,
          from: sender.from,
          ...(sender.replyTo ? { replyTo: sender.replyTo } : {}),
          ...(email.headers ? { headers: email.headers } : {}),
          to: email.toAddress,
          subject: email.subject,
          text: email.textBody,
          html: email.htmlBody ?? undefined,
        });
      } else {
        this.options.log.info(
          {
            to: email.toAddress,
            subject: email.subject,
            text: email.textBody,
            ...(attachments.length > 0
              ? { attachments: attachments.map((a) => ({ filename: a.filename, bytes: a.content.length })) }
              : {}),
          },
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

  /**
   * Who an email is from: the studio, never the platform (white label). The display name is the
   * account's From Email Name, else the studio's name; the address stays the platform's sending
   * address (MAIL_FROM), which the mail server is allowed to send for, and replies go to the
   * studio's own From Email (Account Settings keeps it as the account's email).
   */
  async #senderOf(
    tenantId: string,
    own: { name?: string; replyTo?: string } | null = null,
  ): Promise<{ from: string | { name: string; address: string }; replyTo: string | null }> {
    const [tenant] = await this.db
      .select({ name: tenants.name, settings: tenants.settings })
      .from(tenants)
      .where(eq(tenants.id, tenantId));
    const address = /<([^>]+)>/.exec(this.options.from)?.[1] ?? this.options.from.trim();
    if (!tenant) return { from: this.options.from, replyTo: null };
    const name = own?.name?.trim() || (tenant.settings.fromEmailName ?? '').trim() || tenant.name;
    const replyTo = own?.replyTo?.trim() || (tenant.settings.email ?? '').trim() || null;
    return { from: { name, address }, replyTo };
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
