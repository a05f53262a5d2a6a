import type {
  AccountSettings,
  HumanChallenge,
  LoginResponse,
  OnboardingState,
  OnboardingWrite,
  StudioSignupRequest,
  StudioSignupResult,
} from '@atrium/contracts';
import { apiRequest } from '../../lib/api';

/** A new studio: the sign-up on the bare domain, the welcome on its host, the wizard's steps. */
export const onboardingApi = {
  /** `onPlan`: the platform operator's /tplan/{plan}/{period} sign-up (issue 28). */
  signupCheck: (onPlan = false) =>
    apiRequest<HumanChallenge>('/public/studio/humanCheck', {
      silent: true,
      query: onPlan ? { plan: '1' } : undefined,
    }),
  signUp: (body: StudioSignupRequest) =>
    apiRequest<StudioSignupResult>('/public/studio/signup', { method: 'POST', body, silent: true }),
  welcome: (code: string) =>
    apiRequest<LoginResponse>('/public/studio/welcome', { method: 'POST', body: { code }, silent: true }),
  state: () => apiRequest<AccountSettings>('/snode/tenant').then((account) => account.onboarding),
  saveStep: (body: OnboardingWrite) =>
    apiRequest<OnboardingState>('/snode/tenant', { method: 'PUT', body, silent: true }),
};
