import { createHash } from 'node:crypto';
import {
  ErrorBody,
  HumanChallenge,
  LoginResponse,
  STUDIO_SIGNUP_ACTION,
  StudioSignupRequest,
  StudioSignupResult,
  StudioWelcomeRequest,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireTenant } from '../../lib/guards.ts';
import { SingleUseStore } from '../../lib/single-use-store.ts';
import type { Platform } from '../../platform.ts';
import { jwtSecret } from '../../secrets.ts';
import { HumanCheck } from '../forms/human-check.ts';
import { assertBareDomain, exchangeWelcomeCode, SIGNUP_CHECK_SCOPE, signUpStudio } from './studio-signup.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 429: ErrorBody };
const tags = ['onboarding'];
const clientOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? ''),
});

/**
 * A new studio (issue 13): the sign-up on the bare product domain, and the welcome that signs its
 * owner in on the studio's own host. The wizard's saves are PUT /snode/tenant (settings routes).
 */
export function registerOnboardingRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  let key: Promise<Buffer> | null = null;
  // Solutions are taken once in the sign-up's own guard table (no tenant exists yet), not in this store.
  const humanCheck = new HumanCheck(
    () => {
      key ??= jwtSecret(platform.db, platform.config).then((secret) =>
        createHash('sha256').update(`studio-signup:${secret}`).digest(),
      );
      return key;
    },
    (ttl) => new SingleUseStore(platform.db, 'studio-signup-check', ttl),
  );

  app.get(
    '/public/studio/humanCheck',
    {
      schema: {
        tags,
        summary:
          "On the bare product domain (or with ?plan=1 on the platform operator's /tplan): a proof-of-work challenge for the new-studio sign-up",
        querystring: z.object({ plan: z.enum(['1']).optional() }),
        response: { 200: HumanChallenge, ...errors },
      },
    },
    async (request) => {
      await assertBareDomain(platform, request.headers.host, request.query.plan === '1');
      return humanCheck.challenge(SIGNUP_CHECK_SCOPE, STUDIO_SIGNUP_ACTION);
    },
  );

  app.post(
    '/public/studio/signup',
    {
      schema: {
        tags,
        summary: 'On the bare product domain: create a studio and its owner; answers where onboarding starts',
        body: StudioSignupRequest,
        response: { 201: StudioSignupResult, ...errors },
      },
    },
    async (request, reply) => {
      await assertBareDomain(platform, request.headers.host, request.body.planName !== undefined);
      const result = await signUpStudio(platform, humanCheck, request.body, clientOf(request));
      request.log.info({ orgId: result.orgId }, 'studio signed up');
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/public/studio/welcome',
    {
      schema: {
        tags,
        summary: "On the new studio's host: exchange the one-time welcome code for the owner's session",
        body: StudioWelcomeRequest,
        response: { 200: LoginResponse, ...errors },
      },
    },
    (request) => exchangeWelcomeCode(platform, requireTenant(request), request.body.code, clientOf(request)),
  );
}
