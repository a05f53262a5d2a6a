import { z } from 'zod';
import { SessionContact } from './auth.ts';

/**
 * The signed-in person's own profile (issue 14 "Profiles"): /profile for students and staff alike.
 * Name and phone change at once; a new email address changes only when the link sent to it is opened.
 */
const name = (label: string) =>
  z.string().trim().min(1, `${label} is required`).max(100, `${label} must be at most 100 characters`);

export const ProfileUpdate = z.object({
  name: name('First name'),
  lastName: name('Last name'),
  phone: z
    .string()
    .trim()
    .max(40, 'Phone must be at most 40 characters')
    .regex(/^[0-9+()\-. ]*$/, 'Phone may hold only digits, spaces and + ( ) - .'),
});
export type ProfileUpdate = z.input<typeof ProfileUpdate>;

export const ProfileEmailChange = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'Email is required')
    .email('Enter a valid email address')
    .max(254, 'Email must be at most 254 characters'),
  currentPassword: z.string().min(1, 'Current password is required').max(200),
});
export type ProfileEmailChange = z.input<typeof ProfileEmailChange>;

export const ProfileEmailConfirm = z.object({ token: z.string().min(1, 'token is required').max(200) });
export type ProfileEmailConfirm = z.infer<typeof ProfileEmailConfirm>;

/** The answers carry the session's view of the person, so the app shows the change at once. */
export const ProfileResponse = z.object({ contact: SessionContact });
export type ProfileResponse = z.infer<typeof ProfileResponse>;

/** How long the link to confirm a new address works. */
export const EMAIL_CHANGE_LINK_HOURS = 24;
export const PROFILE_SAVED = 'Your profile has been saved.';
export const emailChangeSent = (email: string) =>
  `We have sent a link to ${email}. Your email address changes when you open it.`;
export const EMAIL_CHANGED = 'Your email address has been changed.';
export const EMAIL_CHANGE_LINK_INVALID = 'This link has expired or has already been used.';
export const EMAIL_CHANGE_ADDRESS_TAKEN = 'That email address is already used by another account.';
export const SAME_EMAIL = 'This is already your email address.';
