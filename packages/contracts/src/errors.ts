import { z } from 'zod';

/** The one error shape every call answers with (the client reads errors.message). */
export const ErrorBody = z.object({
  errors: z.object({
    message: z.string(),
    code: z.string(),
    field: z.string().optional(),
  }),
  /** The request's id (also its X-Request-Id header and its log lines' reqId), added to every error answer. */
  requestId: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
