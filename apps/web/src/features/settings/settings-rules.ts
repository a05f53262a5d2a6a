import {
  countryDefaults,
  dialCodeForTimezone,
  isIanaTimeZone,
  type ModuleToggle,
  timezonesForCountry,
} from '@atrium/contracts';

export interface SettingsTile {
  id: string;
  title: string;
  description: string;
  icon: string;
  to: string;
}

/** Spec 2 §2 "Settings home", in the spec's order; Franchise only for a master franchise. */
export function settingsTiles(isMasterFranchise: boolean): SettingsTile[] {
  const tiles: (SettingsTile | null)[] = [
    {
      id: 'account',
      title: 'Account',
      description: 'Organization, contact details, address and time zone',
      icon: 'building',
      to: '/settings/account',
    },
    {
      id: 'website',
      title: 'Website',
      description: 'External website and SEO keywords',
      icon: 'world',
      to: '/settings/website',
    },
    {
      id: 'display',
      title: 'Module Settings',
      description: 'Choose the modules your organization uses',
      icon: 'layout',
      to: '/settings/display',
    },
    {
      id: 'paccount',
      title: 'Payment Settings',
      description: 'Currency, taxes, fees and invoice note',
      icon: 'credit-card',
      to: '/settings/paccount',
    },
    {
      id: 'integrations',
      title: 'Integrations',
      description: 'Payments, email, SMS and campaign providers',
      icon: 'plug',
      to: '/settings/integrations',
    },
    {
      id: 'users',
      title: 'Users',
      description: 'Staff accounts, roles and notifications',
      icon: 'users',
      to: '/settings/users',
    },
    {
      id: 'roles',
      title: 'Roles',
      description: 'What staff and front desk may manage',
      icon: 'shield',
      to: '/settings/roles',
    },
    {
      id: 'customfield',
      title: 'Custom Fields',
      description: 'Extra fields for contacts and forms',
      icon: 'forms',
      to: '/settings/customfield',
    },
    isMasterFranchise
      ? {
          id: 'franchise',
          title: 'Franchise',
          description: 'Franchise organizations of this account',
          icon: 'sitemap',
          to: '/settings/franchise',
        }
      : null,
    { id: 'templates', title: 'Templates', description: 'Email templates', icon: 'mail', to: '/settings/templates' },
    {
      id: 'plan',
      title: 'Plans',
      description: 'Your plan, billing and payment history',
      icon: 'receipt',
      to: '/settings/plan',
    },
  ];
  return tiles.filter((tile): tile is SettingsTile => tile !== null);
}

/** The country select changes the timezone to the country's first and the dial code with it (spec 2 §2). */
export function onCountryChange(country: string): { timezone: string; dialCode: string } {
  return countryDefaults(country);
}

/** A stored named zone is kept wherever it is (a London studio); an unknown one becomes the country's first. */
export function timezoneForCountry(country: string, timezone: string): string {
  if (isIanaTimeZone(timezone)) return timezone;
  return timezonesForCountry(country)[0] ?? 'America/New_York';
}

export const dialCodeFor = (timezone: string) => dialCodeForTimezone(timezone);

/** The stored phone without its dial code, for the input beside the dial code. */
export function localPhone(phone: string, dialCode: string): string {
  const value = phone.trim();
  if (value.startsWith(dialCode)) return value.slice(dialCode.length).trim();
  return value;
}

/** The phone as stored: the dial code and the local number, unless the number carries its own code. */
export function fullPhone(dialCode: string, local: string): string {
  const value = local.trim();
  if (!value) return '';
  return value.startsWith('+') ? value : `${dialCode} ${value}`;
}

/** Spec 2 §8: the multi-country toggle has its own toast; every other module change the common one. */
export function moduleToast(
  key: ModuleToggle | 'waiverFormLink' | 'registerButtonLabel' | 'membershipAfterLastRetry',
): string {
  return key === 'isMultiCountrySupport' ? 'Updated multi country support' : 'Successfully updated settings.';
}

export interface ModuleToggleSpec {
  key: ModuleToggle;
  label: string;
}

/** Spec 2 §2 "Module Settings" groups. */
export const MANAGE_MODULES: ModuleToggleSpec[] = [
  { key: 'isShowEventsMenu', label: 'Events' },
  { key: 'isShowScheduleMenu', label: 'Classes' },
  { key: 'isShowDonationMenu', label: 'Donations' },
  { key: 'isShowMerchandiseMenu', label: 'Merchandise' },
  { key: 'isShowAssessment', label: 'Assessment' },
  { key: 'isShowFormsMenu', label: 'Forms' },
];
export const ENGAGE_MODULES: ModuleToggleSpec[] = [
  { key: 'isShowCampaignsMenu', label: 'Campaigns' },
  { key: 'isShowStoreMenu', label: 'Store' },
];
