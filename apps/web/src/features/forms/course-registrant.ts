import { COURSE_REGISTRANT_KEY } from '@atrium/contracts';
import type { Identity } from './registration-values';

/** Who registered, kept for the course page to prefill (spec 3 §4 "name, email and phone are stored locally"). */
export interface CourseRegistrant {
  fullName: string;
  email: string;
  phone: string;
}

export function registrantOf(identity: Identity): CourseRegistrant {
  return {
    fullName: `${identity.firstName.trim()} ${identity.lastName.trim()}`.trim(),
    email: identity.email.trim().toLowerCase(),
    phone: identity.phone.trim(),
  };
}

/** Kept in this tab only (sessionStorage): the course page of the same tab reads it; closing the tab forgets it. */
export function rememberRegistrant(registrant: CourseRegistrant, storage = sessionStorageOrNull()): void {
  try {
    storage?.setItem(COURSE_REGISTRANT_KEY, JSON.stringify(registrant));
  } catch {
    // storage full or refused: the course page simply asks again
  }
}

function sessionStorageOrNull(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}
