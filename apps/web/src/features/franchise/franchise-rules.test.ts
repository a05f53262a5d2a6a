import type { Franchise } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_FRANCHISE_FORM,
  type FranchiseFormValues,
  filterFranchises,
  formatCreatedDate,
  formFieldOf,
  franchiseValidation,
  orgIdLabel,
  toCreateBody,
  toUpdateBody,
} from './franchise-rules';
import { franchiseOrigin, isFranchiseModeToken, masterOrigin } from './franchise-switch';
import { isSwitchFragment, parseSwitchFragment, switchUrl } from './switch-fragment';

const row = (patch: Partial<Franchise>): Franchise => ({
  guid: 'g1',
  name: 'Riverside Yoga',
  orgId: 'riverside',
  tenantId: 't-1',
  phone: '+1 555 0199',
  timezone: 'America/New_York',
  dateCreatedStr: '2024-03-05T10:00:00.000Z',
  accountOwner: 'c1',
  accountOwnerName: 'Riley River',
  fromEmail: 'admin@riverside.test',
  fromEmailName: 'Riverside Yoga',
  customDomain: null,
  address: { line1: '', line2: '', city: 'Springfield', state: 'IL', zip: '62701' },
  ...patch,
});

const valid: FranchiseFormValues = {
  businessName: 'Lakeside Yoga',
  orgId: 'lakeside',
  phone: '+1 555 0142',
  timezone: 'America/Chicago',
  name: 'Lee Lake',
  email: 'lee@lakeside.test',
  password: 'Lakeside-pass-1',
  line1: '1 Shore Road',
  line2: '',
  city: 'Lakeside',
  state: 'IL',
  zip: '60601',
};

describe('franchise list', () => {
  const rows = [
    row({}),
    row({ guid: 'g2', name: 'Hilltop Pilates', orgId: 'hilltop', tenantId: 't-2', accountOwnerName: 'Hana Hill' }),
  ];

  it('searches case-insensitively on name, org id, tenant id and owner', () => {
    expect(filterFranchises(rows, 'HILL').map((r) => r.orgId)).toEqual(['hilltop']);
    expect(filterFranchises(rows, 'riley').map((r) => r.orgId)).toEqual(['riverside']);
    expect(filterFranchises(rows, 't-2').map((r) => r.orgId)).toEqual(['hilltop']);
    expect(filterFranchises(rows, '  ')).toHaveLength(2);
    expect(filterFranchises(rows, 'nothing like it')).toEqual([]);
  });

  it('shows the org id with the tenant id in brackets and the date as dd/MM/yyyy', () => {
    expect(orgIdLabel(rows[0] as Franchise)).toBe('riverside (t-1)');
    expect(formatCreatedDate('2024-03-05T10:00:00.000Z', 'America/New_York')).toBe('05/03/2024');
    expect(formatCreatedDate('2024-03-05T02:00:00.000Z', 'America/Los_Angeles')).toBe('04/03/2024');
    expect(formatCreatedDate('2024-03-05T10:00:00.000Z', 'Not/AZone')).toBe('05/03/2024');
    expect(formatCreatedDate('garbage')).toBe('');
  });
});

