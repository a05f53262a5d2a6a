import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** An incoming X-Request-Id is kept when it is this plain (a proxy's or a client's id); anything else is replaced. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/** Fastify's own label of the request id on a request's log lines (its default). */
const REQUEST_ID_LABEL = 'reqId';
const requestIds = new AsyncLocalStorage<string>();

/** The request id: the caller's X-Request-Id when it is sane, else a new uuid. */
export function requestIdFor(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  const incoming = Array.isArray(header) ? header[0] : header;
  return incoming && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Pino's mixin: a line logged on the app's logger (the job runner's, the outbox's) while a request
 * is being served carries that request's id too. A request's own logger already has it bound.
 */
function requestIdMixin(_merge: object, _level: number, logger: unknown): object {
  const id = requestIds.getStore();
  if (!id) return {};
  const bound = (logger as { bindings?: () => Record<string, unknown> }).bindings?.();
  return bound && REQUEST_ID_LABEL in bound ? {} : { [REQUEST_ID_LABEL]: id };
}

/** Fastify options for request ids: how they are made and logged. */
export function requestIdOptions(logger: boolean | object): {
  genReqId: (request: IncomingMessage) => string;
  requestIdHeader: false;
  logger: boolean | object;
} {
  return {
    genReqId: requestIdFor,
    // Read in genReqId instead, so an id that is not sane is replaced rather than logged as sent.
    requestIdHeader: false,
    logger: logger && typeof logger === 'object' ? { ...logger, mixin: requestIdMixin } : logger,
  };
}

/**
 * Every answer carries X-Request-Id, and every error body `requestId` beside `errors`
 * (`{ "errors": { message, code, field? }, "requestId": "..." }`), so a person reporting a problem can
 * quote what the log lines of that request carry. Beside, not inside: `errors` stays the one error
 * shape its readers compare. Register before compression: error bodies are edited as JSON text.
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    requestIds.run(request.id, done);
  });
  // Callback style: a hook that returns a promise costs every answer a promise and a microtask.
  app.addHook('onSend', (request, reply, payload, done) => {
    done(null, withRequestId(request.id, reply, payload));
  });
}

/** An error body with the request id added beside `errors`; any other payload as it is. */
function withRequestId(id: string, reply: FastifyReply, payload: unknown): unknown {
  if (reply.statusCode < 400 || typeof payload !== 'string' || !payload.startsWith('{"errors":{')) return payload;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
  try {
    const body = JSON.parse(payload) as { errors?: unknown; requestId?: string };
    if (!body.errors || typeof body.errors !== 'object' || Array.isArray(body.errors)) return payload;
    body.requestId = id;
    return JSON.stringify(body);
  } catch {
    return payload;
  }
}
