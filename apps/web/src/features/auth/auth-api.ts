import type {
  AccountDetail,
  ForgotPasswordRequest,
  LoginResponse,
  RegistrationRequest,
  ReInitInfoResponse,
  TokenPair,
} from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

export function login(body: { tid?: string; userId: string; password: string }): Promise<LoginResponse> {
  // Silent: the login form shows the spec's failure text itself (spec 1 §8).
  return apiRequest<LoginResponse>('/login', { method: 'POST', body, silent: true });
}

export function register(body: RegistrationRequest): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('/public/user/registration', { method: 'POST', body });
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
