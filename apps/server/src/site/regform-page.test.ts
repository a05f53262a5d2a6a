import { gzipSync } from 'node:zlib';
import {
  FORM_COURSE_TEXTS,
  FORM_EMAIL_PATTERN,
  FORM_TEXTAREA_MAX,
  FORM_TEXTS,
  MINOR_MESSAGES,
} from '@atrium/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, loginAs, newTenant, startTestApp, type TestTenant } from '../../test/helpers.ts';
import { webDistWithIndex } from '../../test/web-dist.ts';
import type { App } from '../app.ts';
import { REGFORM_ISLAND_JS } from './regform-island.js.ts';

// The server-rendered /regform/{guId} and /registration/{id}, a published form to fill (issue 30;
// docs/decisions/website.md "Visitors' pages on a phone").

let app: App;
let a: TestTenant;
let b: TestTenant;
let waiverId = '';
let draftId = '';

const get = (host: string, url: string) => app.inject({ url, headers: { host } });
const scripts = (html: string) => [...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((match) => match[1]);
const islandData = (html: string) =>
  JSON.parse(html.match(/<script type="application\/json" id="regform-data">(.*?)<\/script>/s)?.[1] ?? 'null');

async function createForm(tenant: TestTenant, token: string, body: object): Promise<string> {
  const made = await app.inject({
    method: 'POST',
    url: '/rest/customForm',
    headers: bearer(token, tenant.host),
    payload: body,
  });
  expect(made.statusCode, made.body).toBe(201);
  return json<{ guId: string }>(made).guId;
}

beforeAll(async () => {
  app = await startTestApp({ webDistDir: webDistWithIndex() });
  [a, b] = await Promise.all([newTenant(app, { settings: { timezone: 'Asia/Kolkata' } }), newTenant(app)]);
  const { access_token } = await loginAs(app, a, 'admin');
  waiverId = await createForm(a, access_token, {
    name: 'Kids <Waiver>',
    formType: 'WAIVER',
    isPhone: true,
    isShowBirthdate: true,
    isShowEmergencyContact: true,
    isSignRequired: true,
    isPublished: true,
    beforeForm: { description: '<p>Read <strong>this</strong> first.</p>' },
    customFields: [
      { name: 'About you', type: 'header' },
      { name: 'I accept the risks', type: 'checkbox', isMandatory: true },
      { name: 'Level', type: 'dropdown', option1: 'Beginner', option2: 'Advanced', isMandatory: true },
      { name: 'Mat', type: 'dropdown', option1: 'Own', option2: 'Borrow' },
      { name: 'Shift', type: 'radio', option1: 'Morning', option2: 'Evening' },
      { name: 'Notes', type: 'textarea', fieldName: 'Anything we should know' },
      { name: 'Weight', type: 'number' },
      { name: 'Work email', type: 'email' },
    ],
  });
  draftId = await createForm(a, access_token, { name: 'Not yet', isPublished: false });
});

describe('a published form from the server', () => {
  it("is the studio's page with the app's form in the spec's order, its texts and one small island", async () => {
    const response = await get(a.host, `/regform/${waiverId}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toContain(`<title>Kids &lt;Waiver&gt; | Studio ${a.orgId}</title>`);
    expect(html).toContain(`<link rel="canonical" href="http://${a.host}/regform/${waiverId}">`);
    expect(html).toContain('<h1 id="form-title">Kids &lt;Waiver&gt;</h1>');
    // the form's rich text as the studio saved it (sanitised on save)
    expect(html).toContain('<p>Read <strong>this</strong> first.</p>');
    // identity fields, labelled as the app's
    for (const label of ['First Name', 'Last Name', 'Email', 'Phone', 'Emergency Contact Name', 'Date of Birth']) {
      expect(html).toMatch(new RegExp(`<label for="reg-[A-Za-z]+">${label}`));
    }
    expect(html).toContain('<input id="reg-dateOfBirth" name="dateOfBirth"');
    // the form's own fields: a header, a checkbox, a combobox with its options, radios, a textarea with its hint
    expect(html).toContain('<h3>About you</h3>');
    expect(html).toMatch(
      /<input type="checkbox" id="reg-f:[^"]+" name="f:[^"]+"[^>]*aria-required="true">I accept the risks/,
    );
    expect(html).toMatch(/role="combobox"[^>]*aria-haspopup="listbox"/);
    expect(html).toContain('data-value="Advanced">Advanced</li>');
    // an optional dropdown's list starts with its empty choice (to take an answer back); a mandatory one's does not
    expect(html.match(/class="reg-select__none"/g)).toHaveLength(1);
    expect(html).toMatch(/data-value="" class="reg-select__none">Select<\/li><li role="option"[^>]*data-value="Own">/);
    expect(html).toMatch(/role="radiogroup"[^>]*><legend id="[^"]+">Shift<\/legend>.*value="Evening">Evening/s);
    expect(html).toContain('<p class="give-hint" id="reg-f:');
    expect(html).toContain('Anything we should know');
    expect(html).toMatch(new RegExp(`<textarea id="reg-f:[^"]+"[^>]*maxlength="${FORM_TEXTAREA_MAX}"`));
    expect(html).toMatch(/<input id="reg-f:[^"]+"[^>]*inputmode="decimal"/);
    // guardians hidden until a birth date makes a minor; the signature pad, typed alternative and date
    expect(html).toContain(`<fieldset class="reg-group" data-reg-guardians hidden><legend>Guardians' Info</legend>`);
    expect(html).toContain('<label for="reg-motherName">Mother Name</label>');
    expect(html).toContain('data-testid="signature-pad"');
    expect(html).toContain(
      '<label for="reg-typed" data-reg-typed-label>Or type your full name as your signature</label>',
    );
    expect(html).toContain('Clear Signature');
    expect(html).toMatch(/Date: [A-Z][a-z]{2} \d{1,2}, \d{4}/);
    // submit waits for the island
    expect(html).toContain('<button type="submit" class="give-button" disabled>Submit</button>');
    // the island's data: the rules and the app's texts, from the contracts
    const data = islandData(html);
    expect(data).toMatchObject({
      guId: waiverId,
      formType: 'WAIVER',
      isSignRequired: true,
      isShowBirthdate: true,
      ageOfMajority: 18,
      timeZone: 'Asia/Kolkata',
      emailPattern: FORM_EMAIL_PATTERN.source,
    });
    expect(data.texts.signatureRequired).toBe(FORM_TEXTS.signatureRequired);
    expect(data.texts.registered).toBe(FORM_TEXTS.registered);
    expect(data.texts.submitted).toBe(FORM_TEXTS.submitted('Kids <Waiver>'));
    expect(data.texts.guardianRequired).toBe(MINOR_MESSAGES.guardianRequired(18));
    expect(data.texts.appNotice).toBe(FORM_COURSE_TEXTS.appNotice(`Studio ${a.orgId}`));
    expect(data.fields.map((f: { name: string }) => f.name)).toEqual([
      'About you',
      'I accept the risks',
      'Level',
      'Mat',
      'Shift',
      'Notes',
      'Weight',
      'Work email',
    ]);
    // nothing in the data can close its script element
    expect(html.match(/<script type="application\/json" id="regform-data">(.*?)<\/script>/s)?.[1]).not.toContain('<');
    expect(scripts(html)).toEqual(['/site/boot.js', '/site/regform.js']);
  });

  it('serves the course flow at /registration/{id} too', async () => {
    const response = await get(a.host, `/registration/${waiverId}?isDemo=true`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1 id="form-title">Kids &lt;Waiver&gt;</h1>');
  });

  it("answers 404 with the app's words for a draft, another studio's form, or a wrong id", async () => {
    for (const [host, id] of [
      [a.host, draftId],
      [b.host, waiverId],
      [a.host, 'not-an-id'],
      [a.host, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await get(host, `/regform/${id}`);
      expect(response.statusCode, `${host} ${id}`).toBe(404);
      expect(response.body).toContain('This form is not available.');
      expect(response.body).not.toContain('Kids &lt;Waiver&gt;');
    }
  });

  it('keeps the island small and served as script', async () => {
    const island = await get(a.host, '/site/regform.js');
    expect(island.statusCode).toBe(200);
    expect(island.headers['content-type']).toContain('text/javascript');
    expect(island.body).toBe(REGFORM_ISLAND_JS);
    expect(gzipSync(REGFORM_ISLAND_JS).length).toBeLessThan(8 * 1024);
    // it parses
    expect(() => new Function(REGFORM_ISLAND_JS)).not.toThrow();
  });
});
