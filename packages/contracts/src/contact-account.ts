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

// One-time codes (PUT /rest/contact/{id}/otp): a 6-digit code in an email, typed back by the member.
/** How long a code works, and how many tries (right or wrong) it allows before it dies. */
export const OTP_MINUTES = 15;
export const OTP_MAX_ATTEMPTS = 5;
const otpCode = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'code must be the 6 digits from the email');
/** POST /public/user/verifyOtp on the tenant's host: the address the code was sent to, and the code. */
export const VerifyOtpRequest = z.object({
  email: z.string().trim().toLowerCase().min(1, 'email is required').max(320, 'email is too long'),
  code: otpCode,
});
export type VerifyOtpRequest = z.input<typeof VerifyOtpRequest>;
/** POST /rest/user/verifyOtp: the signed-in member's own code. */
export const MemberVerifyOtpRequest = z.object({ code: otpCode });
export type MemberVerifyOtpRequest = z.input<typeof MemberVerifyOtpRequest>;
export const OTP_EXPIRED = 'This code has expired. Please ask for a new one.';
export const OTP_WRONG = 'This code is not correct.';
/** The public call's one answer for every failure, so it never tells whether an address is known. */
export const OTP_NOT_ACCEPTED = 'This code is not correct or has expired. Please ask for a new one.';
export const EMAIL_VERIFIED = 'Your email address is verified.';
