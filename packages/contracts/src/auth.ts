import { z } from 'zod';
import { RolePermissionsSchema } from './role-permissions.ts';
import { Role } from './roles.ts';
import { TenantConfig } from './tenant.ts';

const email = z.string().trim().toLowerCase().email('email must be a valid email address').max(254);
const password = z.string().min(8, 'password must be at least 8 characters').max(200);

/** Spec 1 §3 "User" as the login and reInitInfo answers carry it. */
export const SessionContact = z.object({
  guId: z.string(),
  email: z.string(),
  name: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  phone: z.string(),
  role: Role,
  picture: z.string().nullable(),
  orgId: z.string(),
  isNewClient: z.boolean(),
  isNewTenant: z.boolean(),
  hasAcceptedTerms: z.boolean(),
  isFirstLogin: z.boolean(),
  isEmailVerified: z.boolean(),
  isAdminVerified: z.boolean(),
});
export type SessionContact = z.infer<typeof SessionContact>;

export const LoginRequest = z.object({
  /** Tenant hint (tenant id or org id); the host decides, this is re-checked. */
  tid: z.string().max(100).optional(),
  userId: z.string().trim().min(1, 'userId is required').max(254),
  password: z.string().min(1, 'password is required').max(200),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const LoginResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  tenant: TenantConfig,
  contact: SessionContact,
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const RefreshRequest = z.object({ token: z.string().min(1, 'token is required').max(200) });
export const TokenPair = z.object({ access_token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof TokenPair>;

/**
 * Spec 1 §7 POST /public/user/registration. The spec's body carries a password; it is accepted and
 * never used: the mailbox's owner chooses the password when confirming (RegistrationConfirmRequest),
 * so whoever typed an address cannot own its account.
 */
/**
 * A visitor's class pick (spec 1 landing rules: the stored event parameter), carried through the
 * registration email so the new member lands on that class after confirming, on any device.
 */
export const ClassPick = z.object({
  classId: z.string().trim().min(1, 'classId is required').max(100),
  clsStartTime: z.string().trim().min(1, 'clsStartTime is required').max(40),
  scheduleId: z.string().trim().min(1).max(100).optional(),
});
export type ClassPick = z.infer<typeof ClassPick>;

export const RegistrationRequest = z.object({
  orgId: z.string().max(100).optional(),
  email,
  password: z.string().max(200).optional(),
  name: z.string().trim().min(1, 'name is required').max(100),
  lastName: z.string().trim().max(100).default(''),
  franchiseId: z.string().max(100).optional().nullable(),
  /** The class the visitor picked before registering, if any. */
  pendingEvent: ClassPick.optional().nullable(),
});
export type RegistrationRequest = z.infer<typeof RegistrationRequest>;

/** POST /public/user/registration/confirm: the emailed link's token and the password its owner chooses. */
export const RegistrationConfirmRequest = z.object({
  token: z.string().min(1, 'token is required').max(200),
  password,
});
export type RegistrationConfirmRequest = z.infer<typeof RegistrationConfirmRequest>;

/**
 * The confirmation's answer: the new member is signed in (as a login answers) and gets back the
 * class they picked before registering, so the app lands them on it (spec 1 landing rules).
 */
export const RegistrationConfirmed = LoginResponse.extend({
  message: z.string(),
  pendingEvent: ClassPick.nullable(),
});
export type RegistrationConfirmed = z.infer<typeof RegistrationConfirmed>;

export const REGISTRATION_CONFIRMED = 'Your account is ready. You are signed in.';
export const REGISTRATION_LINK_INVALID =
  'This registration link has expired or was already used. Please register again.';
export const REGISTRATION_ADDRESS_TAKEN = 'This email address already has an account. Please log in.';

export const ForgotPasswordRequest = z.object({
  orgId: z.string().max(100).optional(),
  email,
  franchiseId: z.string().max(100).optional().nullable(),
});
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

export const ResetPasswordRequest = z.object({
  token: z.string().min(1, 'token is required').max(200),
  password,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

export const MessageResponse = z.object({ message: z.string() });

/** reInitInfo: a fresh access token; refresh_token only when a new one was issued (preview gets none). */
export const ReInitInfoResponse = z.object({
  access_token: z.string(),
  refresh_token: z.string().nullable(),
  contact: SessionContact,
  tenant: TenantConfig,
});
export type ReInitInfoResponse = z.infer<typeof ReInitInfoResponse>;

/** Spec 1 §3 "Account detail flags (drive admin menus)". */
export const AccountDetail = z.object({
  isShowEventsMenu: z.boolean(),
  isShowAssessment: z.boolean(),
  isShowFormsMenu: z.boolean(),
  isShowMerchandiseMenu: z.boolean(),
  isShowDonationMenu: z.boolean(),
  isShowCampaignsMenu: z.boolean(),
  orgId: z.string(),
  masterOrgId: z.string(),
  /** What the signed-in staff user may manage (spec 2 §6; all true for an admin). */
  permissions: RolePermissionsSchema,
});
export type AccountDetail = z.infer<typeof AccountDetail>;

export const ContactAutocompleteItem = z.object({ id: z.string(), label: z.string(), email: z.string() });
export const AdminListItem = z.object({
  guId: z.string(),
  name: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: Role,
});

export const PASSWORD_RULE = 'password must be at least 8 characters';

// Social login (OpenID Connect), spec 1 §4 "Login state" and §7 POST /public/authToken.

/** A sign-in provider the login page shows a button for (GET /public/oauth/providers). */
export const OAuthProvider = z.object({ id: z.string(), name: z.string() });
export type OAuthProvider = z.infer<typeof OAuthProvider>;

/** Where to go after login: a path on the same host (never another site). */
export const LocalRedirectPath = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/, 'redirectUrl must be a path on this site, starting with /');

export const OAuthStartQuery = z.object({ redirectUrl: LocalRedirectPath.optional() });

/** The social token arrives in the login URL fragment: /login#token=...&authType=...&redirectUrl=... */
export const SocialLoginRequest = z.object({
  /** The org chosen from orgList; its tenant receives the session. */
  orgId: z.string().trim().max(100).optional().nullable(),
  /** The single-use social token from the URL fragment (or from a previous orgList answer). */
  accessToken: z.string().min(1, 'accessToken is required').max(200),
  /** The provider id the token came from, e.g. 'google'. */
  authType: z
    .string()
    .min(1, 'authType is required')
    .max(32)
    .regex(/^[a-z0-9][a-z0-9_-]*$/, 'authType must be a provider id'),
  redirectUrl: z.string().max(2000).optional().nullable(),
  franchiseId: z.string().max(100).optional().nullable(),
});
export type SocialLoginRequest = z.infer<typeof SocialLoginRequest>;

/** One org of the 'Select Org To Login.' dialog. */
export const SocialLoginOrg = z.object({
  orgId: z.string(),
  name: z.string(),
  tenantId: z.string(),
  logo: z.string().nullable(),
  /** Where the org lives when it has its own domain (else `{orgId}.{product domain}`). */
  customDomain: z.string().nullable(),
});
export type SocialLoginOrg = z.infer<typeof SocialLoginOrg>;

/** Several orgs know the identity: choose one and retry with orgId and this fresh accessToken. */
export const SocialLoginOrgList = z.object({
  orgList: z.array(SocialLoginOrg),
  accessToken: z.string(),
});
export type SocialLoginOrgList = z.infer<typeof SocialLoginOrgList>;

/**
 * The account is in another org of the franchise group: sessions are made on that org's own host,
 * so the client signs in again there (the identity provider remembers the person). No token here.
 */
export const SocialLoginSwitchOrg = z.object({ switchOrg: SocialLoginOrg });
export type SocialLoginSwitchOrg = z.infer<typeof SocialLoginSwitchOrg>;

export const SocialLoginResponse = z.union([LoginResponse, SocialLoginOrgList, SocialLoginSwitchOrg]);
export type SocialLoginResponse = z.infer<typeof SocialLoginResponse>;
