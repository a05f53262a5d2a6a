import { describe, expect, it } from 'vitest';
import { contactFormErrors, formatBalance, formatDayMonthYear, formatRange, formatRelativeDay } from './contact-format';

describe('formatBalance', () => {
  it('shows the sign of a balance', () => {
    expect(formatBalance(12.5)).toBe('+$12.50');
    expect(formatBalance(-5)).toBe('-$5.00');
    expect(formatBalance(0)).toBe('$0.00');
    expect(formatBalance(-0.001)).toBe('$0.00');
    expect(formatBalance(1234.567, '₹')).toBe('+₹1234.57');
  });
});

describe('formatDayMonthYear', () => {
  it('formats DD MMM YYYY', () => {
    expect(formatDayMonthYear('2025-03-05')).toBe('05 Mar 2025');
    expect(formatDayMonthYear('2024-12-31')).toBe('31 Dec 2024');
    expect(formatDayMonthYear(new Date(2023, 0, 9, 15).toISOString())).toBe('09 Jan 2023');
  });
  it('is empty for nothing or garbage', () => {
    expect(formatDayMonthYear(null)).toBe('');
    expect(formatDayMonthYear('soon')).toBe('');
  });
});

describe('formatRelativeDay', () => {
  const now = new Date('2025-06-15T12:00:00Z');
  it("says 'Today' within hours", () => {
    expect(formatRelativeDay('2025-06-15T11:59:00Z', now)).toBe('Today');
    expect(formatRelativeDay('2025-06-14T13:00:00Z', now)).toBe('Today');
    expect(formatRelativeDay('2025-06-15T12:00:30Z', now)).toBe('Today');
  });
  it('counts days, months and years after that', () => {
    expect(formatRelativeDay('2025-06-14T11:00:00Z', now)).toBe('Yesterday');
    expect(formatRelativeDay('2025-06-10T12:00:00Z', now)).toBe('5 days ago');
    expect(formatRelativeDay('2025-04-01T12:00:00Z', now)).toBe('2 months ago');
    expect(formatRelativeDay('2024-05-01T12:00:00Z', now)).toBe('1 year ago');
    expect(formatRelativeDay('2020-01-01T12:00:00Z', now)).toBe('5 years ago');
  });
});

describe('contactFormErrors', () => {
  const valid = {
    firstName: 'Ana',
    lastName: 'Lee',
    email: 'ana@x.test',
    phone: '',
    grnNumber: '',
    hasSignedWaiverForm: true,
    subscribeToMailingList: true,
  };
  it('needs first name, last name and a valid email', () => {
    expect(contactFormErrors(valid)).toEqual({});
    expect(Object.keys(contactFormErrors({ ...valid, firstName: ' ', lastName: '', email: '' })).sort()).toEqual([
      'email',
      'firstName',
      'lastName',
    ]);
    expect(contactFormErrors({ ...valid, email: 'ana@' }).email).toBe('Enter a valid email address');
  });
});

describe('formatRange', () => {
  it("shows the page's rows and the total, '10,000+' when the count was capped", () => {
    expect(formatRange(0, 0, 0, false)).toBe('0 contacts');
    expect(formatRange(0, 50, 230, false)).toBe('1–50 of 230');
    expect(formatRange(50, 50, 10_000, true)).toBe('51–100 of 10,000+');
    expect(formatRange(9950, 50, 10_000, false)).toBe('9,951–10,000 of 10,000');
  });
});
