import { z } from 'zod';

/**
 * A studio's own domain (issue 28, spec 2 Account Settings "Custom Domain"): added by an admin,
 * proven by a TXT record, re-checked by a job; only a verified domain serves the studio.
 */
export const CUSTOM_DOMAIN_STATUSES = ['pending', 'verified', 'failed'] as const;
export const CustomDomainStatus = z.enum(CUSTOM_DOMAIN_STATUSES);
export type CustomDomainStatus = z.infer<typeof CustomDomainStatus>;

/** One DNS record the studio makes at its DNS host. */
export const DnsRecord = z.object({
  type: z.enum(['CNAME', 'A', 'TXT']),
  /** The full record name (e.g. `www.example.com`, `_studio-verify.www.example.com`). */
  name: z.string(),
  value: z.string(),
  /** What the record is for: routing the visitors, or the proof of ownership. */
  purpose: z.enum(['routing', 'proof']),
});
export type DnsRecord = z.infer<typeof DnsRecord>;

export const CustomDomain = z.object({
  domain: z.string(),
  status: CustomDomainStatus,
  /** The records to make: a CNAME (or A records for an apex domain) and the TXT proof. */
  records: z.array(DnsRecord),
  /** Why the last check did not prove the domain (null when it did, or before the first check). */
  reason: z.string().nullable(),
  /** Whether the last check found the routing record pointing here (null before the first check). */
  routingOk: z.boolean().nullable(),
  addedAt: z.string(),
  checkedAt: z.string().nullable(),
  verifiedAt: z.string().nullable(),
});
export type CustomDomain = z.infer<typeof CustomDomain>;

export const CustomDomainState = z.object({ customDomain: CustomDomain.nullable() });
export type CustomDomainState = z.infer<typeof CustomDomainState>;

export const CustomDomainWrite = z.object({ domain: z.string().max(253) });
export type CustomDomainWrite = z.infer<typeof CustomDomainWrite>;

/** The TXT record's label before the domain: neutral (white label), no product name. */
export const DOMAIN_PROOF_LABEL = '_studio-verify';
