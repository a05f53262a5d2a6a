import {
  type AccountSettings,
  type AccountSettingsWrite,
  completeTenantRoles,
  isMasterTenant,
  type ModuleSettings,
  type ModuleSettingsWrite,
  type RoleSettings,
  type StudentAppSettings,
  type StudentAppSettingsWrite,
  waiverLinkError,
} from '@atrium/contracts';
import { withTenant } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { TenantSettings } from '../../lib/tenant-settings.ts';
import type { Platform } from '../../platform.ts';
import { toOnboardingState } from '../onboarding/onboarding-state.ts';
import { toTenantContext } from '../tenants/tenant-directory.ts';
import { applyModuleSwitches, flippedModules } from '../website/module-pages.ts';
import { findActiveAdmin, type TenantRow, updateTenantSettings } from './settings.repo.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Spec 2 §3 "Account (tenant)", the part the Account Settings screen shows. */
export function toAccountSettings(tenant: TenantContext): AccountSettings {
  const s = tenant.settings;
  return {
    orgId: tenant.orgId,
    tenantId: tenant.tenantId,
    name: tenant.name,
    isMasterFranchise: isMasterTenant(tenant),
    accountOwner: s.accountOwner,
    fromEmailName: s.fromEmailName || tenant.name,
    fromEmail: s.email,
    phone: s.phone,
    address: {
      line1: s.addressLine1,
      line2: s.addressLine2,
      city: s.city,
      state: s.state,
      zip: s.zip,
      country: { name: s.country },
    },
    timezone: s.timezone,
    dateFormat: s.dateFormat,
    itemExpiresAfter: s.itemExpiresAfter,
    customDomain: tenant.customDomain,
    aboutOrg: s.aboutOrg,
    apiKeyHint: s.apiKeyHint,
    logoUrl: s.logo,
    salesEmailList: s.salesEmailList,
    isSendReminder: s.isSendReminder,
    isSendSmsReminder: s.isSendSmsReminder,
    reminderTime: s.reminderTime,
    introMembershipPeriod: s.introMembershipPeriod,
    cancelCutoffHours: s.cancelCutoffHours,
    waitlistHoldMinutes: s.waitlistHoldMinutes,
    paymentHoldMinutes: s.paymentHoldMinutes,
    onboarding: toOnboardingState(tenant),
  };
}

/** Spec 2 §3 "Display flags", as the Module Settings screen shows them. */
export function toModuleSettings(tenant: TenantContext): ModuleSettings {
  const s = tenant.settings;
  return {
    isShowEventsMenu: s.isShowEventsMenu,
    isShowScheduleMenu: s.isShowScheduleMenu,
    isShowDonationMenu: s.isShowDonationMenu,
    isShowMerchandiseMenu: s.isShowMerchandiseMenu,
    isShowAssessment: s.isShowAssessment,
    isShowFormsMenu: s.isShowFormsMenu,
    isShowCampaignsMenu: s.isShowCampaignsMenu,
    isShowStoreMenu: s.isShowStoreMenu,
    isMultiCountrySupport: s.isMultiCountrySupport,
    isWaiverFormToBeSigned: s.isWaiverFormToBeSigned,
    waiverFormLink: s.waiverFormLink,
    isSupportGrn: s.isSupportGrn,
    isShowCalenderView: s.isShowCalenderView,
    registerButtonLabel: s.registerButtonLabel,
    isRegAndPurchaseOnSamePage: s.isRegAndPurchaseOnSamePage,
    membershipAfterLastRetry: s.membershipAfterLastRetry,
  };
}

/** Writes, then forgets the cached tenant and its ping so /ping and the account detail change at once. */
export async function saveTenantSettings(
  platform: Platform,
  tenant: TenantContext,
  patch: Partial<TenantSettings>,
  name?: string,
): Promise<TenantContext> {
  const row: TenantRow | null = await updateTenantSettings(platform.db, tenant.tenantId, patch, name);
  platform.tenants.invalidate(tenant);
  platform.tenantConfigs.invalidate(tenant.tenantId);
  if (!row) throw new AppError(404, 'tenant_not_found', 'no valid orgId found for account');
  return toTenantContext(row);
}

