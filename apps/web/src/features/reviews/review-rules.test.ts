import { describe, expect, it } from 'vitest';
import { oneOf, reviewSortOf, starsFilter, starsLabel, starsText, summaryText } from './review-rules';

describe('review rules', () => {
  it('sorts newest first unless a column is chosen', () => {
    expect(reviewSortOf(null)).toBe('-date');
    expect(reviewSortOf({ column: 'stars', direction: 'desc' })).toBe('-stars');
    expect(reviewSortOf({ column: 'stars', direction: 'asc' })).toBe('stars');
    expect(reviewSortOf({ column: 'date', direction: 'asc' })).toBe('date');
  });

  it('shows stars to the eye and says them to a screen reader', () => {
    expect(starsText(4)).toBe('★★★★☆');
    expect(starsLabel(1)).toBe('1 of 5 star');
    expect(starsLabel(5)).toBe('5 of 5 stars');
  });

  it('reads filters from the address only when they are allowed values', () => {
    expect(starsFilter('3')).toBe(3);
    expect(starsFilter('6')).toBeNull();
    expect(starsFilter('2.5')).toBeNull();
    expect(starsFilter(null)).toBeNull();
    expect(oneOf('yes', ['yes', 'no'] as const)).toBe('yes');
    expect(oneOf('maybe', ['yes', 'no'] as const)).toBeNull();
  });

  it('sums the reviews up in words', () => {
    expect(summaryText({ count: 0, average: null, onGoogle: 0 })).toBe('No reviews yet.');
    expect(summaryText({ count: 1, average: 5, onGoogle: 1 })).toBe('5.0 average from 1 review · 1 posted on Google');
    expect(summaryText({ count: 12, average: 4.25, onGoogle: 5 })).toBe(
      '4.3 average from 12 reviews · 5 posted on Google',
    );
  });
});
