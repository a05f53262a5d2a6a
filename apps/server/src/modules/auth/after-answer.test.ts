import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTenant, startTestApp } from '../../../test/helpers.ts';
import { startSmtpServer } from '../../../test/smtp.ts';

/**
 * Forgot-password and registration answer first and do their lookup and email after the answer
 * (`answerThen`). A graceful shutdown (app.close(), as main.ts does on SIGTERM) waits for that work.
 */
const url = process.env.TEST_DATABASE_URL ?? null;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

describe('shutdown and the work after an answer', () => {
  it('sends the reset email of a forgot-password answered just before close, even when its write is held up', async () => {
    const app = await startTestApp({ smtpUrl: smtp.url });
    const t = await newTenant(app);
    const email = t.users.student.email;
    // On PostgreSQL another connection holds the outbox table: the follow-up's email row waits for it.
    const blocker = url ? new pg.Client({ connectionString: url }) : null;
    if (blocker) {
      await blocker.connect();
      await blocker.query('begin');
      await blocker.query('lock table outbox_emails in share mode');
    }
    const answer = await app.inject({
      method: 'POST',
      url: '/public/user/forgotPassword',
      headers: { host: t.host },
      payload: { email },
      remoteAddress: '10.40.0.1',
    });
    expect(answer.statusCode).toBe(200);
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    if (blocker) {
      await Promise.race([closing, sleep(3_000)]);
      const closedWhileHeld = closed;
      await blocker.query('rollback');
      await blocker.end();
      expect(closedWhileHeld).toBe(false);
    }
    await closing;
    // Delivered by the time close() resolved: nothing left for a process about to exit.
    const delivered = smtp.received.filter((mail) => mail.to.includes(email));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.text).toContain('/reset-password?token=');
  });

  it('waits for work after an answer at most the bound, then closes anyway', async () => {
    const app = await startTestApp({ smtpUrl: smtp.url }, { afterAnswerWaitMs: 300 });
    let finished = false;
    void app.platform.afterAnswer.run(async () => {
      await sleep(100);
      finished = true;
    }, app.log);
    void app.platform.afterAnswer.run(() => new Promise<void>(() => {}), app.log);
    const started = Date.now();
    await app.close();
    expect(finished).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(app.platform.afterAnswer.pending).toBe(1);
  });
});
