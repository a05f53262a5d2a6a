import { describe, expect, it } from 'vitest';
import { DonateRequest, DonationCampaignInput, donationCycleCount, formatReceiptNumber } from './donations.ts';

describe('donationCycleCount (spec 3 §9)', () => {
  it('is unlimited for -1', () => {
    expect(donationCycleCount(-1)).toBeNull();
  });
  it('is 12 x years - 1 otherwise', () => {
    expect(donationCycleCount(1)).toBe(11);
    expect(donationCycleCount(2)).toBe(23);
    expect(donationCycleCount(5)).toBe(59);
  });
  it('refuses anything else', () => {
    for (const bad of [0, -2, 1.5, Number.NaN]) expect(() => donationCycleCount(bad)).toThrow(RangeError);
  });
});

describe('DonationCampaignInput', () => {
  it('needs something to give', () => {
    const result = DonationCampaignInput.safeParse({ name: 'Roof', suggestedAmounts: [], allowCustomAmount: false });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['suggestedAmounts']);
  });
  it('keeps the minimum at or below the smallest suggestion', () => {
    const result = DonationCampaignInput.safeParse({ name: 'Roof', suggestedAmounts: [500, 2000], minimumAmount: 600 });
    expect(result.error?.issues[0]?.path).toEqual(['minimumAmount']);
    expect(DonationCampaignInput.parse({ name: 'Roof', suggestedAmounts: [500], minimumAmount: 500 }).goal).toBeNull();
  });
  it('takes whole cents only', () => {
    expect(DonationCampaignInput.safeParse({ name: 'Roof', goal: 10.5 }).success).toBe(false);
  });
});

describe('DonateRequest', () => {
  it('is one-time only', () => {
    const base = { firstName: 'A', lastName: 'B', email: 'a@b.test', amount: 2000, idempotencyKey: 'key-12345678' };
    expect(DonateRequest.parse(base).frequency).toBe('once');
    expect(DonateRequest.safeParse({ ...base, frequency: 'monthly' }).success).toBe(false);
  });
  it('formats receipt numbers', () => {
    expect(formatReceiptNumber(42)).toBe('R-00042');
  });
});
