import { describe, expect, it } from 'vitest';
import { EMPTY_PLAN, fromMinor, isOver, money, planBody, planFormErrors, toMinor, usage } from './operator-rules';

describe('master plan form (issue 28)', () => {
  it('reads prices typed in dollars as cents, and refuses what is not a price', () => {
    expect(toMinor('49')).toBe(4900);
    expect(toMinor('49.5')).toBe(4950);
    expect(toMinor(' 0.99 ')).toBe(99);
    expect(toMinor('')).toBeNull();
    expect(toMinor('39.999')).toBeNaN();
    expect(toMinor('-1')).toBeNaN();
    expect(fromMinor(4950)).toBe('49.50');
    expect(money(132000)).toBe('$1320.00');
    expect(money(null)).toBe('—');
  });

  it('names each bad field with the server’s words', () => {
    const errors = planFormErrors(
      { ...EMPTY_PLAN, slug: 'Bad Id', monthly: 'x', trialDays: '400', membersLimit: '0' },
      true,
    );
    expect(Object.keys(errors).sort()).toEqual([
      'contactsLimit',
      'membersLimit',
      'monthly',
      'name',
      'slug',
      'trialDays',
      'yearly',
    ]);
    expect(errors.monthly).toBe('Price must be a whole number of cents, 0 or more.');
    const good = { ...EMPTY_PLAN, slug: 'gold', name: 'Gold', monthly: '10', yearly: '100', contactsLimit: '500' };
    expect(planFormErrors(good, true)).toEqual({});
    // the id is fixed once made: an edit does not check it
    expect(planFormErrors({ ...good, slug: '' }, false)).toEqual({});
  });

  it('sends minor units, features by line, empty members as unlimited and INR as null', () => {
    const body = planBody(
      {
        ...EMPTY_PLAN,
        slug: ' Gold ',
        name: 'Gold',
        monthly: '10',
        yearly: '100',
        contactsLimit: '500',
        features: 'A\n\n B ',
      },
      3,
    );
    expect(body).toMatchObject({
      slug: 'gold',
      monthlyMinor: 1000,
      yearlyMinor: 10000,
      inrMonthlyMinor: null,
      membersLimit: null,
      contactsLimit: 500,
      features: ['A', 'B'],
      status: 'active',
      sequence: 3,
    });
  });

  it('says usage against the limit', () => {
    expect(usage(12, 500)).toBe('12 / 500');
    expect(usage(1200, null)).toBe('1,200 / unlimited');
    expect(isOver(501, 500)).toBe(true);
    expect(isOver(5, null)).toBe(false);
  });
});
