import { z } from 'zod';

/** A published page for the public viewer (spec 3 §7.1); platform.ts caches them, so no platform import here. */
export const PublicPage = z.object({
  name: z.string(),
  title: z.string(),
  header: z.string(),
  subHeader: z.string(),
  unhtml: z.string(),
  css: z.string(),
});
export type PublicPage = z.infer<typeof PublicPage>;
