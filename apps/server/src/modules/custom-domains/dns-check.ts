import { Resolver } from 'node:dns/promises';
import { DOMAIN_PROOF_LABEL } from '@atrium/contracts';

/** What one look at a domain's DNS found. */
export interface DnsFindings {
  /** The proof is there. */
  proven: boolean;
  /** Why not, in words for the studio (null when proven). */
  reason: string | null;
  /** The lookup itself failed (timeout, server failure): no evidence either way. */
  lookupFailed: boolean;
  /** The routing record points here (CNAME to the target, or one of the A records). */
  routingOk: boolean;
}

export interface DnsExpectation {
  domain: string;
  proofValue: string;
  /** The CNAME target, or null when the routing is by A records. */
  cnameTarget: string | null;
  aRecords: string[];
}

const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

export const proofName = (domain: string) => `${DOMAIN_PROOF_LABEL}.${domain}`;
export const proofValue = (proof: string) => `studio-verify=${proof}`;

/** A resolver asking the configured servers (DNS_RESOLVER), else the system's. */
export function makeResolver(servers: string[]): Resolver {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (servers.length > 0) resolver.setServers(servers);
  return resolver;
}

const codeOf = (error: unknown) => String((error as { code?: string }).code ?? 'ESERVFAIL');
const clean = (name: string) => name.toLowerCase().replace(/\.$/, '');

/** Looks up the TXT proof and the routing record of one domain. */
export async function lookUpDomain(resolver: Resolver, expect: DnsExpectation): Promise<DnsFindings> {
  const name = proofName(expect.domain);
  let proven = false;
  let reason: string | null = null;
  let lookupFailed = false;
  try {
    const records = (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
    proven = records.some((record) => record.trim() === expect.proofValue);
    if (!proven) reason = `The TXT record at ${name} does not hold this studio's value (${expect.proofValue}).`;
  } catch (error) {
    const code = codeOf(error);
    if (ABSENT.has(code)) reason = `No TXT record found at ${name} yet.`;
    else {
      lookupFailed = true;
      reason = `The DNS lookup of ${name} failed (${code}); it is tried again later.`;
    }
  }
  let routingOk = false;
  try {
    if (expect.cnameTarget) {
      const targets = (await resolver.resolveCname(expect.domain)).map(clean);
      routingOk = targets.includes(expect.cnameTarget);
    } else {
      const addresses = await resolver.resolve4(expect.domain);
      routingOk = addresses.some((address) => expect.aRecords.includes(address));
    }
  } catch {
    routingOk = false;
  }
  return { proven, reason, lookupFailed, routingOk };
}
