import { isCalendarDate } from './tenant-dates.ts';

// A minor registers with a guardian (decisions.md "A minor registers with a guardian (issue 22)").

/** The studio's age of majority (Module Settings), and the range an admin may set. */
export const AGE_OF_MAJORITY_DEFAULT = 18;
export const AGE_OF_MAJORITY_MIN = 16;
export const AGE_OF_MAJORITY_MAX = 21;

/**
 * Whole years from a birth date to a day (both YYYY-MM-DD): a person is a year older on their
 * birthday itself, and someone born on 29 February on 1 March in other years.
 */
export function ageOn(dateOfBirth: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return day.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}

/** Whether a birth date makes the person a minor on `today` (the studio's date); a blank or unreal date does not. */
export function isMinorOn(dateOfBirth: string, today: string, ageOfMajority: number): boolean {
  return isCalendarDate(dateOfBirth) && dateOfBirth <= today && ageOn(dateOfBirth, today) < ageOfMajority;
}

export const MINOR_MESSAGES = {
  guardianRequired: (age: number) =>
    `Anyone under ${age} must add a guardian: enter the guardian's name, email and phone.`,
  birthDateInvalid: 'Date of Birth must be a real date.',
  birthDateFuture: 'Date of Birth cannot be in the future.',
  ageOfMajorityRange: `Age of majority must be a whole number from ${AGE_OF_MAJORITY_MIN} to ${AGE_OF_MAJORITY_MAX}.`,
} as const;
