import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSmtpServer } from '../apps/server/test/smtp.ts';

/**
 * One SMTP server for the whole run, on the port the web server sends to (E2E_SMTP_PORT), and a small
 * HTTP mailbox beside it (E2E_MAILBOX_PORT) through which any spec, in any worker, reads what arrived:
 * specs that read mail no longer take turns on the mail port.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const smtp = await startSmtpServer(Number(process.env.E2E_SMTP_PORT));
  const mailbox = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://mailbox');
    if (request.method !== 'GET' || url.pathname !== '/messages') {
      response.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get('to');
    const messages = to ? smtp.received.filter((mail) => mail.to.includes(to)) : smtp.received;
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(messages));
  });
  await new Promise<void>((resolve, reject) => {
    mailbox.once('error', reject);
    mailbox.listen(Number(process.env.E2E_MAILBOX_PORT), '127.0.0.1', () => resolve());
  });
  if ((mailbox.address() as AddressInfo).port !== Number(process.env.E2E_MAILBOX_PORT)) {
    throw new Error('the mailbox did not take its port');
  }
  return async () => {
    await new Promise<void>((resolve) => mailbox.close(() => resolve()));
    await smtp.close();
  };
}
