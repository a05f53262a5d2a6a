import { type IntegrationsStatus, PAYMENT_KEY_PROVIDERS, type Verification } from '@atrium/contracts';
import type { MxResolver } from '../../config.ts';
import { withTenant } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import type { SingleUseStore } from '../../lib/single-use-store.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import {
  type CredentialKind,
  type CredentialRow,
  deactivateOthers,
  findCredential,
  listCredentials,
  upsertCredential,
} from './integrations.repo.ts';
import type { Mailchimp } from './mailchimp.ts';
import type { OAuthClients } from './oauth-clients.ts';
import type { PendingConnect } from './pending-connect.ts';
import type { CheckResult, ProviderChecks } from './providers.ts';
import type { StripeConnect } from './stripe-connect.ts';
import type { CredentialVault } from './vault.ts';

/** What the module needs besides the platform: the vault, the provider checks and adapters. */
export interface Integrations {
  platform: Platform;
  vault: CredentialVault;
  checks: ProviderChecks;
  mailchimp: Mailchimp;
  log: { error(details: object, message: string): void };
  oauth: OAuthClients;
  stripeConnect: StripeConnect;
  /** Pending OAuth connections by state (single use, 10 minutes). */
  connects: SingleUseStore<PendingConnect>;
  mxResolver: MxResolver;
}

export interface Stored {
  row: CredentialRow;
  secrets: Record<string, string>;
  pub: Record<string, unknown>;
}

export const str = (pub: Record<string, unknown>, key: string): string => {
  const value = pub[key];
  return typeof value === 'string' ? value : '';
};
export const num = (pub: Record<string, unknown>, key: string, fallback: number): number => {
  const value = pub[key];
  return typeof value === 'number' ? value : fallback;
};
export const hints = (pub: Record<string, unknown>): Record<string, string> =>
  (pub.hints && typeof pub.hints === 'object' ? pub.hints : {}) as Record<string, string>;

export function open(ctx: Integrations, row: CredentialRow): Stored {
  return { row, secrets: ctx.vault.open(row.tenantId, row.provider, row), pub: row.publicFields ?? {} };
}

/** Reads stay short: one select in the tenant's transaction; decrypting happens after it. */
export async function load(ctx: Integrations, tenantId: string, provider: string): Promise<Stored | null> {
  const row = await withTenant(ctx.platform.db, tenantId, (tx) => findCredential(tx, tenantId, provider));
  return row ? open(ctx, row) : null;
}

export function verificationOf(row: CredentialRow | null | undefined): Verification {
  return {
    isVerified: row?.isVerified ?? null,
    verifyMessage: row?.verifyMessage ?? '',
    verifiedAt: row?.verifiedAt ? row.verifiedAt.toISOString() : null,
  };
}

export interface VerificationWrite {
  isVerified: boolean | null;
  verifyMessage: string;
  verifiedAt: Date | null;
}

export const NOT_CHECKED: VerificationWrite = { isVerified: null, verifyMessage: '', verifiedAt: null };

/**
 * decisions.md "Integrations": the provider refusing the credentials (401/403) refuses the save with
 * a 400 on the secret's field; a provider that cannot be reached does not block the save, which is
 * kept with isVerified false and says so.
 */
export function verdict(result: CheckResult, name: string, field: string, rejected: string): VerificationWrite {
  if (result.outcome === 'rejected') throw badRequest(field, rejected);
  if (result.outcome === 'unreachable') {
    return {
      isVerified: false,
      verifyMessage: `Could not reach ${name} to check the credentials (${result.detail}); saved without a check.`,
      verifiedAt: new Date(),
    };
  }
  const who = result.detail ? ` (${result.detail})` : '';
  return { isVerified: true, verifyMessage: `${name} accepted the credentials${who}.`, verifiedAt: new Date() };
}

export async function save(
  ctx: Integrations,
  tenantId: string,
  kind: CredentialKind,
  provider: string,
  secrets: Record<string, string>,
  fields: {
    hint: string;
    publicFields: Record<string, unknown>;
    isIntegrated: boolean;
    isTestMode?: boolean;
    verification: VerificationWrite;
  },
  oneActive: boolean,
): Promise<CredentialRow> {
  const sealed = ctx.vault.seal(tenantId, provider, secrets);
  return withTenant(ctx.platform.db, tenantId, async (tx) => {
    const row = await upsertCredential(tx, tenantId, {
      provider,
      kind,
      ...sealed,
      hint: fields.hint,
      publicFields: fields.publicFields,
      isIntegrated: fields.isIntegrated,
      isTestMode: fields.isTestMode ?? false,
      ...fields.verification,
    });
    if (oneActive && fields.isIntegrated) await deactivateOthers(tx, tenantId, kind, provider);
    return row;
  });
}

// ---------------------------------------------------------------- hub

/** Vault provider keys of the oauth connections (decisions.md "Integrations: Stripe connect, …"). */
export const MEETING_PROVIDERS = ['zoom', 'googlemeet'];
export const MAILBOX_PREFIX = 'mail:';

/** The hub's green checks (spec 2 §4 "Integrated indicators"). */
export async function integrationsStatus(ctx: Integrations, tenant: TenantContext): Promise<IntegrationsStatus> {
  const rows = await withTenant(ctx.platform.db, tenant.tenantId, (tx) => listCredentials(tx, tenant.tenantId));
  const on = (provider: string) => rows.some((row) => row.provider === provider && row.isIntegrated);
  return {
    payments: Object.fromEntries(PAYMENT_KEY_PROVIDERS.map((p) => [p, on(p)])) as IntegrationsStatus['payments'],
    sms: { twilio: on('twilio'), plivo: on('plivo') },
    campaign: { mailchimp: on('mailchimp'), brevo: on('brevo') },
    // Spec 2 §4: an oauth provider named zoom or googlemeet; any connected mailbox.
    onlineMeeting: rows.some((row) => MEETING_PROVIDERS.includes(row.provider) && row.isIntegrated),
    connectEmail: rows.some((row) => row.provider.startsWith(MAILBOX_PREFIX)),
  };
}
