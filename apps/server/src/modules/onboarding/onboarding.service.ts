import {
  BUSINESS_SIZES,
  BUSINESS_TYPES,
  isIanaTimeZone,
  maskDigits,
  ONBOARDING_COUNTRIES,
  ONBOARDING_PRODUCTS,
  ONBOARDING_TEXTS,
  type OnboardingState,
  type OnboardingWrite,
  PHONE_MASKS,
  TIMEZONE_UNKNOWN,
} from '@atrium/contracts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { TenantSettings } from '../../lib/tenant-settings.ts';
import type { Platform } from '../../platform.ts';
import { saveTenantSettings } from '../settings/settings.service.ts';
import { applyModuleSwitches, MODULE_PAGES, type ModuleSwitches } from '../website/module-pages.ts';
import { toOnboardingState } from './onboarding-state.ts';

/** A phone the wizard's mask made: a listed country code and exactly the mask's digits. */
function isCompletePhone(phone: string): boolean {
  const [, code = '', digits = ''] = /^(\+\d{1,3})\s+(.+)$/.exec(phone.trim()) ?? [];
  const mask = PHONE_MASKS.find((m) => m.code === code);
  return Boolean(mask && digits.replace(/\D/g, '').length === maskDigits(mask.mask));
}

/**
 * PUT /snode/tenant with `onBoardingStep` (spec 3 §4, §5, §7.9): "Next saves the step's data, then
 * advances"; saving the last step turns isNewTenant off. Each step's rules are checked for the
 * step named, and a step's save never touches another step's fields.
 */
export async function saveOnboarding(
  platform: Platform,
  tenant: TenantContext,
  body: OnboardingWrite,
): Promise<OnboardingState> {
  // Spec 3 §4: "A tenant that is not new ... goes to the dashboard": its wizard is over.
  if (!tenant.settings.isNewTenant) throw new AppError(409, 'onboarding_done', 'Onboarding is already complete.');
  const step = body.onBoardingStep;
  let patch: Partial<TenantSettings>;
  let name: string | undefined;
  if (step === 0) {
    const type = body.businessType ?? '';
    if (!BUSINESS_TYPES.some((t) => t.value === type)) throw badRequest('businessType', ONBOARDING_TEXTS.businessType);
    const size = body.businessSize ?? '';
    if (!(BUSINESS_SIZES as readonly string[]).includes(size))
      throw badRequest('businessSize', ONBOARDING_TEXTS.businessSize);
    patch = { businessType: type, businessSize: size, businessReferer: body.businessReferer ?? '', onBoardingStep: 1 };
  } else if (step === 1) {
    name = body.name ?? '';
    if (!name) throw badRequest('name', ONBOARDING_TEXTS.name);
    const timezone = body.timezone ?? '';
    if (!timezone) throw badRequest('timezone', ONBOARDING_TEXTS.timezone);
    if (!isIanaTimeZone(timezone)) throw badRequest('timezone', TIMEZONE_UNKNOWN);
    const country = body.address?.country ?? '';
    if (!(ONBOARDING_COUNTRIES as readonly string[]).includes(country))
      throw badRequest('address.country', ONBOARDING_TEXTS.country);
    if (!body.phone) throw badRequest('phone', ONBOARDING_TEXTS.phoneRequired);
    if (!isCompletePhone(body.phone)) throw badRequest('phone', ONBOARDING_TEXTS.phoneRequired);
    const website = body.companyUrl ?? '';
    if (website && !/^https?:\/\/[^\s]+\.[^\s]+$/i.test(website))
      throw badRequest('companyUrl', 'Website must start with http:// or https://');
    patch = {
      phone: body.phone,
      timezone,
      country,
      website,
      ...(body.logo !== undefined ? { logo: body.logo || null } : {}),
      onBoardingStep: 2,
    };
  } else {
    const chosen = body.products ?? {};
    patch = { onBoardingStep: 3, isNewTenant: false };
    for (const product of ONBOARDING_PRODUCTS) {
      // Courses is always on (spec 3 §2.4: the toggle is on and disabled)
      patch[product.key] = product.alwaysOn ? true : chosen[product.key] === true;
    }
    // Classes and Donations each drive the admin menu's flag and the public site's, kept equal (as Module Settings does)
    patch.isShowSchedule = patch.isShowScheduleMenu;
    patch.isShowDonation = patch.isShowDonationMenu;
  }
  const updated = await saveTenantSettings(platform, tenant, patch, name);
  if (step === 2) {
    // The wizard's products are the studio's modules turning on: their pages join the public menu
    // (forms too, which the wizard does not ask about and is on by default).
    const switches: ModuleSwitches = {};
    for (const { flag } of MODULE_PAGES) switches[flag] = updated.settings[flag];
    await applyModuleSwitches(platform, tenant.tenantId, switches);
  }
  return toOnboardingState(updated);
}
