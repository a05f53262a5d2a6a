import type { FastifyInstance } from 'fastify';
import { badRequest } from '../lib/errors.ts';

/** Deeper than any real payload (a designer page nests a component in two levels). */
export const MAX_INPUT_DEPTH = 100;

// A NUL (Postgres text cannot hold it) or a UTF-16 surrogate without its pair (not encodable as UTF-8).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const hasUnsafeCharacter = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** Where a value in a request breaks the rules above, or null when it is clean. */
export function findUnsafeInput(
  value: unknown,
  path: string[] = [],
  depth = 0,
): { field: string; message: string } | null {
  const field = () => path.join('.') || 'body';
  if (typeof value === 'string') {
    return hasUnsafeCharacter(value)
      ? { field: field(), message: `${field()} contains a character that is not allowed.` }
      : null;
  }
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  if (depth >= MAX_INPUT_DEPTH)
    return { field: field(), message: `${field()} is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).` };
  for (const [key, item] of Object.entries(value)) {
    if (hasUnsafeCharacter(key))
      return { field: field(), message: `${field()} has a key with a character that is not allowed.` };
    const found = findUnsafeInput(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * One place for input no route can store: NUL characters, lone surrogates and absurd nesting in
 * the body, query or path are a 400 naming the field, before any route's own validation runs.
 * (Prototype keys are refused by Fastify's JSON parser already.)
 */
export function registerInputGuard(app: FastifyInstance): void {
  // Callback style: no promise per request (most carry an empty query and no body).
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, value] of [
      ['', request.body],
      ['querystring.', request.query],
      ['params.', request.params],
    ] as const) {
      const found = findUnsafeInput(value);
      if (found) {
        const field = part && found.field === 'body' ? part.slice(0, -1) : `${part}${found.field}`;
        done(badRequest(field, found.message.replace(found.field, field)));
        return;
      }
    }
    done();
  });
}
