import type { FastifyRequest } from 'fastify';

/** The origin the browser used (`http://demo.localhost:3000`): links in emails, redirects, the SEO head. */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.headers.host ?? request.hostname}`;
}
