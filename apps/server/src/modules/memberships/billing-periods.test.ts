import { describe, expect, it } from 'vitest';
import { addMonths, addPeriods, nextBillingDay } from './billing-periods.ts';

const NY = 'America/New_York';

describe('billing periods on the tenant calendar', () => {
  it('keeps a monthly anchor on the 31st, clamped to short months', () => {
    let at = new Date('2027-01-31T15:00:00Z'); // 10:00 in New York
    const seen: string[] = [];
    for (let i = 1; i <= 4; i += 1) {
      at = addPeriods(new Date('2027-01-31T15:00:00Z'), 'monthly', NY, 31, i);
      seen.push(at.toISOString());
    }
    expect(seen).toEqual([
      '2027-02-28T15:00:00.000Z',
      '2027-03-31T14:00:00.000Z', // after the DST change: still 10:00 on the wall
      '2027-04-30T14:00:00.000Z',
      '2027-05-31T14:00:00.000Z',
    ]);
  });

  it('adds weeks, quarters, half years and years', () => {
    const start = new Date('2027-03-01T12:00:00Z');
    expect(addPeriods(start, 'weekly', 'UTC', 1).toISOString()).toBe('2027-03-08T12:00:00.000Z');
    expect(addPeriods(start, 'daily', 'UTC', 1).toISOString()).toBe('2027-03-02T12:00:00.000Z');
    expect(addPeriods(start, 'quarterly', 'UTC', 1).toISOString()).toBe('2027-06-01T12:00:00.000Z');
    expect(addPeriods(start, 'halfyearly', 'UTC', 1).toISOString()).toBe('2027-09-01T12:00:00.000Z');
    expect(addPeriods(start, 'yearly', 'UTC', 1).toISOString()).toBe('2028-03-01T12:00:00.000Z');
  });

  it('finds the next set billing day and months ahead', () => {
    expect(nextBillingDay(new Date('2027-03-10T12:00:00Z'), 5, 'UTC').toISOString()).toBe('2027-04-05T12:00:00.000Z');
    expect(nextBillingDay(new Date('2027-12-10T12:00:00Z'), 5, 'UTC').toISOString()).toBe('2028-01-05T12:00:00.000Z');
    expect(nextBillingDay(new Date('2027-03-02T12:00:00Z'), 5, 'UTC').toISOString()).toBe('2027-03-05T12:00:00.000Z');
    expect(addMonths(new Date('2027-08-31T12:00:00Z'), 6, 'UTC').toISOString()).toBe('2028-02-29T12:00:00.000Z');
  });
});
