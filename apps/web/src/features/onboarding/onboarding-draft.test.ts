import type { OnboardingState } from '@atrium/contracts';
import { describe, expect, it } from 'vitest';
import { makeOnboardingState } from '../../test/fixtures';
import { firstDraft } from './onboarding-draft';

// What a new tenant's settings hold before the owner answers: the spec's stored defaults.
const fresh: OnboardingState = makeOnboardingState();

describe('the onboarding wizard’s first draft', () => {
  it('answers nothing for a new owner, but takes the country and zone from a browser in a market', () => {
    expect(firstDraft(fresh, 'Europe/London')).toMatchObject({
      businessType: '',
      businessSize: '',
      country: 'GBR',
      timezone: 'Europe/London',
    });
    expect(firstDraft(fresh, 'Australia/Perth')).toMatchObject({ country: 'AUS', timezone: 'Australia/Perth' });
  });

  it('leaves the country and zone to choose when the browser is outside the markets or says nothing', () => {
    expect(firstDraft(fresh, 'Europe/Berlin')).toMatchObject({ country: '', timezone: '' });
    expect(firstDraft(fresh, '')).toMatchObject({ country: '', timezone: '' });
  });

  it('shows the owner’s own answers again after a reload', () => {
    const answered = {
      ...fresh,
      onBoardingStep: 2,
      businessType: 'coach',
      businessSize: '5',
      country: 'IND',
      timezone: 'Asia/Kolkata',
    };
    expect(firstDraft(answered, 'Europe/London')).toMatchObject({
      businessType: 'coach',
      businessSize: '5',
      country: 'IND',
      timezone: 'Asia/Kolkata',
    });
    // step 1 answered, step 2 not yet: type and size are the owner's, the country still to confirm
    expect(firstDraft({ ...answered, onBoardingStep: 1 }, 'Asia/Singapore')).toMatchObject({
      businessType: 'coach',
      country: 'SGP',
      timezone: 'Asia/Singapore',
    });
  });
});
