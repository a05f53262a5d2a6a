import type { z } from 'zod';
import { badRequest } from './errors.ts';

/**
 * A body read against a schema in the handler, for a path that takes more than one form: the first
 * problem is a 400 naming its field, worded as the request validator words it (plugins/errors.ts).
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : 'body';
  const detail = issue?.message ?? 'is invalid';
  const missing = issue?.code === 'invalid_type' && /received undefined/.test(detail);
  const generic = /^(Invalid|Too (small|big)|Expected|Unrecognized)/.test(detail);
  throw badRequest(field, missing ? `${field} is required` : generic ? `${field}: ${detail}` : detail);
}
