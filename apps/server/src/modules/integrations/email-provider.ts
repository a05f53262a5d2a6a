import { resolveMx } from 'node:dns/promises';
import { emailDomain, emailProviderFromDomain, emailProviderFromMx, type MxName } from '@atrium/contracts';
import type { MxResolver } from '../../config.ts';

const MX_TIMEOUT_MS = 3_000;

/** node:dns MX lookup, best preference first. */
export const dnsMxResolver: MxResolver = async (domain) =>
  (await resolveMx(domain)).sort((a, b) => a.priority - b.priority).map((record) => record.exchange);

/**
 * GET /authmgr/oauth/mxname: the domain itself (gmail.com, outlook.com, zoho.com ...) first, then
 * its MX records (Google Workspace, Microsoft 365, Zoho Mail on a custom domain). No answer in 3 s,
 * no MX record or any DNS error: 'other'.
 */
export async function identifyEmailProvider(email: string, resolver: MxResolver): Promise<MxName> {
  const domain = emailDomain(email);
  const byDomain = emailProviderFromDomain(domain);
  if (byDomain) return byDomain;
  if (!domain) return 'other';
  let timer: NodeJS.Timeout | undefined;
  try {
    const hosts = await Promise.race([
      resolver(domain),
      new Promise<string[]>((_, reject) => {
        timer = setTimeout(() => reject(new Error('mx lookup timed out')), MX_TIMEOUT_MS);
      }),
    ]);
    return emailProviderFromMx(hosts) ?? 'other';
  } catch {
    return 'other';
  } finally {
    clearTimeout(timer);
  }
}
