import { ONBOARDING_PRODUCTS, type OnboardingState } from '@atrium/contracts';
import type { TenantContext } from '../../lib/tenant-context.ts';

/** What the wizard shows again after a reload (GET /snode/tenant's `onboarding`). */
export function toOnboardingState(tenant: TenantContext): OnboardingState {
  const s = tenant.settings;
  return {
    onBoardingStep: s.onBoardingStep,
    isNewTenant: s.isNewTenant,
    businessType: s.businessType,
    businessSize: s.businessSize,
    businessReferer: s.businessReferer,
    name: tenant.name,
    logo: s.logo,
    phone: s.phone,
    country: s.country,
    timezone: s.timezone,
    companyUrl: s.website,
    products: Object.fromEntries(ONBOARDING_PRODUCTS.map((p) => [p.key, p.alwaysOn || s[p.key]])),
  };
}
