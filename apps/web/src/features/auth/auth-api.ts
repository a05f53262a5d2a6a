import type {
  AccountDetail,
  ForgotPasswordRequest,
  LoginResponse,
  OAuthProvider,
  RegistrationConfirmed,
  RegistrationConfirmRequest,
  RegistrationRequest,
  ReInitInfoResponse,
  SocialLoginRequest,
  SocialLoginResponse,
  TokenPair,
} from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

export function login(body: { tid?: string; userId: string; password: string }): Promise<LoginResponse> {
  // Silent: the login form shows the spec's failure text itself (spec 1 §8).
  return apiRequest<LoginResponse>('/login', { method: 'POST', body, silent: true });
}

/** POST /public/authToken: spends a social token (silent: the login page shows failures itself). */
export function socialLogin(body: SocialLoginRequest): Promise<SocialLoginResponse> {
  return apiRequest<SocialLoginResponse>('/public/authToken', { method: 'POST', body, silent: true });
}

/** The identity providers configured on the server, for the login page's buttons. */
export function fetchOAuthProviders(): Promise<OAuthProvider[]> {
  return apiRequest<OAuthProvider[]>('/public/oauth/providers', { silent: true });
}

export function register(body: RegistrationRequest): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/public/user/registration', { method: 'POST', body });
}

/**
 * The registration email's page: the token and the chosen password create the account, signed in,
 * with the class picked before registering (silent: the page shows failures).
 */
export function confirmRegistration(body: RegistrationConfirmRequest): Promise<RegistrationConfirmed> {
  return apiRequest<RegistrationConfirmed>('/public/user/registration/confirm', { method: 'POST', body, silent: true });
}

export function requestPasswordReset(body: ForgotPasswordRequest): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/rest/user/forgotPassword', { method: 'POST', body });
}

export function resetPassword(body: { token: string; password: string }): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('/public/user/resetPassword', { method: 'POST', body });
}

export function refreshAccessToken(refreshToken: string): Promise<TokenPair> {
  return apiRequest<TokenPair>('/refresh-access-token', {
    method: 'POST',
    body: { token: refreshToken },
    silent: true,
  });
}

export function reInitInfo(preview: boolean): Promise<ReInitInfoResponse> {
  return apiRequest<ReInitInfoResponse>('/rest/reInitInfo', { query: { preview }, silent: !preview, asStaff: true });
}

export function fetchAccountDetail(): Promise<AccountDetail> {
  return apiRequest<AccountDetail>('/rest/account/detail', { silent: true });
}

export function logoutCall(): Promise<unknown> {
  return apiRequest('/app/logout', { method: 'POST', silent: true });
}
