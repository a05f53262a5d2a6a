import type { ContactEmailList } from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, type TestTenant } from '../../../test/helpers.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { outboxEmails } from '../../db/schema/index.ts';
import { createContactVia, errorOf, startContactStudios } from './contact-fixtures.ts';

let app: App;
let a: TestTenant;
let b: TestTenant;
let tokens: Record<string, string>;

beforeAll(async () => {
  ({ app, a, b, tokens } = await startContactStudios(['admin', 'student']));
});

const emailsOf = (token: string, tenant: TestTenant, payload: object, query = '') =>
  app.inject({
    method: 'POST',
    url: `/esend/email/contact${query}`,
    headers: bearer(token, tenant.host),
    payload,
  });

type Status = 'pending' | 'sent' | 'failed';
async function mailed(tenant: TestTenant, to: string, subject: string, status: Status, minutesAgo: number) {
  const createdAt = new Date(Date.now() - minutesAgo * 60_000);
  await withTenant(app.platform.db, tenant.tenantId, (tx) =>
    tx.insert(outboxEmails).values({
      tenantId: tenant.tenantId,
      toAddress: to,
      subject,
      textBody: `Reset: https://x.test/reset?token=secret-${subject}`,
      htmlBody: `<a href="https://x.test/reset?token=secret-${subject}">reset</a>`,
      status,
      createdAt,
      sentAt: status === 'sent' ? createdAt : null,
    }),
  );
}

describe('POST /esend/email/contact', () => {
  it('answers the emails sent to the contact, newest first, paged: subject, status and times, never the body', async () => {
    const contact = await createContactVia(app, a, tokens.admin as string, { firstName: 'Mailed' });
    await mailed(a, contact.email, 'Welcome', 'sent', 30);
    await mailed(a, contact.email.toUpperCase(), 'Reset your password', 'failed', 20);
    await mailed(a, contact.email, 'Your code', 'pending', 10);
    await mailed(a, 'someone.else@x.test', 'Not theirs', 'sent', 5);
    await mailed(b, contact.email, 'Other tenant', 'sent', 1);

    const response = await emailsOf(tokens.admin as string, a, {
      email: contact.email,
      tenantId: 'ignored',
      orgId: b.orgId,
    });
    expect(response.statusCode).toBe(200);
    const list = json<ContactEmailList>(response);
    expect(list.recordsTotal).toBe(3);
    expect(list.data.map((row) => [row.subject, row.status])).toEqual([
      ['Your code', 'pending'],
      ['Reset your password', 'failed'],
      ['Welcome', 'sent'],
    ]);
    expect(list.data[2]?.sentAt).not.toBeNull();
    expect(list.data[0]?.sentAt).toBeNull();
    expect(Object.keys(list.data[0] ?? {}).sort()).toEqual(['createdAt', 'id', 'sentAt', 'status', 'subject']);
    expect(response.body).not.toContain('secret');

    const page = json<ContactEmailList>(
      await emailsOf(tokens.admin as string, a, { email: contact.email }, '?start=1&max=1'),
    );
    expect(page).toMatchObject({ recordsTotal: 3, data: [{ subject: 'Reset your password' }] });
  });

  it('names the field in a 400, is a 403 without the permission and a 404 for another tenant’s contact', async () => {
    const bad = await emailsOf(tokens.admin as string, a, { email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad.body).field).toBe('email');
    const badMax = await emailsOf(tokens.admin as string, a, { email: 'x@x.test' }, '?max=500');
    expect(badMax.statusCode).toBe(400);
    expect(errorOf(badMax.body).field).toContain('max');

    expect((await emailsOf(tokens.student as string, a, { email: 'x' })).statusCode).toBe(403);
    expect((await emailsOf(tokens.frontdeskB as string, b, { email: 'x' })).statusCode).toBe(403);

    const theirs = await createContactVia(app, b, tokens.adminB as string, { firstName: 'Theirs' });
    await mailed(b, theirs.email, 'Theirs only', 'sent', 1);
    const other = await emailsOf(tokens.admin as string, a, { email: theirs.email });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Theirs only');
  });
});
