import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from '../lib/errors.ts';
import { databaseConflict } from './database-errors.ts';

function send(reply: import('fastify').FastifyReply, status: number, code: string, message: string, field?: string) {
  return reply.code(status).send({ errors: field ? { message, code, field } : { message, code } });
}

/** One error shape for every call: { errors: { message, code, field? } }. No stack trace ever leaves. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return send(reply, error.statusCode, error.code, error.message, error.field);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const path = (issue?.instancePath ?? '').split('/').filter(Boolean);
      const prefix = error.validationContext === 'body' ? '' : `${error.validationContext}.`;
      const field = path.length > 0 ? `${prefix}${path.join('.')}` : (error.validationContext ?? 'body');
      const detail = issue?.message ?? 'is invalid';
      const missing = issue?.keyword === 'invalid_type' && /received undefined/.test(detail);
      // Our schemas carry the spec's own words (e.g. 'Page Name is required!'); zod's generic
      // messages get the field in front so the reader knows what they are about.
      const generic = /^(Invalid|Too (small|big)|Expected|Unrecognized)/.test(detail);
      const message = missing ? `${field} is required` : generic ? `${field}: ${detail}` : detail;
      return send(reply, 400, 'invalid_input', message, field);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return send(reply, 500, 'internal_error', 'Something went wrong. Please try again.');
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      const limit = request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit ?? 1_048_576;
      const size = `${Math.round((limit / 1_048_576) * 10) / 10} MB`;
      // Upload routes take a raw file; every other body is JSON.
      const isFile = /^\/(media|rest\/contact\/import|rest\/(my)?files)\b/.test(request.routeOptions.url ?? '');
      return isFile
        ? send(reply, 413, 'too_large', `The file is larger than ${size}.`, 'file')
        : send(reply, 413, 'too_large', `The request is larger than ${size}.`, 'body');
    }
    const conflict = databaseConflict(error);
    if (conflict) return send(reply, conflict.status, conflict.code, conflict.message, conflict.field);
    if (error.statusCode === 429) {
      return send(reply, 429, 'too_many_requests', error.message);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const field =
        error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
          ? 'body'
          : undefined;
      return send(reply, error.statusCode, 'bad_request', error.message, field);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, 'internal_error', 'Something went wrong. Please try again.');
  });
}
