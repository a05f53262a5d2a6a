import { isIanaTimeZone, marketOfTimeZone, ONBOARDING_COUNTRIES, type OnboardingState } from '@atrium/contracts';

/** The browser's own time zone, when it is a real one. */
export function browserTimeZone(): string {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    return zone && isIanaTimeZone(zone) ? zone : '';
  } catch {
    return '';
  }
}

/**
 * The wizard's first draft. A step the owner has not answered yet starts empty (no answer chosen for
 * them: the stored values are the spec's defaults, not the owner's); the time zone and country are
 * taken from the browser when it is in one of the platform's markets.
 */
export function firstDraft(state: OnboardingState, detectedZone: string): OnboardingState {
  const answeredStep0 = state.onBoardingStep >= 1;
  const answeredStep1 = state.onBoardingStep >= 2;
  const knownCountry = (ONBOARDING_COUNTRIES as readonly string[]).includes(state.country);
  const detectedCountry = detectedZone ? marketOfTimeZone(detectedZone) : null;
  const country = answeredStep1 && knownCountry ? state.country : (detectedCountry ?? '');
  const timezone =
    answeredStep1 && isIanaTimeZone(state.timezone) ? state.timezone : detectedCountry ? detectedZone : '';
  return {
    ...state,
    businessType: answeredStep0 ? state.businessType : '',
    businessSize: answeredStep0 ? state.businessSize : '',
    country,
    timezone,
  };
}
