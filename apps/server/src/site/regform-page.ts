import {
  AGE_OF_MAJORITY_DEFAULT,
  COURSE_MESSAGES,
  COURSE_REGISTRANT_KEY,
  type CustomForm,
  FORM_COURSE_TEXTS,
  FORM_EMAIL_PATTERN,
  FORM_MESSAGES,
  FORM_TEXTAREA_MAX,
  FORM_TEXTS,
  type FormField,
  MINOR_MESSAGES,
  SIGNATURE_HEIGHT,
  SIGNATURE_MIN_WIDTH,
  SIGNATURE_WIDTH,
  WAIVER_CONFIRM_TEXTS,
} from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import { readTenant } from '../db/client.ts';
import { requireTenant } from '../lib/guards.ts';
import { requestOrigin } from '../lib/request-origin.ts';
import { loadForm } from '../modules/forms/forms.service.ts';
import type { Platform } from '../platform.ts';
import { FIELD_CSS } from './donate-page.ts';
import { REGFORM_ISLAND_JS } from './regform-island.js.ts';
import { type AppAssets, NOT_FOUND_PAGE_NAME, renderSitePage, sendSitePage, UUID } from './render-page.ts';
import { escapeHtml as e } from './sanitize.ts';
import type { SitePage } from './site-entry.ts';

// A published form, /regform/{guId} (and /registration/{id}, the course flow's address), rendered on the
// server like the builder's pages (docs/decisions/website.md, "Visitors' pages on a phone"): the app's
// PublicFormPage as HTML, in the spec's order (spec 3 §2.3) and with its labels and texts. Its behaviour
// is one island, /site/regform.js: the checks in the app's words, the guardian block a minor's birth
// date opens, the drawn or typed signature, the human check, the submission and its thank-you (the
// signed document's download, a waiver's confirmation, a course's enrolment or its page). A signed-in
// member's page is the app's (boot.js), which submits as the member.

export const REGFORM_CSS = `${FIELD_CSS}
.reg-page{max-width:720px;margin:0 auto}
.reg-page h1{margin:0;overflow-wrap:anywhere}
.reg-page h3{margin:8px 0 0;font-size:1.1rem}
.reg-rich{overflow-wrap:anywhere}
.reg-grid{display:grid;gap:12px}
@media (min-width:48em){.reg-grid--2{grid-template-columns:1fr 1fr}.reg-grid--3{grid-template-columns:1fr 1fr 1fr}}
.reg-group{border:1px solid #dee2e6;border-radius:8px;padding:12px 16px 16px;margin:0;min-width:0}
.reg-group legend{font-weight:600;padding:0 4px}
.reg-group .give-muted{margin:0 0 12px}
.reg-note{background:#e7f5ff;color:#1c3d5a;border-radius:8px;padding:12px 16px}
.reg-select{position:relative}
.reg-select [role=combobox]{display:flex;align-items:center;justify-content:space-between;min-height:42px;padding:6px 12px;border:1px solid #868e96;border-radius:4px;background:#fff;color:#212529;cursor:pointer}
.reg-select [role=combobox]:focus-visible{outline:2px solid var(--site-accent-ink);outline-offset:1px}
.reg-select [role=combobox][aria-invalid=true]{border-color:#c92a2a}
.reg-select [data-empty],.reg-select__none{color:#5c636a}
.reg-select [role=listbox]{position:absolute;z-index:5;left:0;right:0;margin:4px 0 0;padding:4px;list-style:none;background:#fff;border:1px solid #868e96;border-radius:4px;box-shadow:0 4px 12px rgba(0,0,0,.15);max-height:240px;overflow:auto}
.reg-select [role=option]{padding:8px 12px;border-radius:4px;cursor:pointer;color:#212529}
.reg-select [role=option][aria-selected=true]{font-weight:600}
.reg-select [role=option].is-active,.reg-select [role=option]:hover{background:#e9ecef}
.reg-sign canvas{display:block;width:100%;max-width:${SIGNATURE_WIDTH}px;aspect-ratio:${SIGNATURE_WIDTH} / ${SIGNATURE_HEIGHT};border:1px solid #868e96;border-radius:4px;touch-action:none;background:#fff;cursor:crosshair}
.reg-sign .give-field{max-width:${SIGNATURE_WIDTH}px}
.reg-sign-row{display:flex;align-items:center;gap:12px;flex-wrap:wrap;font-size:.875rem}
.reg-small{display:inline-flex;align-items:center;min-height:32px;padding:0 12px;border:1px solid #868e96;border-radius:4px;background:#fff;color:#212529;font:inherit;font-size:.875rem;cursor:pointer}
.reg-small:focus-visible{outline:3px solid var(--site-accent-ink);outline-offset:2px}
.reg-done{display:flex;flex-direction:column;gap:12px;align-items:flex-start}
.reg-done h1:focus{outline:none}
.reg-done a{color:var(--site-accent-ink)}
.reg-status{color:#1e6b2e;font-weight:600}
.reg-page [hidden]{display:none!important}`;

