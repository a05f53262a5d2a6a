import { renderTemplate, SYSTEM_TEMPLATE_KEYS, type SystemTemplateKey, templateTags } from '@atrium/contracts';
import type { Tx } from '../../db/client.ts';
import { stripTags } from '../../lib/html-text.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { OutgoingEmail } from '../mail/outbox.ts';
import { contactCustomTagValues, findSystemTemplateRow } from './email-templates.repo.ts';

export interface EmailRecipient {
  id: string;
  email: string;
  name: string;
  lastName: string;
  phone: string;
}

/** The standard tags (spec 2 §3) for one recipient of one tenant; product tags are empty outside a sale. */
export function standardTagValues(tenant: TenantContext, contact: EmailRecipient): Record<string, string> {
  const s = tenant.settings;
  const address = [s.addressLine1, s.addressLine2, s.city, [s.state, s.zip].filter(Boolean).join(' ')]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');
  return {
    firstname: contact.name,
    lastname: contact.lastName,
    email: contact.email,
    phone: contact.phone,
    productname: '',
    producttype: '',
    orgname: tenant.name,
    orgaddress: address,
    orgphone: s.phone,
    orgemail: s.email,
  };
}

/** Plain-text part of an HTML email: block ends become line breaks, links show their address. */
export function htmlToText(html: string): string {
  const lines = html
    .replace(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_, href: string, label: string) => {
      const text = label.replace(/<[^>]*>/g, '').trim();
      return text && text !== href ? `${text} (${href})` : href;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|blockquote)>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '- ');
  return stripTags(lines)
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * A platform email shaped by the tenant's template for `key` when it has one, else `fallback`.
 * Tags render with the recipient's standard and custom-field values plus the key's own tags
 * (e.g. `resetlink`); a body without the key's required tag gets it appended, so a reset email
 * always carries its link. Runs inside the caller's tenant transaction (no network I/O).
 */
export async function composeSystemEmail(
  tx: Tx,
  tenant: TenantContext,
  key: SystemTemplateKey,
  contact: EmailRecipient,
  extra: Record<string, string>,
  fallback: Omit<OutgoingEmail, 'to'>,
): Promise<OutgoingEmail> {
  const row = await findSystemTemplateRow(tx, tenant.tenantId, key);
  if (!row) return { to: contact.email, ...fallback };
  const values = {
    ...(await contactCustomTagValues(tx, tenant.tenantId, contact.id)),
    ...standardTagValues(tenant, contact),
    ...extra,
  };
  const { requiredTag } = SYSTEM_TEMPLATE_KEYS[key];
  let body = row.template;
  if (!templateTags(body).includes(requiredTag)) {
    body += `<p><a href="{{${requiredTag}}}">{{${requiredTag}}}</a></p>`;
  }
  const html = renderTemplate(body, values, { html: true });
  const subject =
    renderTemplate(row.subject, values)
      .replace(/[\r\n]+/g, ' ')
      .trim() || fallback.subject;
  return { to: contact.email, subject, html, text: htmlToText(html) };
}
