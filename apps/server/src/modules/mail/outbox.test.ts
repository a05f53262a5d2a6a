import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTenant, startTestApp, type TestTenant } from '../../../test/helpers.ts';
import { dropQueues } from '../../../test/jobs.ts';
import { startSmtpServer } from '../../../test/smtp.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema/index.ts';
import { JobRunner } from '../jobs/job-runner.ts';
import { enqueueEmail, Outbox } from './outbox.ts';

let app: App;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let tenant: TestTenant;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({ smtpUrl: smtp.url });
  tenant = await newTenant(app);
});
afterAll(() => smtp.close());

const address = (what: string) => `${what}-${randomBytes(4).toString('hex')}@outbox.test`;
const write = (to: string) =>
  withTenant(app.platform.db, tenant.tenantId, (tx) =>
    enqueueEmail(tx, tenant.tenantId, { to, subject: `To ${to}`, text: 'Hello' }),
  );
const rowTo = async (to: string) => {
  const [row] = await app.platform.db
    .select()
    .from(outboxEmails)
    .where(and(eq(outboxEmails.tenantId, tenant.tenantId), eq(outboxEmails.toAddress, to)));
  return row;
};
const receivedBy = (to: string) => smtp.received.filter((mail) => mail.to.includes(to)).length;

describe('the email outbox on the job runner', () => {
  it('sends nothing for a rolled-back transaction, and a committed email exactly once over SMTP', async () => {
    const rolledBack = address('rolled');
    const committed = address('committed');
    await expect(
      withTenant(app.platform.db, tenant.tenantId, async (tx) => {
        await enqueueEmail(tx, tenant.tenantId, { to: rolledBack, subject: 'Never', text: 'Never' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await write(committed);
    // Kicked from several places at once (requests, a second process, the sweep): still one job, one email.
    await Promise.all([app.platform.outbox.kick(), app.platform.outbox.kick(), app.platform.outbox.kick()]);
    await app.platform.outbox.kick();

    expect((await smtp.waitFor(committed)).text).toContain(`Subject: To ${committed}`);
    expect(receivedBy(committed)).toBe(1);
    expect(await rowTo(committed)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(await rowTo(rolledBack)).toBeUndefined();
    expect(receivedBy(rolledBack)).toBe(0);
  });

  it('is from the studio, never the platform: its name on the sending address, replies to the studio', async () => {
    const studio = await newTenant(app, {
      name: 'Lotus Yoga',
      settings: { fromEmailName: 'Lotus & Co', email: 'hello@lotus.test' },
    });
    const plain = await newTenant(app, { name: 'Cedar Dance' });
    const to = address('sender');
    const other = address('sender-plain');
    await withTenant(app.platform.db, studio.tenantId, (tx) =>
      enqueueEmail(tx, studio.tenantId, { to, subject: 'Welcome', text: 'Hello' }),
    );
    await withTenant(app.platform.db, plain.tenantId, (tx) =>
      enqueueEmail(tx, plain.tenantId, { to: other, subject: 'Welcome', text: 'Hello' }),
    );
    await app.platform.outbox.kick();
    const mail = (await smtp.waitFor(to)).text;
    expect(mail).toMatch(/^From: "Lotus & Co" <[^>]+@[^>]+>$/m);
    expect(mail).toMatch(/^Reply-To: hello@lotus\.test$/m);
    const plainMail = (await smtp.waitFor(other)).text;
    expect(plainMail).toMatch(/^From: Cedar Dance <[^>]+>$/m);
    expect(plainMail).not.toMatch(/^Reply-To:/m);
    for (const raw of [mail, plainMail]) expect(raw).not.toContain('Atrium');
  });

  it('the sweep queues an email whose kick never came (a crash after commit); it is sent once', async () => {
    const orphan = address('orphan');
    await write(orphan);
    await app.platform.db
      .update(outboxEmails)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(eq(outboxEmails.toAddress, orphan));
    expect(await app.platform.outbox.sweep()).toBeGreaterThanOrEqual(1);
    await app.platform.jobs.drain(app.platform.outbox.queue);
    expect(receivedBy(orphan)).toBe(1);
    expect(await rowTo(orphan)).toMatchObject({ status: 'sent', attempts: 1 });
    await app.platform.outbox.sweep();
    await app.platform.outbox.kick();
    expect(receivedBy(orphan)).toBe(1);
  });

  it('retries a refused email with backoff; after the last attempt the row is failed with the error', async () => {
    // Its own queue, so no other app on a shared test database takes these jobs.
    const queue = `email-test-${randomBytes(4).toString('hex')}`;
    const jobs = new JobRunner({ db: app.platform.database.sql, log: app.log, pollingSeconds: 0.5 });
    const outbox = new Outbox(app.platform.db, jobs, {
      smtpUrl: smtp.url,
      from: 'Studio <studio@outbox.test>',
      log: app.log,
      retryLimit: 1,
      retryDelaySeconds: 1,
      queue,
    });
    await jobs.start();
    try {
      const flaky = address('flaky');
      const dead = address('dead');
      smtp.rejecting.add(flaky);
      smtp.rejecting.add(dead);
      await write(flaky);
      await write(dead);
      for (const to of [flaky, dead]) {
        const row = await rowTo(to);
        await outbox.send({ tenantId: tenant.tenantId, emailId: row?.id ?? '' });
      }
      await jobs.drain(queue);
      expect(await rowTo(flaky)).toMatchObject({ status: 'pending', attempts: 1 });
      expect((await rowTo(flaky))?.lastError).toContain('unavailable');
      smtp.rejecting.delete(flaky);

      const deadline = Date.now() + 20_000;
      while ((await rowTo(dead))?.status !== 'failed' || (await rowTo(flaky))?.status !== 'sent') {
        if (Date.now() > deadline) throw new Error('the retries did not end');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await rowTo(flaky)).toMatchObject({ status: 'sent', attempts: 2 });
      expect(receivedBy(flaky)).toBe(1);
      const failed = await rowTo(dead);
      expect(failed).toMatchObject({ status: 'failed', attempts: 2, sentAt: null });
      expect(failed?.lastError).toContain(`mailbox ${dead} unavailable`);
      expect(receivedBy(dead)).toBe(0);
    } finally {
      await jobs.stop();
      await dropQueues(app.platform.database.sql, [queue, `${queue}-sweep`]);
    }
  });

  it('without SMTP_URL the email is written to the log', async () => {
    const lines: object[] = [];
    const queue = `email-log-${randomBytes(4).toString('hex')}`;
    const jobs = new JobRunner({ db: app.platform.database.sql, log: app.log, work: false });
    const log = { info: (details: object) => void lines.push(details), warn() {} };
    const outbox = new Outbox(app.platform.db, jobs, { smtpUrl: null, from: 'x', log, queue });
    await jobs.start();
    try {
      const to = address('logged');
      await write(to);
      await outbox.send({ tenantId: tenant.tenantId, emailId: (await rowTo(to))?.id ?? '' });
      await jobs.drain(queue);
      expect(lines).toEqual([{ to, subject: `To ${to}`, text: 'Hello' }]);
      expect(await rowTo(to)).toMatchObject({ status: 'sent' });
    } finally {
      await jobs.stop();
      await dropQueues(app.platform.database.sql, [queue, `${queue}-sweep`]);
    }
  });
});
