import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs, newTenant } from '../../../test/helpers.ts';
import { type SmtpTestServer, startAppWithSmtp } from '../../../test/mail-app.ts';
import type { App } from '../../app.ts';
import { withTenant } from '../../db/client.ts';
import { notificationSettings } from '../../db/schema/index.ts';
import { makeCategory, makeItem } from '../catalogue/catalogue-fixtures.ts';
import { courseWithChapters } from '../courses/course-fixtures.ts';
import { solveChallenge } from '../forms/human-check.ts';

// The staff notes the spec names (sales, contacts, programs) reach every address of the account's
// sales email list and the staff who switched that kind on, through the real SMTP test server.

let app: App;
let smtp: SmtpTestServer;

beforeAll(async () => {
  ({ app, smtp } = await startAppWithSmtp());
});
afterAll(() => smtp.close());

/** A studio whose sales email list holds two addresses; its staff member asked for contact notes only. */
async function studio() {
  const tag = randomUUID().slice(0, 8);
  const list = [`books-${tag}@studio.test`, `owner-${tag}@studio.test`];
  const tenant = await newTenant(app, { settings: { salesEmailList: list } });
  await withTenant(app.platform.db, tenant.tenantId, (tx) =>
    tx.insert(notificationSettings).values([
      { tenantId: tenant.tenantId, contactId: tenant.users.staff.id, isNotifyContacts: true },
      { tenantId: tenant.tenantId, contactId: tenant.users.frontdesk.id, isNotifyPrograms: true },
    ]),
  );
  const admin = (await loginAs(app, tenant, 'admin')).access_token;
  return { tenant, admin, list };
}