const OPTION_KEYS = ['option1', 'option2', 'option3', 'option4', 'option5', 'option6'] as const;
const optionsOf = (field: FormField) => OPTION_KEYS.map((k) => field[k]).filter((o): o is string => Boolean(o));

const REQUIRED = ' <span class="give-req" aria-hidden="true">*</span>';

/** A labelled text input with its hint and its error line (ids: `reg-{key}`, `reg-{key}-hint`, `reg-{key}-error`). */
function input(
  key: string,
  label: string,
  attrs: string,
  { required = false, hint = '', area = false }: { required?: boolean; hint?: string; area?: boolean } = {},
): string {
  const id = `reg-${key}`;
  const described = `${hint ? `${id}-hint ` : ''}${id}-error`;
  const control = area
    ? `<textarea id="${id}" name="${e(key)}" rows="3" maxlength="${FORM_TEXTAREA_MAX}" aria-describedby="${described}"${required ? ' aria-required="true"' : ''}${attrs}></textarea>`
    : `<input id="${id}" name="${e(key)}" aria-describedby="${described}"${required ? ' aria-required="true"' : ''}${attrs}>`;
  return `<div class="give-field"><label for="${id}">${e(label)}${required ? REQUIRED : ''}</label>${hint ? `<p class="give-hint" id="${id}-hint">${e(hint)}</p>` : ''}${control}<p class="give-error" id="${id}-error" hidden></p></div>`;
}

const placeholder = (field: FormField) => (field.placeholder ? ` placeholder="${e(field.placeholder)}"` : '');

/** One of the form's own fields, as the app's FieldInput draws it; the answer's name is `f:{guId}`. */
function fieldHtml(field: FormField): string {
  const key = `f:${field.guId}`;
  const id = `reg-${key}`;
  const options = { required: field.isMandatory, hint: field.fieldName };
  switch (field.type) {
    case 'header':
      return `<h3>${e(field.name)}</h3>`;
    case 'textarea':
      return input(key, field.name, placeholder(field), { ...options, area: true });
    case 'number':
      return input(key, field.name, ` inputmode="decimal"${placeholder(field)}`, options);
    case 'checkbox':
      return `<div class="give-field"><label class="give-check"><input type="checkbox" id="${id}" name="${e(key)}" aria-describedby="${field.fieldName ? `${id}-hint ` : ''}${id}-error"${field.isMandatory ? ' aria-required="true"' : ''}>${e(field.name)}${field.isMandatory ? REQUIRED : ''}</label>${field.fieldName ? `<p class="give-hint" id="${id}-hint">${e(field.fieldName)}</p>` : ''}<p class="give-error" id="${id}-error" hidden></p></div>`;
    case 'radio':
      return `<fieldset class="give-group" role="radiogroup" id="${id}" aria-labelledby="${id}-legend" aria-describedby="${field.fieldName ? `${id}-hint ` : ''}${id}-error"${field.isMandatory ? ' aria-required="true"' : ''}><legend id="${id}-legend">${e(field.name)}${field.isMandatory ? REQUIRED : ''}</legend>${field.fieldName ? `<p class="give-hint" id="${id}-hint">${e(field.fieldName)}</p>` : ''}<div class="give-row">${optionsOf(
        field,
      )
        .map((o) => `<label class="give-radio"><input type="radio" name="${e(key)}" value="${e(o)}">${e(o)}</label>`)
        .join('')}</div><p class="give-error" id="${id}-error" hidden></p></fieldset>`;
    case 'dropdown': {
      // a select-only combobox (WAI-ARIA APG), as the app's Select: the island opens and fills it
      const empty = field.placeholder || 'Select';
      // an optional dropdown's list starts with its empty choice, so an answer can be taken back
      const clear = field.isMandatory
        ? ''
        : `<li role="option" id="${id}-none" aria-selected="false" data-value="" class="reg-select__none">${e(empty)}</li>`;
      return `<div class="give-field reg-select" data-reg-select="${e(key)}"><label id="${id}-label">${e(field.name)}${field.isMandatory ? REQUIRED : ''}</label>${field.fieldName ? `<p class="give-hint" id="${id}-hint">${e(field.fieldName)}</p>` : ''}<input type="hidden" name="${e(key)}" value=""><div id="${id}" role="combobox" tabindex="0" aria-haspopup="listbox" aria-expanded="false" aria-controls="${id}-list" aria-labelledby="${id}-label" aria-describedby="${field.fieldName ? `${id}-hint ` : ''}${id}-error"${field.isMandatory ? ' aria-required="true"' : ''}><span data-empty data-placeholder="${e(empty)}">${e(empty)}</span><span aria-hidden="true">▾</span></div><ul role="listbox" id="${id}-list" aria-labelledby="${id}-label" tabindex="-1" hidden>${clear}${optionsOf(
        field,
      )
        .map((o, i) => `<li role="option" id="${id}-o${i}" aria-selected="false" data-value="${e(o)}">${e(o)}</li>`)
        .join('')}</ul><p class="give-error" id="${id}-error" hidden></p></div>`;
    }
    default:
      return input(
        key,
        field.name,
        ` type="${field.type === 'email' ? 'email' : field.phonenumber ? 'tel' : 'text'}"${placeholder(field)}`,
        options,
      );
  }
}

