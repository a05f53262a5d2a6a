import { domainToASCII } from 'node:url';

const LABEL = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
/** Second-level labels under a two-letter country code that are not a registrant's own (co.uk, com.au). */
const SHARED_SECOND_LEVEL = new Set(['co', 'com', 'net', 'org', 'ac', 'gov', 'edu', 'ltd', 'plc', 'me']);

export type DomainCheck = { ok: true; domain: string } | { ok: false; message: string };

/**
 * A studio's domain as typed: trimmed, lower case, a scheme, path or trailing dot taken off, an
 * international name in its ASCII (punycode) form. Refused: not a host name, a single label, an IP
 * address, or the platform's own domains and their sub-domains (`reserved`).
 */
export function normalizeDomain(input: string, reserved: readonly string[]): DomainCheck {
  let text = input.trim().toLowerCase();
  text = text.replace(/^[a-z][a-z0-9+.-]*:\/\//, '').replace(/[/?#].*$/, '');
  text = text.replace(/:\d+$/, '').replace(/\.$/, '');
  if (!text) return { ok: false, message: 'Custom Domain is required!' };
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(text) || text.includes(':') || text.startsWith('['))
    return { ok: false, message: 'Enter a domain name such as www.yourstudio.com, not an IP address.' };
  const ascii = domainToASCII(text);
  if (!ascii || ascii.length > 253)
    return { ok: false, message: 'Enter a valid domain name such as www.yourstudio.com.' };
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label)) || /^\d+$/.test(labels.at(-1) ?? ''))
    return { ok: false, message: 'Enter a valid domain name such as www.yourstudio.com.' };
  for (const own of reserved) {
    if (ascii === own || ascii.endsWith(`.${own}`))
      return { ok: false, message: `${ascii} is one of the platform's own addresses; enter a domain you own.` };
  }
  return { ok: true, domain: ascii };
}

/**
 * Whether a domain is an apex (registered name itself: yourstudio.com, yourstudio.co.uk), which
 * cannot hold a CNAME. Without the public suffix list this is a rule of thumb: two labels, or three
 * under a country code's shared second level.
 */
export function isApex(domain: string): boolean {
  const labels = domain.split('.');
  if (labels.length === 2) return true;
  return labels.length === 3 && (labels[2] ?? '').length === 2 && SHARED_SECOND_LEVEL.has(labels[1] ?? '');
}
