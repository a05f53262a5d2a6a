import { z } from 'zod';

/** A file of the tenant's media gallery (spec 3 §2.5, §9): POST /media answers one, GET /media the list. */
export const MediaItem = z.object({
  id: z.string(),
  /** Served from the tenant's own host: /media/{id}. */
  url: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** ISO timestamp. */
  createdAt: z.string(),
});
export type MediaItem = z.infer<typeof MediaItem>;
