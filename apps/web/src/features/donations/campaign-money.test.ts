import { describe, expect, it } from 'vitest';
import { minorList, minorOf, money, progressOf } from './campaign-money';

describe('campaign money', () => {
  it('reads typed amounts as minor units', () => {
    expect(minorOf('20', 'USD')).toBe(2000);
    expect(minorOf('12.5', 'USD')).toBe(1250);
    expect(minorOf('abc', 'USD')).toBeNull();
    expect(minorList('20, 50,100', 'USD')).toEqual([2000, 5000, 10000]);
    expect(minorList('20, x', 'USD')).toBeNull();
  });
  it('prints and measures progress', () => {
    expect(money(2000, 'USD')).toBe('$20.00');
    expect(progressOf(2500, 10000)).toBe(25);
    expect(progressOf(20000, 10000)).toBe(100);
    expect(progressOf(10, null)).toBeNull();
  });
});
