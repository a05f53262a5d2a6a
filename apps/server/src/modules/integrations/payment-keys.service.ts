import {
  PAYMENT_PROVIDER_LABELS,
  type PaymentKeyList,
  type PaymentKeyProvider,
  type PaymentKeyRecord,
  type PaymentKeyWrite,
  type PhonePeWrite,
  paymentKeysError,
} from '@atrium/contracts';
import type { z } from 'zod';
import { withTenant } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { saveTenantSettings } from '../settings/settings.service.ts';
import { type CredentialRow, deleteCredential, listCredentials } from './integrations.repo.ts';
import {
  hints,
  type Integrations,
  load,
  NOT_CHECKED,
  open,
  type Stored,
  save,
  str,
  type VerificationWrite,
  verdict,
  verificationOf,
} from './integrations.service.ts';
import { hintOf } from './vault.ts';

// The payment providers' keys (Stripe, PaymentSpring, Razorpay, Paytm, PhonePe): saved, checked, listed masked, removed.

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
