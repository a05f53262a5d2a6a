import {
  type BRAND_MERGE_FIELDS,
  brandMergeValues,
  CAMPAIGN_MESSAGES,
  type CampaignMergeField,
  fillMergeFields,
  withoutEmptyImages,
} from '@atrium/contracts';
import mjml2html from 'mjml';
import { badRequest } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { escapeHtml } from '../../site/sanitize.ts';

// Designed emails (docs/decisions/campaigns.md "Designed emails"): the designer's MJML, with the
// studio's brand filled in, rendered to HTML once per batch by mjml on the server; each recipient's
// merge fields and unsubscribe link are then put into that HTML and into the plain-text part made from it.

/** Stands for a recipient's unsubscribe address in a rendered body until it is personalised. */
export const UNSUBSCRIBE_PLACEHOLDER = '%%unsubscribe_url%%';

export type BrandValues = Record<(typeof BRAND_MERGE_FIELDS)[number], string>;

/** The studio's name, colour (with a readable text colour on it), logo and website addresses, for its emails. */
export function brandValues(platform: Platform, tenant: TenantContext): BrandValues {
  return brandMergeValues({
    name: tenant.name,
    themeColor: tenant.settings.themeColor,
    logo: tenant.settings.logo,
    origin: tenantOrigin(platform.config, tenant),
  });
}

const escapeAll = (values: Partial<Record<CampaignMergeField, string>>) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, escapeHtml(value ?? '')]));

/** The footer every campaign email ends with: who sends it and the unsubscribe link. */
function mjmlFooter(studioName: string): string {
  return `<mj-section padding="16px 0 32px"><mj-column><mj-divider border-width="1px" border-color="#e5e7eb" padding="0 24px 16px" /><mj-text font-size="13px" color="#4b5563" align="center">You receive this email from ${escapeHtml(studioName)}. <a href="${UNSUBSCRIBE_PLACEHOLDER}" style="color:#1d4ed8">Unsubscribe</a></mj-text></mj-column></mj-section>`;
}

interface MjmlResult {
  html: string;
  errors: { formattedMessage?: string; message?: string; line?: number; tagName?: string }[];
}

async function runMjml(source: string): Promise<MjmlResult> {
  try {
    const result = (await mjml2html(source, {
      validationLevel: 'strict',
      ignoreIncludes: true,
      keepComments: false,
    })) as MjmlResult;
    return result;
  } catch (error) {
    const details = (error as { errors?: MjmlResult['errors'] }).errors;
    if (Array.isArray(details) && details.length > 0) return { html: '', errors: details };
    const message = error instanceof Error ? error.message.trim() : String(error);
    return { html: '', errors: [{ message: message || 'it could not be read' }] };
  }
}

const describe = (error: MjmlResult['errors'][number]) => {
  const text = (error.message ?? error.formattedMessage ?? 'it could not be read').replace(/\s+/g, ' ').trim();
  return error.line ? `line ${error.line}: ${text}` : text;
};

/**
 * Checks a design before it is kept: known merge fields only (checked by the caller), no scripts, and
 * MJML that mjml renders under strict validation. Anything else is a 400 naming `bodyMjml`.
 */
export async function checkMjml(
  platform: Platform,
  tenant: TenantContext,
  mjml: string,
  field = 'bodyMjml',
): Promise<string> {
  if (/<script\b/i.test(mjml) || /\son[a-z]+\s*=/i.test(mjml) || /javascript:/i.test(mjml)) {
    throw badRequest(field, CAMPAIGN_MESSAGES.scriptInMjml(field));
  }
  if (!/<mjml[\s>]/i.test(mjml) || !/<mj-body[\s>]/i.test(mjml)) {
    throw badRequest(field, CAMPAIGN_MESSAGES.invalidMjml('it must be an <mjml> document with an <mj-body>', field));
  }
  const source = withoutEmptyImages(fillMergeFields(mjml, escapeAll(brandValues(platform, tenant))));
  const { html, errors } = await runMjml(source);
  const [first] = errors;
  if (first) throw badRequest(field, CAMPAIGN_MESSAGES.invalidMjml(describe(first), field));
  return html;
}

/** A widget (a few sections) as a document of its own, to check and show it. */
export const widgetDocument = (mjml: string) =>
  /<mjml[\s>]/i.test(mjml) ? mjml : `<mjml lang="en"><mj-body background-color="#f4f4f5">${mjml}</mj-body></mjml>`;

/** A design rendered with the studio's brand and without the campaign footer (a template's unhtml). */
export async function renderDesign(platform: Platform, tenant: TenantContext, mjml: string): Promise<string> {
  const source = withoutEmptyImages(fillMergeFields(mjml, escapeAll(brandValues(platform, tenant))));
  const { html, errors } = await runMjml(source);
  return errors.length === 0 ? html : '';
}

/**
 * A body ready to be personalised: the whole email's HTML and its plain text, still holding the
 * recipient's merge fields and the unsubscribe placeholder.
 */
export interface PreparedBody {
  html: string;
  text: string;
}

/** Renders a design for sending: brand filled, footer added, MJML to HTML, the plain text made from it. */
export async function prepareMjmlBody(platform: Platform, tenant: TenantContext, mjml: string): Promise<PreparedBody> {
  const brand = brandValues(platform, tenant);
  let source = withoutEmptyImages(fillMergeFields(mjml, escapeAll(brand)));
  const closing = source.search(/<\/mj-body>/i);
  if (closing >= 0) source = `${source.slice(0, closing)}${mjmlFooter(tenant.name)}${source.slice(closing)}`;
  const { html, errors } = await runMjml(source);
  const [first] = errors;
  if (first) throw badRequest('bodyMjml', CAMPAIGN_MESSAGES.invalidMjml(describe(first)));
  return { html, text: plainTextOf(html) };
}

/** The plain-text part: the HTML's text, paragraphs and line breaks kept, links written out. */
export function plainTextOf(html: string): string {
  const marked = html
    .replace(/<head[\s\S]*?<\/head>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(style|script|title)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|blockquote|table)>/gi, '\n\n')
    .replace(/<li[^>]*>/gi, '- ')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, inner: string) => {
      const text = inner.replace(/<[^>]*>/g, '').trim();
      return text && text !== href ? `${text} (${href})` : href;
    })
    .replace(/<[^>]*>/g, '');
  const text = marked
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&');
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** One recipient's copy: their merge fields (escaped in the HTML) and unsubscribe address put in. */
export function personalise(
  prepared: PreparedBody,
  values: Partial<Record<CampaignMergeField, string>>,
  unsubscribe: string,
): PreparedBody {
  return {
    html: fillMergeFields(prepared.html, escapeAll(values))
      .split(UNSUBSCRIBE_PLACEHOLDER)
      .join(escapeHtml(unsubscribe)),
    text: fillMergeFields(prepared.text, values).split(UNSUBSCRIBE_PLACEHOLDER).join(unsubscribe),
  };
}
