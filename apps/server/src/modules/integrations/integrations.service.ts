import {
  type BrevoWrite,
  type CampaignTenant,
  type IntegrationsStatus,
  PAYMENT_KEY_PROVIDERS,
  PAYMENT_PROVIDER_LABELS,
  type PaymentKeyList,
  type PaymentKeyProvider,
  type PaymentKeyRecord,
  type PaymentKeyWrite,
  type PhonePeWrite,
  type PlivoWrite,
  paymentKeysError,
  SMS_PAGE_SIZE_DEFAULT,
  SMS_PAGE_WAIT_MINUTES_DEFAULT,
  type SmsTenant,
  type TwilioWrite,
  twilioSender,
  type Verification,
} from '@atrium/contracts';
import type { z } from 'zod';
import type { MxResolver } from '../../config.ts';
import { withTenant } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { SingleUseStore } from '../../lib/single-use-store.ts';
import type { Platform } from '../../platform.ts';
import { saveTenantSettings } from '../settings/settings.service.ts';
import type { TenantContext } from '../tenants/tenant-directory.ts';
import {
  type CredentialKind,
  type CredentialRow,
  deactivateOthers,
  deleteCredential,
  findCredential,
  listCredentials,
  upsertCredential,
} from './integrations.repo.ts';
import type { Mailchimp } from './mailchimp.ts';
import type { OAuthClients } from './oauth-clients.ts';
import type { PendingConnect } from './pending-connect.ts';
import type { CheckResult, ProviderChecks } from './providers.ts';
import type { StripeConnect } from './stripe-connect.ts';
import { type CredentialVault, hintOf } from './vault.ts';

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
const num = (pub: Record<string, unknown>, key: string, fallback: number): number => {
  const value = pub[key];
  return typeof value === 'number' ? value : fallback;
};
const hints = (pub: Record<string, unknown>): Record<string, string> =>
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

// ---------------------------------------------------------------- payments

