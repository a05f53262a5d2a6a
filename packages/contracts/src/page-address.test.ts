import { describe, expect, it } from 'vitest';
import { isAppPathSegment, pageUrlProblem, slugFromTitle } from './page-address.ts';

describe('page addresses', () => {
  it('suggests an address from a title', () => {
    expect(slugFromTitle('Workshops')).toBe('workshops');
    expect(slugFromTitle('  Summer Workshops & Retreats!  ')).toBe('summer-workshops-retreats');
    expect(slugFromTitle('Café Crème')).toBe('cafe-creme');
    expect(slugFromTitle('2025 -- Kids’ Camp')).toBe('2025-kids-camp');
    expect(slugFromTitle('日本語')).toBe('');
    const long = slugFromTitle(
      'A very long title that goes on and on about the many classes the studio runs every week',
    );
    expect(long.length).toBeLessThanOrEqual(63);
    expect(long.endsWith('-')).toBe(false);
    expect(pageUrlProblem(long)).toBeNull();
  });

  it('refuses addresses the site or the app already uses, and malformed ones', () => {
    expect(pageUrlProblem('workshops')).toBeNull();
    expect(pageUrlProblem('8207')).toBeNull();
    expect(pageUrlProblem('')).toBe('Page address is required.');
    expect(pageUrlProblem('Workshops')).toMatch(/lower-case letters/);
    expect(pageUrlProblem('-workshops')).toMatch(/lower-case letters/);
    expect(pageUrlProblem('work shops')).toMatch(/lower-case letters/);
    expect(pageUrlProblem('a'.repeat(64))).toMatch(/at most 63/);
    for (const taken of ['home', 'login', 'contacts', 'store', 'merchandise', 'mediagallery', 'api', 'invoice']) {
      expect(pageUrlProblem(taken)).toBe(`The address /${taken} is used by the site; choose another.`);
    }
    expect(isAppPathSegment('Dashboard')).toBe(true);
    expect(isAppPathSegment('workshops')).toBe(false);
  });
});