/** The keys a form sent (a key left out keeps its stored value). */
function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** PUT /snode/tenant: the whole Account Settings form. */
export async function updateAccountSettings(
  platform: Platform,
  tenant: TenantContext,
  body: AccountSettingsWrite & { accountOwner: string },
): Promise<AccountSettings> {
  const ownerId = body.accountOwner;
  const owner = UUID.test(ownerId)
    ? await withTenant(platform.db, tenant.tenantId, (tx) => findActiveAdmin(tx, tenant.tenantId, ownerId))
    : null;
  if (!owner) throw badRequest('accountOwner', 'Account Owner must be an active admin of this organization');
  const address = body.address;
  const updated = await saveTenantSettings(
    platform,
    tenant,
    {
      accountOwner: owner.id,
      fromEmailName: body.fromEmailName,
      email: body.fromEmail,
      phone: body.phone,
      addressLine1: address.line1 ?? '',
      addressLine2: address.line2 ?? '',
      city: address.city ?? '',
      state: address.state ?? '',
      zip: address.zip ?? '',
      country: address.country.name,
      timezone: body.timezone,
      dateFormat: body.dateFormat ?? 'MM/dd/YYYY',
      itemExpiresAfter: body.itemExpiresAfter,
      aboutOrg: body.aboutOrg ?? '',
      ...(body.salesEmailList === undefined ? {} : { salesEmailList: body.salesEmailList }),
      ...definedOnly({
        isSendReminder: body.isSendReminder,
        isSendSmsReminder: body.isSendSmsReminder,
        reminderTime: body.reminderTime,
        cancelCutoffHours: body.cancelCutoffHours,
        waitlistHoldMinutes: body.waitlistHoldMinutes,
        paymentHoldMinutes: body.paymentHoldMinutes,
        introMembershipPeriod: body.introMembershipPeriod,
      }),
    },
    body.name,
  );
  return toAccountSettings(updated);
}

/**
 * PUT /rest/settings/display: one or more display flags. Classes and Donations each drive two
 * stored flags (the admin menu's and the public site's), which are kept equal.
 */
export async function updateModuleSettings(
  platform: Platform,
  tenant: TenantContext,
  body: ModuleSettingsWrite,
): Promise<ModuleSettings> {
  if (Object.keys(body).length === 0) throw badRequest('body', 'At least one setting is required');
  const current = tenant.settings;
  const waiverOn = body.isWaiverFormToBeSigned ?? current.isWaiverFormToBeSigned;
  const link = body.waiverFormLink !== undefined ? body.waiverFormLink : current.waiverFormLink;
  if (body.isWaiverFormToBeSigned !== undefined || body.waiverFormLink !== undefined) {
    const error = waiverLinkError(waiverOn, link);
    if (error) throw badRequest('waiverFormLink', error);
  }
  const patch: Partial<TenantSettings> = { ...body };
  if (body.waiverFormLink !== undefined) patch.waiverFormLink = body.waiverFormLink?.trim() || null;
  if (body.isShowScheduleMenu !== undefined) patch.isShowSchedule = body.isShowScheduleMenu;
  if (body.isShowDonationMenu !== undefined) patch.isShowDonation = body.isShowDonationMenu;
  const updated = await saveTenantSettings(platform, tenant, patch);
  // a module turned on publishes its standard page into the public menu; turned off, takes it back
  await applyModuleSwitches(platform, tenant.tenantId, flippedModules(tenant.settings, updated.settings));
  return toModuleSettings(updated);
}

/** Spec 2 §6 Roles: the staff and front-desk permissions, completed with the defaults. */
export function toRoleSettings(tenant: TenantContext): RoleSettings {
  return { tenantRoles: completeTenantRoles(tenant.settings.tenantRoles) };
}

/** PUT /rest/settings/roles: the entries given replace those roles' permissions; the others keep theirs. */
export async function updateRoleSettings(
  platform: Platform,
  tenant: TenantContext,
  body: RoleSettings,
): Promise<RoleSettings> {
  if (body.tenantRoles.length === 0) throw badRequest('tenantRoles', 'At least one role is required');
  const current = completeTenantRoles(tenant.settings.tenantRoles);
  const tenantRoles = current.map((entry) => body.tenantRoles.find((given) => given.role === entry.role) ?? entry);
  return toRoleSettings(await saveTenantSettings(platform, tenant, { tenantRoles }));
}

/** Spec 2 §3 "Student app". */
export function toStudentAppSettings(tenant: TenantContext): StudentAppSettings {
  const s = tenant.settings;
  return {
    appLabel1: s.appLabel1,
    appLabel2: s.appLabel2,
    appLabel3: s.appLabel3,
    appLabel4: s.appLabel4,
    appPrimaryColor: s.appPrimaryColor,
    appWelcomeImage1: s.appWelcomeImage1,
    appWelcomeImage2: s.appWelcomeImage2,
    appWelcomeImage3: s.appWelcomeImage3,
  };
}

/** PUT /rest/settings/studentapp: the labels rename the student portal's tabs at once (through the ping). */
export async function updateStudentAppSettings(
  platform: Platform,
  tenant: TenantContext,
  body: StudentAppSettingsWrite,
): Promise<StudentAppSettings> {
  return toStudentAppSettings(await saveTenantSettings(platform, tenant, body as Partial<TenantSettings>));
}
