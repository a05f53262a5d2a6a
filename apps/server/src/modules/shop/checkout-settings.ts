import { currencySymbol, type PublicCheckoutSettings, takesCardPayments } from '@atrium/contracts';
import { notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { namesAnotherTenant } from './shop-catalogue.service.ts';

/** What the public checkout needs to know before an order (GET /public/checkout); never a secret. */
export function publicCheckoutSettings(tenant: TenantContext): PublicCheckoutSettings {
  const s = tenant.settings;
  return {
    orgId: tenant.orgId,
    currency: s.currency.toUpperCase(),
    csymbol: currencySymbol(s.currency),
    taxPercent: s.taxPercent,
    cardFees: s.cardFees,
    paymentProvider: s.paymentProvider,
    takesCards: takesCardPayments(s.paymentProvider),
    buyButtonLabel: s.buyButtonLabel,
    isRegAndPurchaseOnSamePage: s.isRegAndPurchaseOnSamePage,
    termsOfServiceLink: s.termsOfServiceLink || null,
    privacyPolicyLink: s.privacyPolicyLink || null,
  };
}

/**
 * GET /item/tenant/public/{id}: the same settings, for {id} the host's tenant id or org id; any other
 * id (another studio's included) is a 404, so a host never answers for another tenant.
 */
export function publicCheckoutSettingsOf(tenant: TenantContext, id: string): PublicCheckoutSettings {
  if (namesAnotherTenant(tenant, id)) throw notFound('Organisation');
  return publicCheckoutSettings(tenant);
}
