import { z } from 'zod';
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

export const RegistrationRequest = z.object({
  orgId: z.string().max(100).optional(),
  email,
  password,
  name: z.string().trim().min(1, 'name is required').max(100),
  lastName: z.string().trim().max(100).default(''),
  franchiseId: z.string().max(100).optional().nullable(),
});
export type RegistrationRequest = z.infer<typeof RegistrationRequest>;

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