const GUARDIAN_FIELDS = (['mother', 'father'] as const).flatMap((role) => {
  const label = role === 'mother' ? 'Mother' : 'Father';
  return [
    input(`${role}Name`, `${label} Name`, ' autocomplete="off"'),
    input(`${role}Email`, `${label} Email`, ' type="email" autocomplete="off"'),
    input(`${role}Phone`, `${label} Phone`, ' type="tel" autocomplete="off"'),
  ];
});

/** The signature pad (spec 3 §9: 350x150), its typed alternative, the date and Clear Signature. */
function signatureHtml(dateText: string): string {
  return `<div class="reg-sign give-field" data-reg-sign><p id="signature-label"><strong data-reg-sign-label>Signature</strong></p><p class="give-muted" data-testid="signed-for" data-reg-signed-for hidden></p><canvas width="${SIGNATURE_WIDTH}" height="${SIGNATURE_HEIGHT}" role="img" aria-labelledby="signature-label" aria-describedby="signature-help" data-testid="signature-pad" data-line="${SIGNATURE_MIN_WIDTH}"></canvas><p class="give-muted" id="signature-help" data-reg-sign-help>Sign in the box, or type your full name below.</p><div class="give-field"><label for="reg-typed" data-reg-typed-label>Or type your full name as your signature</label><input id="reg-typed" name="typed" autocomplete="name" aria-describedby="reg-sign-error"></div><div class="reg-sign-row"><span>Date: ${e(dateText)}</span><button type="button" class="reg-small" data-reg-clear>Clear Signature</button></div><p class="give-error" id="reg-sign-error" role="alert" hidden></p></div>`;
}

/**
 * What the island needs that the HTML does not say: the form's rules (spec 3 §5) and the app's texts,
 * from the contracts the app uses.
 */
function islandData(form: CustomForm, timeZone: string, studio: string) {
  return {
    guId: form.guId,
    name: form.name,
    formType: form.formType,
    isSignRequired: form.isSignRequired,
    isShowBirthdate: form.isShowBirthdate,
    isShowGuardian: form.isShowGuardian,
    ageOfMajority: form.ageOfMajority ?? AGE_OF_MAJORITY_DEFAULT,
    timeZone,
    studio,
    emailPattern: FORM_EMAIL_PATTERN.source,
    textareaMax: FORM_TEXTAREA_MAX,
    fields: form.customFields.map(({ guId, sequence, type, name, isMandatory }) => ({
      guId,
      sequence,
      type,
      name,
      isMandatory,
    })),
    registrantKey: COURSE_REGISTRANT_KEY,
    texts: {
      namesRequired: FORM_TEXTS.namesRequired,
      signatureRequired: FORM_TEXTS.signatureRequired,
      registered: FORM_TEXTS.registered,
      submitted: FORM_TEXTS.submitted(form.name),
      signed: FORM_MESSAGES.signed(form.name),
      inProgress: FORM_TEXTS.inProgress,
      failed: FORM_TEXTS.failed,
      downloadFile: FORM_TEXTS.downloadFile,
      emailRequired: FORM_MESSAGES.emailRequired,
      emailInvalid: FORM_MESSAGES.emailInvalid,
      guardianRequired: MINOR_MESSAGES.guardianRequired(form.ageOfMajority ?? AGE_OF_MAJORITY_DEFAULT),
      confirmTitle: 'Please confirm from your email',
      emailSent: WAIVER_CONFIRM_TEXTS.emailSent,
      enrolledToast: COURSE_MESSAGES.enrolledToast,
      detailsByEmail: COURSE_MESSAGES.detailsByEmail,
      appNotice: FORM_COURSE_TEXTS.appNotice(studio),
      signIn: FORM_COURSE_TEXTS.signIn,
      goingToCourse: FORM_COURSE_TEXTS.goingToCourse,
    },
  };
}