describe('franchise form', () => {
  const create = franchiseValidation('create');
  const edit = franchiseValidation('edit');

  it('accepts a complete form', () => {
    expect(create(valid)).toEqual({});
  });

  it('gives the spec’s messages', () => {
    expect(create(EMPTY_FRANCHISE_FORM)).toEqual({
      businessName: 'Name of franchise is required!',
      orgId: 'Franchise OrgId is required!',
      phone: 'Phone is required!',
      timezone: 'TimeZone is required!',
      name: 'Admin name is required!',
      email: 'Email is required!',
      password: 'Password is required!',
      city: 'City is required!',
      state: 'State is required!',
      zip: 'Zip code is required!',
    });
    expect(create({ ...valid, zip: '123' }).zip).toBe('Zip code must be atleast 5 characters long!');
    expect(create({ ...valid, zip: '12345678901' }).zip).toBe('Zip code should be less than 10 characters long!');
    expect(create({ ...valid, zip: '12-45' }).zip).toBe('Zip code should only contain numbers!');
    expect(create({ ...valid, zip: '1234567890' }).zip).toBeUndefined();
    expect(create({ ...valid, password: 'short' }).password).toBe('password must be at least 8 characters');
  });

  it('checks the org id as a host name', () => {
    expect(create({ ...valid, orgId: 'ab' }).orgId).toBe('Franchise OrgId must be 3 to 32 characters long.');
    for (const bad of ['1studio', 'my_studio', 'studio-', 'my--studio', 'my studio']) {
      expect(create({ ...valid, orgId: bad }).orgId, bad).toMatch(/lower-case letters/);
    }
    expect(create({ ...valid, orgId: 'www' }).orgId).toBe('This Franchise OrgId is reserved. Please choose another.');
    expect(create({ ...valid, orgId: 'North-Side2' }).orgId).toBeUndefined();
  });

  it('in edit mode does not check the hidden password and timezone, nor the fixed org id', () => {
    expect(edit({ ...valid, password: '', timezone: '', orgId: 'x' })).toEqual({});
  });

  it('builds the bodies: create with user and timezone, update without them', () => {
    expect(toCreateBody({ ...valid, orgId: ' LakeSide ', businessName: ' Lakeside Yoga ' })).toEqual({
      businessName: 'Lakeside Yoga',
      orgId: 'lakeside',
      phone: '+1 555 0142',
      timezone: 'America/Chicago',
      user: { name: 'Lee Lake', email: 'lee@lakeside.test', password: 'Lakeside-pass-1' },
      address: { line1: '1 Shore Road', line2: '', city: 'Lakeside', state: 'IL', zip: '60601' },
    });
    const update = toUpdateBody(valid);
    expect(update.user).toEqual({ name: 'Lee Lake', email: 'lee@lakeside.test' });
    expect('timezone' in update).toBe(false);
  });

  it('maps server fields to form fields', () => {
    expect(formFieldOf('user.email')).toBe('email');
    expect(formFieldOf('address.zip')).toBe('zip');
    expect(formFieldOf('orgId')).toBe('orgId');
    expect(formFieldOf('body')).toBeNull();
    expect(formFieldOf(undefined)).toBeNull();
  });
});

describe('franchise switching', () => {
  const here = { protocol: 'http:', hostname: 'demo.localhost', port: '3000' };

  it('hands over a code in the fragment only, and reads it back', () => {
    const url = switchUrl('http://lakeside.localhost:3000', 'abc_DEF-123');
    expect(url).toBe('http://lakeside.localhost:3000/dashboard#franchiseSwitch=abc_DEF-123');
    const hash = new URL(url).hash;
    expect(isSwitchFragment(hash)).toBe(true);
    expect(parseSwitchFragment(hash)).toBe('abc_DEF-123');
    expect(parseSwitchFragment('#franchiseSwitch=<script>')).toBeNull();
    expect(parseSwitchFragment('#token=x')).toBeNull();
    expect(isSwitchFragment('#token=x')).toBe(false);
  });

  it('finds the franchise host from the master host and back', () => {
    const master = { orgId: 'demo', customDomain: null };
    expect(franchiseOrigin({ orgId: 'lakeside', customDomain: null }, master, here)).toBe(
      'http://lakeside.localhost:3000',
    );
    expect(franchiseOrigin({ orgId: 'lakeside', customDomain: 'lake.example' }, master, here)).toBe(
      'http://lake.example:3000',
    );
    expect(franchiseOrigin({ orgId: 'lakeside', customDomain: null }, master, { ...here, hostname: '10.0.0.1' })).toBe(
      null,
    );
    expect(
      masterOrigin(
        { orgId: 'lakeside', masterOrgId: 'demo', customDomain: null },
        { ...here, hostname: 'lakeside.localhost' },
      ),
    ).toBe('http://demo.localhost:3000');
  });

  it('knows franchise mode from the token’s masterAdminId claim', () => {
    const token = (claims: object) => `x.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.y`;
    expect(isFranchiseModeToken(token({ sub: 'a', masterAdminId: 'm1' }))).toBe(true);
    expect(isFranchiseModeToken(token({ sub: 'a' }))).toBe(false);
    expect(isFranchiseModeToken(null)).toBe(false);
  });
});
