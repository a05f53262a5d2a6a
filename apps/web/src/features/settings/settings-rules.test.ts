import { waiverLinkError } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { makeOnboardingState } from '../../test/fixtures';
import { accountValidation, formField, toFormValues, toWriteBody } from './account-form';
import {
  fullPhone,
  localPhone,
  moduleToast,
  onCountryChange,
  settingsTiles,
  timezoneForCountry,
} from './settings-rules';

describe('settings tiles', () => {
  it('lists the spec tiles in order, Franchise only for a master franchise', () => {
    const master = settingsTiles(true).map((tile) => tile.title);
    expect(master).toEqual([
      'Account',
      'Website',
      'Module Settings',
      'Payment Settings',
      'Integrations',
      'Users',
      'Roles',
      'Custom Fields',
      'Franchise',
      'Templates',
      'Plans',
    ]);
    expect(settingsTiles(false).map((tile) => tile.title)).not.toContain('Franchise');
    expect(settingsTiles(false)).toHaveLength(10);
    expect(settingsTiles(true).every((tile) => tile.to.startsWith('/settings/'))).toBe(true);
  });
});

describe('country, timezone and dial code', () => {
  it('sets the first timezone of the country and its dial code', () => {
    expect(onCountryChange('India')).toEqual({ timezone: 'Asia/Kolkata', dialCode: '+91' });
    expect(onCountryChange('USA')).toEqual({ timezone: 'America/New_York', dialCode: '+1' });
  });

  it("keeps any named zone (a London studio), replaces an unknown one by the country's first", () => {
    expect(timezoneForCountry('USA', 'America/Denver')).toBe('America/Denver');
    expect(timezoneForCountry('USA', 'Europe/London')).toBe('Europe/London');
    expect(timezoneForCountry('India', 'Mars/Olympus')).toBe('Asia/Kolkata');
    expect(timezoneForCountry('India', '+05:30')).toBe('Asia/Kolkata');
  });

  it('splits the stored phone from its dial code and joins it back', () => {
    expect(localPhone('+1 555 0100', '+1')).toBe('555 0100');
    expect(localPhone('+91 98765 43210', '+1')).toBe('+91 98765 43210');
    expect(fullPhone('+91', '98765 43210')).toBe('+91 98765 43210');
    expect(fullPhone('+1', '+44 20 7946 0000')).toBe('+44 20 7946 0000');
    expect(fullPhone('+1', '  ')).toBe('');
  });
});

describe('account form', () => {
  const account = {
    orgId: 'demo',
    tenantId: 't',
    name: 'Demo Studio',
    isMasterFranchise: true,
    accountOwner: null,
    fromEmailName: 'Demo Studio',
    fromEmail: 'hello@demo.test',
    phone: '+1 555 0100',
    address: { line1: '12 Market St', line2: '', city: '', state: '', zip: '', country: { name: 'USA' } },
    timezone: 'America/Chicago',
    dateFormat: 'weird',
    itemExpiresAfter: null,
    customDomain: null,
    aboutOrg: '',
    apiKeyHint: null,
    logoUrl: null,
    salesEmailList: ['sales@demo.test'],
    isSendReminder: true,
    isSendSmsReminder: true,
    reminderTime: 2,
    cancelCutoffHours: 12,
    waitlistHoldMinutes: 120,
    paymentHoldMinutes: 15,
    onboarding: makeOnboardingState({ onBoardingStep: 3, isNewTenant: false, name: 'Demo Studio' }),
    introMembershipPeriod: 0,
  };

  it('round-trips the account through the flat form values', () => {
    const values = toFormValues(account);
    expect(values).toMatchObject({ phone: '555 0100', timezone: 'America/Chicago', dateFormat: 'MM/dd/YYYY' });
    const body = toWriteBody({ ...values, accountOwner: 'owner', itemExpiresAfter: 6 });
    expect(body).toMatchObject({
      phone: '+1 555 0100',
      address: { line1: '12 Market St', country: { name: 'USA' } },
      itemExpiresAfter: 6,
      isSendReminder: true,
      isSendSmsReminder: true,
      reminderTime: 2,
      cancelCutoffHours: 12,
    });
  });

  it("maps the server's field paths to the form's fields", () => {
    expect(formField('address.country.name')).toBe('country');
    expect(formField('address.city')).toBe('city');
    expect(formField('accountOwner')).toBe('accountOwner');
    expect(formField('body')).toBeNull();
    expect(formField('salesEmailList.3')).toBe('salesEmailList');
    expect(formField('salesEmailList')).toBe('salesEmailList');
  });

  it('sends the sales email list each address once, and checks each address and the count', () => {
    const values = toFormValues(account);
    expect(values.salesEmailList).toEqual(['sales@demo.test']);
    const list = [' sales@demo.test', 'SALES@demo.test', 'owner@demo.test'];
    expect(toWriteBody({ ...values, salesEmailList: list }).salesEmailList).toEqual([
      'sales@demo.test',
      'owner@demo.test',
    ]);
    expect(accountValidation.salesEmailList(['ok@demo.test'])).toBeNull();
    expect(accountValidation.salesEmailList(['ok@demo.test', 'nope'])).toBe(
      'Each sales email must be a valid email address',
    );
    const eleven = Array.from({ length: 11 }, (_, i) => `s${i}@demo.test`);
    expect(accountValidation.salesEmailList(eleven)).toBe('Add at most 10 sales email addresses');
  });
});

describe('module settings', () => {
  it('uses the multi-country toast for that toggle only', () => {
    expect(moduleToast('isMultiCountrySupport')).toBe('Updated multi country support');
    expect(moduleToast('isShowStoreMenu')).toBe('Successfully updated settings.');
  });

  it('needs a waiver link only while the waiver is on', () => {
    expect(waiverLinkError(false, '')).toBeNull();
    expect(waiverLinkError(true, ' ')).toBe('Waiver Form Link is required!');
    expect(waiverLinkError(true, 'waiver.pdf')).toMatch(/http/);
    expect(waiverLinkError(true, 'https://example.com/waiver')).toBeNull();
  });
});
