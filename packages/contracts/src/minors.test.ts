import { describe, expect, it } from 'vitest';
import { ageOn, isMinorOn } from './minors.ts';

describe('ageOn and isMinorOn', () => {
  it('a person is a year older on their birthday itself', () => {
    expect(ageOn('2008-11-29', '2026-11-28')).toBe(17);
    expect(ageOn('2008-11-29', '2026-11-29')).toBe(18);
    expect(isMinorOn('2008-11-29', '2026-11-28', 18)).toBe(true);
    expect(isMinorOn('2008-11-29', '2026-11-29', 18)).toBe(false);
  });

  it('someone born on 29 February is a year older on 1 March in other years, on 29 February in leap years', () => {
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('2008-02-29', '2028-02-28')).toBe(19);
    expect(ageOn('2008-02-29', '2028-02-29')).toBe(20);
  });

  it('a blank, unreal or future date makes no minor', () => {
    expect(isMinorOn('', '2026-11-29', 18)).toBe(false);
    expect(isMinorOn('2023-02-29', '2026-11-29', 18)).toBe(false);
    expect(isMinorOn('2027-01-01', '2026-11-29', 18)).toBe(false);
    expect(isMinorOn('2014-06-01', '2026-11-29', 18)).toBe(true);
  });
});
