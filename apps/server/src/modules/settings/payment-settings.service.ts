import {
  CURRENCIES,
  type CurrencyCode,
  DEFAULT_CURRENCY,
  type PaymentSettings,
  type PaymentSettingsWrite,
  supportedCurrencies,
} from '@atrium/contracts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { saveTenantSettings } from './settings.service.ts';

const currencyText = (code: CurrencyCode) => CURRENCIES.find((currency) => currency.code === code)?.text ?? code;

/** Spec 2 §3 "Payment settings": USD by default, USD and INR always among the supported currencies. */
export function toPaymentSettings(tenant: TenantContext): PaymentSettings {
  const s = tenant.settings;
  const currencies = supportedCurrencies(s.currencies);
  const stored = s.currency.toUpperCase() as CurrencyCode;
  return {
    name: tenant.name,
    orgId: tenant.orgId,
    defaultCurrency: currencies.includes(stored) ? stored : DEFAULT_CURRENCY,
    currencies: currencies.map((code) => ({ code, text: currencyText(code) })),
    taxPercent: s.taxPercent,
    cardFees: s.cardFees,
    bankFees: s.bankFees,
    taxLabel1: s.taxLabel1,
    taxValue1: s.taxValue1,
    invoiceNote: s.invoiceNote,
  };
}

/**
 * PUT /item/tenant: the whole form. The default currency becomes the tenant's `currency`, which the
 * ping turns into the symbol every price shows (csymbol).
 */
export async function updatePaymentSettings(
  platform: Platform,
  tenant: TenantContext,
  body: PaymentSettingsWrite,
): Promise<PaymentSettings> {
  const updated = await saveTenantSettings(platform, tenant, {
    currency: (body.defaultCurrency as string).toLowerCase(),
    currencies: supportedCurrencies(body.currencies),
    taxPercent: body.taxPercent,
    cardFees: body.cardFees,
    bankFees: body.bankFees ?? 0,
    taxLabel1: body.taxLabel1 ?? '',
    taxValue1: body.taxValue1 ?? null,
    invoiceNote: body.invoiceNote ?? '',
  });
  return toPaymentSettings(updated);
}
