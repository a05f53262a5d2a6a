import { formatMoney, type PublicDonationCampaign } from '@atrium/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import { requireTenant } from '../lib/guards.ts';
import { requestOrigin } from '../lib/request-origin.ts';
import { publicCampaigns } from '../modules/donations/donations.service.ts';
import type { Platform } from '../platform.ts';
import { type AppAssets, renderSitePage, sendSitePage } from './render-page.ts';
import { escapeHtml as e } from './sanitize.ts';
import { NOT_FOUND_PAGE } from './site.service.ts';

// The public donations page, /donations (and /publicdonations), rendered on the server like the
// builder's pages: the studio's active campaigns with their progress and a Donate link to each
// campaign's form (the web app's /donate/{id}). No script beyond the site's boot script
// (docs/decisions/website.md, "Visitors' pages on a phone").

export const DONATIONS_CSS = `.gift-grid{list-style:none;margin:0;padding:0;display:grid;gap:16px;grid-template-columns:repeat(auto-fill,minmax(min(100%,17rem),1fr))}
.gift-card{border:1px solid #dee2e6;border-radius:8px;overflow:hidden;display:flex;flex-direction:column;background:#fff;height:100%}
.site-page__body .gift-card img{width:100%;height:160px;object-fit:cover;display:block}
.gift-card__body{padding:16px;display:flex;flex-direction:column;gap:8px;flex:1}
.gift-card h2{font-size:1.25rem;margin:0;line-height:1.3;overflow-wrap:anywhere}
.gift-card p{margin:0}
.gift-card__text{font-size:.9rem;display:-webkit-box;-webkit-line-clamp:3;-webkit-box-orient:vertical;overflow:hidden;overflow-wrap:anywhere}
.gift-progress{height:8px;border-radius:999px;background:#e9ecef;overflow:hidden}
.gift-progress span{display:block;height:100%;background:var(--site-accent-ink)}
.gift-card__raised{font-size:.9rem}
.gift-button{display:flex;align-items:center;justify-content:center;margin-top:auto;border-radius:6px;padding:8px 16px;font-weight:600;background:var(--site-accent);color:var(--site-accent-text);text-decoration:none;min-height:40px}
.gift-button:focus-visible{outline:3px solid var(--site-accent-ink);outline-offset:2px}`;

/** How far toward the goal, 0 to 100 (no goal: null), as the app's progressOf. */
export function progressOf(raised: number, goal: number | null): number | null {
  if (!goal) return null;
  return Math.min(100, Math.round((raised / goal) * 100));
}

export function progressHtml(campaign: PublicDonationCampaign): string {
  const percent = progressOf(campaign.raised, campaign.goal);
  const raised = formatMoney(campaign.raised, campaign.currency);
  const donors = `${campaign.donorCount} ${campaign.donorCount === 1 ? 'donor' : 'donors'}`;
  if (percent === null || !campaign.goal) return `<p class="gift-card__raised">${e(raised)} raised · ${donors}</p>`;
  return `<div class="gift-progress" role="progressbar" aria-valuemin="0" aria-valuemax="100" aria-valuenow="${percent}" aria-label="${percent}% of the goal raised"><span style="width:${percent}%"></span></div><p class="gift-card__raised">${e(raised)} raised of ${e(formatMoney(campaign.goal, campaign.currency))} · ${donors}</p>`;
}

/** The campaigns as cards: image, name, description (3 lines), progress, Donate. */
export function donationsHtml(campaigns: PublicDonationCampaign[]): string {
  if (campaigns.length === 0) return '<p>There are no campaigns to give to right now.</p>';
  const cards = campaigns
    .map(
      (campaign) =>
        `<li><article class="gift-card" aria-label="${e(campaign.name)}">${campaign.imageUrl ? `<img src="${e(campaign.imageUrl)}" alt="" loading="lazy" width="400" height="160">` : ''}<div class="gift-card__body"><h2>${e(campaign.name)}</h2>${campaign.description ? `<p class="gift-card__text">${e(campaign.description)}</p>` : ''}${progressHtml(campaign)}<a class="gift-button" href="/donate/${e(encodeURIComponent(campaign.guId))}" aria-label="Donate to ${e(campaign.name)}">Donate</a></div></article></li>`,
    )
    .join('');
  return `<ul class="gift-grid" aria-label="Campaigns">${cards}</ul>`;
}

/** GET /donations and /publicdonations as server-rendered pages. */
export function registerDonationsPage(app: FastifyInstance, platform: Platform, assets: AppAssets): void {
  const page = async (request: FastifyRequest, reply: FastifyReply) => {
    const tenant = requireTenant(request);
    const { config } = await platform.tenantConfigs.get(tenant);
    const path = request.url.split('?')[0] ?? '/donations';
    const url = `${requestOrigin(request)}${path}`;
    let campaigns: PublicDonationCampaign[];
    try {
      campaigns = (await publicCampaigns(platform.db, tenant)).data;
    } catch (error) {
      // Donations switched off in the studio's settings: no such page.
      if (error instanceof AppError && error.statusCode === 404)
        return sendSitePage(reply, 404, renderSitePage(config, NOT_FOUND_PAGE, { url, path }, assets));
      throw error;
    }
    const html = renderSitePage(
      config,
      {
        name: 'donations',
        title: 'Donations',
        header: 'Donations',
        subHeader: '',
        html: donationsHtml(campaigns),
        css: DONATIONS_CSS,
        description: campaigns.length
          ? `Give to ${config.name}: ${campaigns.map((campaign) => campaign.name).join(', ')}`.slice(0, 160)
          : undefined,
      },
      { url, path },
      assets,
    );
    return sendSitePage(reply, 200, html);
  };
  app.get('/donations', { schema: { hide: true } }, page);
  app.get('/publicdonations', { schema: { hide: true } }, page);
}
