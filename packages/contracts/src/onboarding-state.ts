import { z } from 'zod';

/** GET /snode/tenant's onboarding part: what the wizard shows again after a reload. */
export const OnboardingState = z.object({
  onBoardingStep: z.number().int(),
  isNewTenant: z.boolean(),
  businessType: z.string(),
  businessSize: z.string(),
  businessReferer: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  phone: z.string(),
  country: z.string(),
  timezone: z.string(),
  companyUrl: z.string(),
  products: z.record(z.string(), z.boolean()),
});
export type OnboardingState = z.infer<typeof OnboardingState>;