/** JSON inside a script element: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The form's page: the app's PublicForm as HTML, the island's data, and the island. */
export function regformPageHtml(form: CustomForm, timeZone: string, studio: string, now = new Date()): string {
  const dateText = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone }).format(now);
  const rich = (html: string) => (html ? `<div class="reg-rich">${html}</div>` : '');
  const identity = [
    input('firstName', 'First Name', ' autocomplete="given-name"', { required: true }),
    input('lastName', 'Last Name', ' autocomplete="family-name"', { required: true }),
    input('email', 'Email', ' type="email" autocomplete="email"', { required: true }),
    form.isPhone ? input('phone', 'Phone', ' type="tel" autocomplete="tel"') : '',
  ].join('');
  const other =
    form.isShowEmergencyContact || form.isShowBirthdate
      ? `<fieldset class="reg-group"><legend>Other Info</legend><div class="reg-grid reg-grid--2">${
          form.isShowEmergencyContact
            ? input('emergencyContactName', 'Emergency Contact Name', '') +
              input('emergencyContactPhone', 'Emergency Contact Number', ' type="tel"')
            : ''
        }${form.isShowBirthdate ? input('dateOfBirth', 'Date of Birth', ' type="date"') : ''}</div></fieldset>`
      : '';
  const guardians = `<fieldset class="reg-group" data-reg-guardians${form.isShowGuardian ? '' : ' hidden'}><legend>Guardians' Info</legend><p class="give-muted" id="guardian-needed" data-reg-minor aria-live="polite" hidden></p><div class="reg-grid reg-grid--3">${GUARDIAN_FIELDS.join('')}</div></fieldset>`;
  // Rich texts were sanitised when the form was saved (sanitizePageHtml), as the app shows them.
  return `<section class="reg-page" aria-labelledby="form-title"><form class="give-form" novalidate aria-labelledby="form-title" data-regform="${e(form.guId)}">
<header><h1 id="form-title">${e(form.name)}</h1>${rich(form.beforeForm.description)}</header>
${rich(form.subHeader.description)}
<div class="reg-grid reg-grid--2">${identity}</div>
${form.customFields.map(fieldHtml).join('\n')}
${other}${guardians}
${form.isSignRequired ? signatureHtml(dateText) : ''}
${rich(form.afterForm.description)}
<div class="give-alert give-alert--error" role="alert" data-reg-failure hidden><p data-reg-failure-text></p></div>
<div><button type="submit" class="give-button" disabled>Submit</button></div>
</form><div class="reg-done" data-reg-done hidden></div></section>
<script type="application/json" id="regform-data">${scriptJson(islandData(form, timeZone, studio))}</script><script src="/site/regform.js" defer></script>`;
}

/** Not there to fill (unknown, unpublished or another studio's): the app's words. */
export const FORM_NOT_FOUND: SitePage = {
  name: NOT_FOUND_PAGE_NAME,
  title: 'Form not found',
  header: 'Form not found',
  subHeader: '',
  html: '<div class="reg-page"><p>This form is not available.</p></div>',
  css: REGFORM_CSS,
};

/** GET /regform/{guId} and /registration/{id} as server-rendered pages, and their island. */
export function registerRegformPage(app: FastifyInstance, platform: Platform, assets: AppAssets): void {
  app.get('/site/regform.js', { schema: { hide: true } }, (_request, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('text/javascript; charset=utf-8')
      .send(REGFORM_ISLAND_JS),
  );

  for (const route of ['/regform/:id', '/registration/:id']) {
    app.get<{ Params: { id: string } }>(route, { schema: { hide: true } }, async (request, reply) => {
      const tenant = requireTenant(request);
      const { config } = await platform.tenantConfigs.get(tenant);
      const path = request.url.split('?')[0] ?? '/';
      const url = `${requestOrigin(request)}${path}`;
      const form = UUID.test(request.params.id)
        ? await readTenant(platform.db, tenant.tenantId, (tx) => loadForm(tx, tenant, request.params.id, 'public'))
        : null;
      if (!form?.isPublished)
        return sendSitePage(reply, 404, renderSitePage(config, FORM_NOT_FOUND, { url, path }, assets));
      const withAge = { ...form, ageOfMajority: tenant.settings.ageOfMajority };
      const page: SitePage = {
        name: `regform:${form.guId}`,
        title: form.name,
        header: '',
        subHeader: '',
        html: regformPageHtml(withAge, config.timezone, config.name, platform.clock.now()),
        css: REGFORM_CSS,
        description: `${form.name} at ${config.name}.`.slice(0, 160),
      };
      return sendSitePage(reply, 200, renderSitePage(config, page, { url, path }, assets));
    });
  }
}
