import { COURSE_REGISTRANT_KEY } from '@atrium/contracts';
import type { Identity } from './registration-values';

/**
 * Who registered on a form tied to a paid course, kept for the course page and its checkout to prefill
 * (spec 3 §4 "name, email and phone are stored locally and the user goes to the course route").
 * `fullName` is the course page's enrol form's field; the checkout asks first and last name apart.
 */
export interface CourseRegistrant {
  fullName: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

const KEYS = ['fullName', 'firstName', 'lastName', 'email', 'phone'] as const;

export function registrantOf(identity: Identity): CourseRegistrant {
  const firstName = identity.firstName.trim();
  const lastName = identity.lastName.trim();
  return {
    fullName: `${firstName} ${lastName}`.trim(),
    firstName,
    lastName,
    email: identity.email.trim().toLowerCase(),
    phone: identity.phone.trim(),
  };
}

function sessionStorageOrNull(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** Kept in this tab only (sessionStorage): the course page of the same tab reads it; closing the tab forgets it. */
export function rememberRegistrant(registrant: CourseRegistrant, storage = sessionStorageOrNull()): void {
  try {
    storage?.setItem(COURSE_REGISTRANT_KEY, JSON.stringify(registrant));
  } catch {
    // storage full or refused: the course page simply asks again
  }
}

/** The registrant kept in this tab, its text fields only (anything else there is ignored). */
export function keptRegistrant(storage = sessionStorageOrNull()): Partial<CourseRegistrant> {
  try {
    const kept: unknown = JSON.parse(storage?.getItem(COURSE_REGISTRANT_KEY) ?? 'null');
    if (!kept || typeof kept !== 'object') return {};
    const record = kept as Record<string, unknown>;
    return Object.fromEntries(
      KEYS.filter((key) => typeof record[key] === 'string' && record[key] !== '').map((key) => [
        key,
        (record[key] as string).slice(0, 254),
      ]),
    );
  } catch {
    return {};
  }
}
