import {
  DONATION_MESSAGES,
  DONATION_YEARS,
  formatMoney,
  monthlyGiftCount,
  type PublicDonationCampaign,
  takesCardPayments,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { requireTenant } from '../lib/guards.ts';
import { requestOrigin } from '../lib/request-origin.ts';
import { publicCampaign } from '../modules/donations/donations.service.ts';
import type { Platform } from '../platform.ts';
import { DONATE_ISLAND_JS } from './donate-island.js.ts';
import { DONATIONS_CSS, progressHtml } from './donations-page.ts';
import { type AppAssets, NOT_FOUND_PAGE_NAME, renderSitePage, sendSitePage, UUID } from './render-page.ts';
import { escapeHtml as e } from './sanitize.ts';
import { moneyFormatOf } from './shop-page.ts';
import type { SitePage } from './site-entry.ts';

// One campaign's give form, /donate/{id}, rendered on the server like the builder's pages (docs/decisions/
// website.md, "Visitors' pages on a phone"): the app's DonatePage as HTML with its labels and texts. The
// form's behaviour is one island, /site/donate.js (the amount choice, Other amount, one-time or monthly,
// the checks in the app's words, the gift and the provider's page). Back from the provider's page with a
// saved card (?session_id=) is the app's page, which completes the monthly gift.

/** The visitors' form kit (labels, inputs, errors, alerts, the button): the give form's and the registration form's. */
export const FIELD_CSS = `.give-form{display:flex;flex-direction:column;gap:12px}
.give-group{border:0;padding:0;margin:0;min-width:0}
.give-group legend{font-size:.875rem;font-weight:500;padding:0;margin-bottom:4px}
.give-row,.give-chips{display:flex;gap:8px 16px;flex-wrap:wrap}
.give-radio{display:inline-flex;align-items:center;gap:8px;font-size:.9rem;min-height:32px}
.give-radio input,.give-check input{width:20px;height:20px;margin:0;accent-color:var(--site-accent-ink)}
.give-field label{display:block;font-size:.875rem;font-weight:500;margin-bottom:2px}
.give-req{color:#c92a2a}
.give-hint{color:#5c636a;font-size:.75rem;margin:0 0 4px}
.give-field input,.give-field select,.give-field textarea{width:100%;min-width:0;font:inherit;font-size:16px;min-height:42px;padding:6px 12px;border:1px solid #868e96;border-radius:4px;background:#fff;color:#212529}
.give-field textarea{min-height:64px;resize:vertical}
.give-field input:focus-visible,.give-field select:focus-visible,.give-field textarea:focus-visible,.give-radio input:focus-visible,.give-check input:focus-visible{outline:2px solid var(--site-accent-ink);outline-offset:1px}
.give-field [aria-invalid=true]{border-color:#c92a2a}
.give-check{display:flex;align-items:center;gap:8px;font-size:.9rem}
.give-error{color:#a51111;font-size:.875rem}
.give-alert{border-radius:8px;padding:12px 16px;display:flex;flex-direction:column;gap:4px;overflow-wrap:anywhere}
.give-alert--error{background:#fff5f5;color:#a51111}.give-alert--note{background:#fff9db;color:#5c3c00}
.give-alert__title{font-weight:700}
.give-muted{color:#495057;font-size:.875rem}
.give-submit{display:flex;justify-content:flex-end}
.give-button{display:inline-flex;align-items:center;justify-content:center;border:0;border-radius:6px;padding:8px 24px;font:inherit;font-weight:600;background:var(--site-accent);color:var(--site-accent-text);cursor:pointer;min-height:42px}
.give-button:disabled{opacity:.7;cursor:progress}
.give-button:focus-visible{outline:3px solid var(--site-accent-ink);outline-offset:2px}
.give-form [hidden]{display:none!important}`;

export const DONATE_CSS = `${DONATIONS_CSS}
${FIELD_CSS}
.give-page{max-width:640px;margin:0 auto;display:flex;flex-direction:column;gap:16px}
.give-page h1{margin:0;overflow-wrap:anywhere}
.give-page p{margin:0}
.site-page__body .give-hero{width:100%;max-height:280px;object-fit:cover;border-radius:8px;display:block}
.give-text{white-space:pre-line;overflow-wrap:anywhere}
.give-chips{gap:8px}
.give-chip{position:relative;display:inline-flex}
.give-chip input{position:absolute;opacity:0;width:1px;height:1px}
.give-chip span{display:inline-flex;align-items:center;min-height:36px;padding:0 16px;border:1px solid #868e96;border-radius:999px;font-size:.9rem;cursor:pointer;background:#fff;color:#212529}
.give-chip input:checked+span{background:var(--site-accent);border-color:var(--site-accent);color:var(--site-accent-text)}
.give-chip input:focus-visible+span{outline:3px solid var(--site-accent-ink);outline-offset:2px}
.give-names{display:flex;gap:12px;flex-wrap:wrap}.give-names>.give-field{flex:1 1 12rem;min-width:0}`;

/** The app's choice of years for a monthly gift ('For'). */
const YEAR_LABELS: Record<number, string> = {
  1: '1 year',
  2: '2 years',
  3: '3 years',
  4: '4 years',
  5: '5 years',
  [-1]: 'Until I cancel',
};

const field = (id: string, label: string, input: string, required = false) =>
  `<div class="give-field"><label for="${id}">${label}${required ? ' <span class="give-req" aria-hidden="true">*</span>' : ''}</label>${input}<p class="give-error" id="${id}-error" hidden></p></div>`;

/** The give form as the app's: how often (Stripe only), the amounts, the donor, the note, Donate. */
function formHtml(campaign: PublicDonationCampaign, monthly: boolean): string {
  const money = (minor: number) => e(formatMoney(minor, campaign.currency));
  const { symbol, digits } = moneyFormatOf(campaign.currency);
  const often = monthly
    ? '<fieldset class="give-group"><legend>How often</legend><div class="give-row"><label class="give-radio"><input type="radio" name="frequency" value="once" checked>One-time</label><label class="give-radio"><input type="radio" name="frequency" value="monthly">Monthly</label></div></fieldset>'
    : '';
  const chips = campaign.suggestedAmounts
    .map(
      (amount) =>
        `<label class="give-chip"><input type="radio" name="choice" value="${amount}"><span>${money(amount)}</span></label>`,
    )
    .join('');
  const other = campaign.allowCustomAmount
    ? '<label class="give-chip"><input type="radio" name="choice" value="custom"><span>Other amount</span></label>'
    : '';
  const custom = campaign.allowCustomAmount
    ? `<div class="give-field" data-give-custom hidden><label for="give-custom">Your amount</label><p class="give-hint" id="give-custom-hint">At least ${money(campaign.minimumAmount)}</p><input id="give-custom" name="custom" inputmode="decimal" autocomplete="off" aria-describedby="give-custom-hint"></div>`
    : '';
  const years = monthly
    ? `<div class="give-field" data-give-monthly hidden><label for="give-years">For</label><select id="give-years" name="years">${DONATION_YEARS.map((n) => `<option value="${e(YEAR_LABELS[n] ?? '')}" data-years="${n}" data-gifts="${monthlyGiftCount(n) ?? ''}">${e(YEAR_LABELS[n] ?? '')}</option>`).join('')}</select></div><p data-give-plan aria-live="polite" hidden></p>`
    : '';
  return `<form class="give-form" aria-label="Donation" novalidate data-give="${e(campaign.guId)}" data-symbol="${e(symbol)}" data-digits="${digits}" data-minimum="${campaign.minimumAmount}" data-below-minimum="${e(DONATION_MESSAGES.belowMinimum(formatMoney(campaign.minimumAmount, campaign.currency)))}">
${often}<fieldset class="give-group"><legend data-give-legend>Amount (one-time gift)</legend><div class="give-chips">${chips}${other}</div></fieldset>
<p class="give-error" data-give-choice role="alert" hidden></p>
${custom}${years}
<div class="give-names">${field('give-first', 'First name', '<input id="give-first" name="firstName" required autocomplete="given-name" aria-describedby="give-first-error">', true)}${field('give-last', 'Last name', '<input id="give-last" name="lastName" required autocomplete="family-name" aria-describedby="give-last-error">', true)}</div>
${field('give-email', 'Email', '<input id="give-email" name="email" type="email" required autocomplete="email" aria-describedby="give-email-error">', true)}
${field('give-note', 'Note (optional)', '<textarea id="give-note" name="note" maxlength="500" rows="2" aria-describedby="give-note-error"></textarea>')}
<label class="give-check"><input type="checkbox" name="isAnonymous">Keep my name private (give anonymously)</label>
<div class="give-alert give-alert--error" role="alert" data-give-failure hidden><p class="give-alert__title">Your donation could not be started</p><p data-give-failure-text></p></div>
<p class="give-muted" data-give-leave>You will pay on our payment provider's secure page, and get a receipt by email.</p>
<div class="give-submit"><button type="submit" class="give-button" disabled>Donate</button></div>
</form><script src="/site/donate.js" defer></script>`;
}

/** The campaign's page: image, name, description, progress, and the form (or why there is none). */
export function donatePageHtml(campaign: PublicDonationCampaign, paymentProvider: string | null): string {
  const form = takesCardPayments(paymentProvider)
    ? formHtml(campaign, paymentProvider === 'STRIPE')
    : '<div class="give-alert give-alert--note" role="status"><p class="give-alert__title">Online giving is not available</p><p>This organisation does not take card payments online yet.</p></div>';
  return `<section class="give-page" aria-labelledby="donate-title">${campaign.imageUrl ? `<img class="give-hero" src="${e(campaign.imageUrl)}" alt="" width="640" height="280">` : ''}<h1 id="donate-title">${e(campaign.name)}</h1>${campaign.description ? `<p class="give-text">${e(campaign.description)}</p>` : ''}${progressHtml(campaign)}${form}</section>`;
}

/** Not taking donations (unknown, inactive, archived, another studio's, or donations off): the app's words. */
export const CAMPAIGN_NOT_FOUND: SitePage = {
  name: NOT_FOUND_PAGE_NAME,
  title: 'Campaign not found',
  header: 'Campaign not found',
  subHeader: '',
  html: '<div class="give-page"><div class="give-alert give-alert--error" role="alert"><p>This campaign is not taking donations. <a href="/donations">See all campaigns</a></p></div></div>',
  css: DONATE_CSS,
};

/** GET /donate/{id} as a server-rendered page, and its island. `appShell`: the web app's page for the return. */
export function registerDonatePage(
  app: FastifyInstance,
  platform: Platform,
  assets: AppAssets,
  appShell: (request: FastifyRequest) => Promise<string | null>,
): void {
  app.get('/site/donate.js', { schema: { hide: true } }, (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(DONATE_ISLAND_JS),
  );

  app.get<{ Params: { id: string }; Querystring: { session_id?: string } }>(
    '/donate/:id',
    { schema: { hide: true } },
    async (request, reply) => {
      const tenant = requireTenant(request);
      // Back from the provider's page with a saved card: the app's page completes the monthly gift.
      if (request.query.session_id) {
        const shell = await appShell(request);
        if (shell) return sendSitePage(reply, 200, shell);
      }
      const { config } = await platform.tenantConfigs.get(tenant);
      const path = request.url.split('?')[0] ?? '/donations';
      let campaign: PublicDonationCampaign | null = null;
      if (UUID.test(request.params.id)) {
        try {
          campaign = await publicCampaign(platform.db, tenant, request.params.id);
        } catch (error) {
          // an unknown or closed campaign, or donations switched off in the studio's settings
          if (!(error instanceof AppError && error.statusCode === 404)) throw error;
        }
      }
      const url = `${requestOrigin(request)}${path}`;
      if (!campaign) return sendSitePage(reply, 404, renderSitePage(config, CAMPAIGN_NOT_FOUND, { url, path }, assets));
      const summary = (campaign.description ?? '').replace(/\s+/g, ' ').trim();
      const page: SitePage = {
        name: `donate:${campaign.guId}`,
        title: `Donate to ${campaign.name}`,
        header: '',
        subHeader: '',
        html: donatePageHtml(campaign, config.paymentProvider),
        css: DONATE_CSS,
        description: (summary || `Give to ${campaign.name} at ${config.name}.`).slice(0, 160),
        image: campaign.imageUrl?.startsWith('/') ? `${requestOrigin(request)}${campaign.imageUrl}` : undefined,
      };
      return sendSitePage(reply, 200, renderSitePage(config, page, { url, path }, assets));
    },
  );
}