/** Every message the SMTP server got with this subject, by recipient. */
async function deliveredTo(subject: string, expected: number): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    await app.platform.outbox.kick();
    const found = smtp.received.filter((mail) => mail.text.includes(`Subject: ${subject}`));
    if (found.length >= expected || Date.now() > deadline) return found.flatMap((mail) => mail.to).sort();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('staff notifications go to the sales email list', () => {
  it("a new contact: every address of the list and the staff who opted in, not another studio's list", async () => {
    const { tenant, admin, list } = await studio();
    const other = await studio();
    const email = `nia-${randomUUID().slice(0, 6)}@members.test`;
    const created = await app.inject({
      method: 'POST',
      url: '/snode/contact',
      headers: bearer(admin, tenant.host),
      payload: { firstName: 'Nia', lastName: 'Okafor', email },
    });
    expect(created.statusCode, created.body).toBe(201);
    const to = await deliveredTo('New contact: Nia Okafor', 3);
    expect(to).toEqual([...list, tenant.users.staff.email].sort());
    for (const address of other.list) expect(to).not.toContain(address);
    const mail = smtp.received.find((m) => m.to.includes(list[0] as string) && m.text.includes('Nia Okafor'));
    expect(mail?.text).toContain(`Nia Okafor (${email}) was added to your contacts by staff.`);
  });

  it('a sign-up confirmed is a new contact too', async () => {
    const { tenant, list } = await studio();
    const email = `sam-${randomUUID().slice(0, 6)}@members.test`;
    const post = (url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: { host: tenant.host }, payload, remoteAddress: '10.26.0.1' });
    const asked = await post('/public/user/registration', { email, name: 'Sam', lastName: 'Signup' });
    expect(asked.statusCode, asked.body).toBe(200);
    const link = (await smtp.waitFor(email)).text.match(/\/register\/confirm\?token=([A-Za-z0-9_%-]+)/)?.[1] ?? '';
    const confirmed = await post('/public/user/registration/confirm', {
      token: decodeURIComponent(link),
      password: 'chosen-by-sam-1',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const to = await deliveredTo('New contact: Sam Signup', 3);
    expect(to).toEqual([...list, tenant.users.staff.email].sort());
    const mail = smtp.received.find((m) => m.to.includes(list[0] as string) && m.text.includes('Sam Signup'));
    expect(mail?.text).toContain(`Sam Signup (${email}) was added to your contacts by signing up.`);
  });

  it('a form that makes a new contact; one that finds an existing contact sends nothing', async () => {
    const { tenant, admin, list } = await studio();
    const created = await app.inject({
      method: 'POST',
      url: '/rest/customForm',
      headers: bearer(admin, tenant.host),
      payload: { name: 'Trial class', formType: 'WAIVER', isPublished: true, customFields: [] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const form = JSON.parse(created.body) as { guId: string };
    const submit = async (email: string) => {
      const challenge = await app.inject({
        url: '/public/humanCheck?action=custom_form_checkout',
        headers: { host: tenant.host },
      });
      return app.inject({
        method: 'POST',
        url: '/cform/regform/public',
        headers: { host: tenant.host, 'user-agent': 'StaffNotes/1.0' },
        payload: {
          formId: form.guId,
          rToken: await solveChallenge(JSON.parse(challenge.body)),
          firstName: 'Lea',
          lastName: 'Form',
          email,
          typedSign: 'Lea Form',
        },
      });
    };
    const email = `lea-${randomUUID().slice(0, 6)}@members.test`;
    const first = await submit(email);
    expect(first.statusCode, first.body).toBe(201);
    const to = await deliveredTo('New contact: Lea Form', 3);
    expect(to).toEqual([...list, tenant.users.staff.email].sort());
    const mail = smtp.received.find((m) => m.to.includes(list[0] as string) && m.text.includes('Lea Form'));
    expect(mail?.text).toContain(`Lea Form (${email}) was added to your contacts through the form Trial class.`);
    // The same address again: the contact exists, no second note.
    expect((await submit(email)).statusCode).toBe(201);
    await app.platform.outbox.kick();
    expect(smtp.received.filter((m) => m.text.includes('Subject: New contact: Lea Form'))).toHaveLength(3);
  });

  it('a program enrolment: every address of the list and the staff who asked for program notes', async () => {
    const { tenant, list } = await studio();
    const { detail } = await courseWithChapters(app, tenant, { name: `Pranayama ${randomUUID().slice(0, 4)}` }, [
      'Intro',
    ]);
    const email = `ravi-${randomUUID().slice(0, 6)}@members.test`;
    const enrolled = await app.inject({
      method: 'POST',
      url: '/public/course/register',
      headers: { host: tenant.host },
      payload: { categoryGuId: detail.guId, user: { fullName: 'Ravi Menon', email } },
    });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const to = await deliveredTo(`New enrolment: ${detail.name}`, 3);
    expect(to).toEqual([...list, tenant.users.frontdesk.email].sort());
    const mail = smtp.received.find((m) => m.to.includes(list[1] as string) && m.text.includes(detail.name));
    expect(mail?.text).toContain(`Ravi Menon (${email}) enrolled in ${detail.name} (free).`);
  });

  it('a product added, changed and archived: a note each to the list and the staff who asked for product notes', async () => {
    const { tenant, admin, list } = await studio();
    const other = await studio();
    const name = `Tea glass ${randomUUID().slice(0, 4)}`;
    const category = await makeCategory(app, tenant, admin, { name: `Kitchen ${randomUUID().slice(0, 4)}` });
    const item = await makeItem(app, tenant, admin, category.guId, { name, price: 12, stock: 5 });
    const told = [...list, tenant.users.frontdesk.email].sort();
    expect(await deliveredTo(`Product added: ${name}`, 3)).toEqual(told);
    const added = smtp.received.find((m) => m.to.includes(list[0] as string) && m.text.includes(`added ${name}`));
    expect(added?.text).toContain(`to ${category.name}: $12.00, stock 5.`);

    const put = (payload: object) =>
      app.inject({ method: 'PUT', url: `/rest/item/${item.guId}`, headers: bearer(admin, tenant.host), payload });
    expect((await put({ price: 14.5, stock: 3, description: 'İnce belli' })).statusCode).toBe(200);
    expect(await deliveredTo(`Product changed: ${name}`, 3)).toEqual(told);
    const changed = smtp.received.find((m) => m.to.includes(list[1] as string) && m.text.includes(`changed ${name}`));
    expect(changed?.text).toContain('Price: was $12.00, now $14.50');
    expect(changed?.text).toContain('Stock: was 5, now 3');
    expect(changed?.text).toContain('Also changed: description.');
    // a save that changes nothing tells nobody
    expect((await put({ price: 14.5 })).statusCode).toBe(200);

    const archived = await app.inject({
      method: 'DELETE',
      url: `/rest/item/${item.guId}`,
      headers: bearer(admin, tenant.host),
    });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(await deliveredTo(`Product archived: ${name}`, 3)).toEqual(told);
    expect(smtp.received.filter((m) => m.text.includes(`Subject: Product changed: ${name}`))).toHaveLength(3);
    for (const address of other.list) {
      expect(smtp.received.some((m) => m.to.includes(address) && m.text.includes(name))).toBe(false);
    }
  });

  it('a contact import: one note naming its new contacts; an import that adds nobody or fails tells nobody', async () => {
    const { tenant, admin, list } = await studio();
    const other = await studio();
    const tag = randomUUID().slice(0, 6);
    const made = await app.inject({
      method: 'POST',
      url: '/rest/tag',
      headers: bearer(admin, tenant.host),
      payload: { name: `Spring leads ${tag}`, type: 'category' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const category = JSON.parse(made.body) as { id: string };
    const existing = `kept-${tag}@members.test`;
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/snode/contact',
          headers: bearer(admin, tenant.host),
          payload: { firstName: 'Kept', lastName: 'Already', email: existing },
        })
      ).statusCode,
    ).toBe(201);
    const importCsv = (lines: string[], query = '') =>
      app.inject({
        method: 'POST',
        url: `/rest/contact/import${query}`,
        headers: {
          ...bearer(admin, tenant.host),
          'content-type': 'text/csv',
          'x-file-name': encodeURIComponent(`leads ${tag}.csv`),
        },
        payload: lines.join('\r\n'),
      });
    const imported = await importCsv(
      [
        'First Name,Last Name,Email',
        `Hana,Happy,hana-${tag}@members.test`,
        `Ivo,Şahin,ivo-${tag}@members.test`,
        `Kept,Again,${existing}`,
        'No,Email,',
      ],
      `?categoryId=${category.id}`,
    );
    expect(imported.statusCode, imported.body).toBe(201);
    expect((JSON.parse(imported.body) as { imported: number }).imported).toBe(2);
    const to = await deliveredTo('Contacts imported: 2 new contacts', 3);
    expect(to).toEqual([...list, tenant.users.staff.email].sort());
    for (const address of other.list) expect(to).not.toContain(address);
    const mail = smtp.received.find((m) => m.to.includes(list[0] as string) && m.text.includes(`leads ${tag}.csv`));
    expect(mail?.text).toContain(
      `imported 2 new contacts from leads ${tag}.csv into the category Spring leads ${tag}.`,
    );
    expect(mail?.text).toContain('The file had 4 rows; 2 left out (invalid, or already a contact).');
    expect(mail?.text).toContain(`- Hana Happy (hana-${tag}@members.test)`);
    // the test server decodes quoted-printable to bytes as Latin-1; the body is UTF-8
    expect(Buffer.from(mail?.text ?? '', 'latin1').toString('utf8')).toContain(`- Ivo Şahin (ivo-${tag}@members.test)`);
    // no note per contact
    expect(smtp.received.some((m) => m.text.includes(`hana-${tag}@members.test) was added`))).toBe(false);

    // The same file again adds nobody; a file with no email column is refused: neither is told.
    const again = await importCsv(['First Name,Last Name,Email', `Hana,Happy,hana-${tag}@members.test`]);
    expect(again.statusCode, again.body).toBe(201);
    const refused = await importCsv(['First Name,Last Name', 'Uma,Nomail']);
    expect(refused.statusCode, refused.body).toBe(400);
    await app.platform.outbox.kick();
    expect(
      smtp.received.filter((m) => m.text.includes('Subject: Contacts imported:') && m.text.includes(tag)),
    ).toHaveLength(3);
  });

  it('a big import names the first 20 and counts the rest', async () => {
    const { tenant, admin, list } = await studio();
    const tag = randomUUID().slice(0, 6);
    const rows = Array.from({ length: 25 }, (_, i) => `Member${i},Bulk${tag},bulk${i}-${tag}@members.test`);
    const imported = await app.inject({
      method: 'POST',
      url: '/rest/contact/import',
      headers: { ...bearer(admin, tenant.host), 'content-type': 'text/csv' },
      payload: ['First Name,Last Name,Email', ...rows].join('\n'),
    });
    expect(imported.statusCode, imported.body).toBe(201);
    await deliveredTo('Contacts imported: 25 new contacts', 3);
    const mail = smtp.received.find((m) => m.to.includes(list[1] as string) && m.text.includes(`Bulk${tag}`));
    expect(mail?.text).toContain('imported 25 new contacts from a CSV file.');
    expect(mail?.text).toContain(`- Member19 Bulk${tag} (bulk19-${tag}@members.test)`);
    expect(mail?.text).not.toContain(`bulk20-${tag}@members.test`);
    expect(mail?.text).toContain('- and 5 more');
    expect(mail?.text).not.toContain('left out');
  });
});