function toPaymentKeyRecord(stored: Stored): PaymentKeyRecord {
  const { row, secrets, pub } = stored;
  const h = hints(pub);
  return {
    provider: row.provider as PaymentKeyProvider,
    isProviderIntegrated: row.isIntegrated,
    isTestMode: row.isTestMode,
    apiKey: str(pub, 'apiKey'),
    testApiKey: str(pub, 'testApiKey'),
    saltIndex: str(pub, 'saltIndex'),
    hasSecretKey: !!secrets.secretKey,
    secretKeyHint: h.secretKey ?? '',
    hasTestSecretKey: !!secrets.testSecretKey,
    testSecretKeyHint: h.testSecretKey ?? '',
    ...verificationOf(row),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** GET /item/tenant/keys: the tenant's payment key records, masked. */
export async function listPaymentKeys(ctx: Integrations, tenant: TenantContext): Promise<PaymentKeyList> {
  const rows = await withTenant(ctx.platform.db, tenant.tenantId, (tx) =>
    listCredentials(tx, tenant.tenantId, 'payment'),
  );
  return { keys: rows.map((row) => toPaymentKeyRecord(open(ctx, row))) };
}

const paymentSetting = (provider: PaymentKeyProvider) => provider.toUpperCase();

/**
 * The tenant's `paymentProvider` setting follows the key records: an integrated provider becomes
 * the tenant's; when the current one is disconnected or removed, another integrated one (or none).
 */
export async function syncPaymentProvider(
  ctx: Integrations,
  tenant: TenantContext,
  provider: PaymentKeyProvider,
  integrated: boolean,
): Promise<void> {
  const current = tenant.settings.paymentProvider;
  if (integrated) {
    if (current !== paymentSetting(provider)) {
      await saveTenantSettings(ctx.platform, tenant, { paymentProvider: paymentSetting(provider) });
    }
    return;
  }
  if (current !== paymentSetting(provider)) return;
  const rows = await withTenant(ctx.platform.db, tenant.tenantId, (tx) =>
    listCredentials(tx, tenant.tenantId, 'payment'),
  );
  const next = rows
    .filter((row) => row.isIntegrated && row.provider !== provider)
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0];
  await saveTenantSettings(ctx.platform, tenant, {
    paymentProvider: next ? paymentSetting(next.provider as PaymentKeyProvider) : null,
  });
}

/** PUT /item/tenant/{pspring|stripe|razorpay|paytm}. */
export async function savePaymentKeys(
  ctx: Integrations,
  tenant: TenantContext,
  provider: Exclude<PaymentKeyProvider, 'phonepe'>,
  body: z.output<typeof PaymentKeyWrite>,
): Promise<PaymentKeyRecord> {
  const existing = await load(ctx, tenant.tenantId, provider);
  const values = {
    apiKey: body.apiKey,
    secretKey: body.secretKey || existing?.secrets.secretKey || '',
    testApiKey: body.testApiKey,
    testSecretKey: body.testSecretKey || existing?.secrets.testSecretKey || '',
    isTestMode: body.isTestMode,
  };
  const error = paymentKeysError(values);
  if (error) throw badRequest(error.field, error.message);

  const name = PAYMENT_PROVIDER_LABELS[provider];
  let verification: VerificationWrite = existing ? verificationOfRow(existing.row) : NOT_CHECKED;
  if (body.isProviderIntegrated && provider === 'razorpay') {
    const test = values.isTestMode;
    const result = await ctx.checks.razorpay(
      test ? values.testApiKey : values.apiKey,
      test ? values.testSecretKey : values.secretKey,
    );
    verification = verdict(
      result,
      name,
      test ? 'testSecretKey' : 'secretKey',
      `Razorpay did not accept the ${test ? 'test ' : ''}Key Id and Key Secret.`,
    );
  }
  const row = await save(
    ctx,
    tenant.tenantId,
    'payment',
    provider,
    { ...existing?.secrets, secretKey: values.secretKey, testSecretKey: values.testSecretKey },
    {
      hint: hintOf(values.secretKey || values.testSecretKey),
      publicFields: {
        ...existing?.pub,
        apiKey: values.apiKey,
        testApiKey: values.testApiKey,
        hints: { secretKey: hintOf(values.secretKey), testSecretKey: hintOf(values.testSecretKey) },
      },
      isIntegrated: body.isProviderIntegrated,
      isTestMode: values.isTestMode,
      verification,
    },
    false,
  );
  await syncPaymentProvider(ctx, tenant, provider, body.isProviderIntegrated);
  return toPaymentKeyRecord(open(ctx, row));
}

export function verificationOfRow(row: CredentialRow): VerificationWrite {
  return { isVerified: row.isVerified, verifyMessage: row.verifyMessage, verifiedAt: row.verifiedAt };
}

/** PUT /item/tenant/phonepe: PhonePe offers no credential check that does not start a payment. */
export async function savePhonePe(
  ctx: Integrations,
  tenant: TenantContext,
  body: z.output<typeof PhonePeWrite>,
): Promise<PaymentKeyRecord> {
  const existing = await load(ctx, tenant.tenantId, 'phonepe');
  const saltKey = body.saltKey || existing?.secrets.secretKey || '';
  if (!saltKey) throw badRequest('saltKey', 'Salt Key is required');
  const row = await save(
    ctx,
    tenant.tenantId,
    'payment',
    'phonepe',
    { secretKey: saltKey },
    {
      hint: hintOf(saltKey),
      publicFields: {
        apiKey: body.merchantId,
        saltIndex: body.saltIndex,
        hints: { secretKey: hintOf(saltKey) },
      },
      isIntegrated: body.isProviderIntegrated,
      verification: NOT_CHECKED,
    },
    false,
  );
  await syncPaymentProvider(ctx, tenant, 'phonepe', body.isProviderIntegrated);
  return toPaymentKeyRecord(open(ctx, row));
}

/** DELETE /item/tenant?type=...: removes the record and its keys. */
export async function deletePaymentKeys(
  ctx: Integrations,
  tenant: TenantContext,
  provider: PaymentKeyProvider,
): Promise<{ message: string }> {
  const deleted = await withTenant(ctx.platform.db, tenant.tenantId, (tx) =>
    deleteCredential(tx, tenant.tenantId, provider),
  );
  if (!deleted) throw notFound('Payment key');
  await syncPaymentProvider(ctx, tenant, provider, false);
  return { message: `${PAYMENT_PROVIDER_LABELS[provider]} keys removed.` };
}

// ---------------------------------------------------------------- SMS

/** GET /sms/tenant: the active provider with its settings, masked; both providers' ids. */
export async function getSmsTenant(ctx: Integrations, tenant: TenantContext): Promise<SmsTenant> {
  const rows = await withTenant(ctx.platform.db, tenant.tenantId, (tx) => listCredentials(tx, tenant.tenantId, 'sms'));
  const twilio = rows.find((row) => row.provider === 'twilio');
  const plivo = rows.find((row) => row.provider === 'plivo');
  const active = rows.find((row) => row.isIntegrated) ?? null;
  const provider = active ? (active.provider as 'twilio' | 'plivo') : null;
  const shared = active ?? twilio ?? plivo ?? null;
  const sp = shared?.publicFields ?? {};
  const tp = twilio?.publicFields ?? {};
  const pp = plivo?.publicFields ?? {};
  const plivoSenderId = str(pp, 'plivoSenderId');
  return {
    tenant: {
      provider,
      twilioSid: str(tp, 'twilioSid'),
      // Spec 2 §3: with Plivo, its sender id is read back as twilioPhone.
      twilioPhone: provider === 'plivo' ? plivoSenderId : str(tp, 'twilioPhone'),
      twilioMesagingId: str(tp, 'twilioMesagingId'),
      hasTwilioToken: !!twilio,
      twilioTokenHint: twilio?.hint ?? '',
      plivoAuthId: str(pp, 'plivoAuthId'),
      plivoSenderId,
      hasPlivoAuthToken: !!plivo,
      plivoAuthTokenHint: plivo?.hint ?? '',
      adminPhone: str(sp, 'adminPhone'),
      footer: str(sp, 'footer'),
      pageSize: num(sp, 'pageSize', SMS_PAGE_SIZE_DEFAULT),
      pageWaitTime: num(sp, 'pageWaitTime', SMS_PAGE_WAIT_MINUTES_DEFAULT),
      ...verificationOf(active),
    },
  };
}

/** PUT /sms/tenant/twilio: Twilio becomes the tenant's SMS provider. */
export async function saveTwilio(
  ctx: Integrations,
  tenant: TenantContext,
  body: z.output<typeof TwilioWrite>,
): Promise<SmsTenant> {
  const existing = await load(ctx, tenant.tenantId, 'twilio');
  const token = body.twilioToken || existing?.secrets.twilioToken || '';
  if (!token) throw badRequest('twilioToken', 'Auth Token is required');
  const sender = twilioSender(body.twilioPhone, body.twilioMesagingId);
  if (!sender.twilioPhone && !sender.twilioMesagingId) {
    throw badRequest('twilioPhone', 'Phone number or Messaging Service ID is required');
  }
  const verification = verdict(
    await ctx.checks.twilio(body.twilioSid, token),
    'Twilio',
    'twilioToken',
    'Twilio did not accept the Account SID and Auth Token.',
  );
  await save(
    ctx,
    tenant.tenantId,
    'sms',
    'twilio',
    { twilioToken: token },
    {
      hint: hintOf(token),
      publicFields: {
        twilioSid: body.twilioSid,
        ...sender,
        adminPhone: body.adminPhone,
        footer: body.footer,
        pageSize: body.pageSize,
        pageWaitTime: body.pageWaitTime,
      },
      isIntegrated: true,
      verification,
    },
    true,
  );
  return getSmsTenant(ctx, tenant);
}

/** PUT /sms/tenant/plivo: Plivo becomes the tenant's SMS provider. */
export async function savePlivo(
  ctx: Integrations,
  tenant: TenantContext,
  body: z.output<typeof PlivoWrite>,
): Promise<SmsTenant> {
  const existing = await load(ctx, tenant.tenantId, 'plivo');
  const token = body.plivoAuthToken || existing?.secrets.plivoAuthToken || '';
  if (!token) throw badRequest('plivoAuthToken', 'Auth Token is required');
  const verification = verdict(
    await ctx.checks.plivo(body.plivoAuthId, token),
    'Plivo',
    'plivoAuthToken',
    'Plivo did not accept the Auth ID and Auth Token.',
  );
  await save(
    ctx,
    tenant.tenantId,
    'sms',
    'plivo',
    { plivoAuthToken: token },
    {
      hint: hintOf(token),
      publicFields: {
        plivoAuthId: body.plivoAuthId,
        plivoSenderId: body.plivoSenderId,
        adminPhone: body.adminPhone,
        footer: body.footer,
        pageSize: body.pageSize,
        pageWaitTime: body.pageWaitTime,
      },
      isIntegrated: true,
      verification,
    },
    true,
  );
  return getSmsTenant(ctx, tenant);
}

// ---------------------------------------------------------------- campaign

/** GET /campaign/tenant: the active campaign provider, masked. */
export async function getCampaignTenant(ctx: Integrations, tenant: TenantContext): Promise<CampaignTenant> {
  const rows = await withTenant(ctx.platform.db, tenant.tenantId, (tx) =>
    listCredentials(tx, tenant.tenantId, 'campaign'),
  );
  const active = rows.find((row) => row.isIntegrated) ?? null;
  const brevo = rows.find((row) => row.provider === 'brevo');
  const mailchimp = rows.find((row) => row.provider === 'mailchimp');
  const shown = active ?? brevo ?? null;
  const pub = shown?.publicFields ?? {};
  const mp = mailchimp?.publicFields ?? {};
  return {
    tenant: {
      provider: active ? (active.provider as 'brevo' | 'mailchimp') : null,
      fromName: str(pub, 'fromName'),
      fromEmail: str(pub, 'fromEmail'),
      hasSibApiKey: !!brevo,
      sibApiKeyHint: brevo?.hint ?? '',
      mcAudienceName: str(mp, 'mcAudienceName'),
      mcAudienceId: str(mp, 'mcAudienceId'),
      hasMcApiKey: !!mailchimp,
      mcStatus: str(mp, 'mcStatus') || null,
      ...verificationOf(shown),
    },
  };
}

/** PUT /campaign/tenant/brevo: Brevo becomes the tenant's campaign provider. */
export async function saveBrevo(
  ctx: Integrations,
  tenant: TenantContext,
  body: z.output<typeof BrevoWrite>,
): Promise<CampaignTenant> {
  const existing = await load(ctx, tenant.tenantId, 'brevo');
  const apiKey = body.sibApiKey || existing?.secrets.sibApiKey || '';
  if (!apiKey) throw badRequest('sibApiKey', 'API Key is required');
  const verification = verdict(
    await ctx.checks.brevo(apiKey),
    'Brevo',
    'sibApiKey',
    'Brevo did not accept the API key.',
  );
  await save(
    ctx,
    tenant.tenantId,
    'campaign',
    'brevo',
    { sibApiKey: apiKey },
    {
      hint: hintOf(apiKey),
      publicFields: { fromName: body.fromName, fromEmail: body.fromEmail },
      isIntegrated: true,
      verification,
    },
    true,
  );
  return getCampaignTenant(ctx, tenant);
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
