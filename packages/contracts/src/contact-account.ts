import { z } from 'zod';
import { ResetPasswordRequest } from './auth.ts';

// Account actions on a contact (spec 3 §7.4: POST /rest/message/sendCredentials, PUT /rest/contact/reset,
// PUT /rest/contact/{id}/verification, POST /rest/user/changePassword).

const contactId = z.uuid('contactId must be a contact id');

/** POST /rest/message/sendCredentials: email the contact a one-time link to set their password. */
export const SendCredentialsRequest = z.object({ contactId });
/** PUT /rest/contact/reset: email the contact a password reset link (the forgot-password email). */
export const ContactResetRequest = z.object({ contactId });
/** PUT /rest/contact/{id}/verification: where the verification link leads once the address is verified. */
export const VerificationRequest = z.object({
  redirectUrl: z.string().trim().min(1, 'redirectUrl is required').max(2000, 'redirectUrl is too long'),
});

/** POST /rest/user/changePassword: the signed-in user's own password; the new one follows the sign-up rule. */
export const ChangePasswordRequest = z.object({
  currentPassword: z.string().min(1, 'currentPassword is required').max(200),
  newPassword: ResetPasswordRequest.shape.password,
});
export type ChangePasswordRequest = z.input<typeof ChangePasswordRequest>;

/** Spec 3 §8 success toast of the verification email. */
export const VERIFICATION_SENT = 'Sent verification email';
export const PASSWORD_CHANGED = 'Your password has been changed.';
export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';
export const REDIRECT_NOT_OURS = "redirectUrl must be a page of this organisation's own site.";
/** How long a verification link works. */
export const VERIFICATION_LINK_DAYS = 7;
