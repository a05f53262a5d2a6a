import {
  ChangePasswordRequest,
  ErrorBody,
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  MessageResponse,
  RefreshRequest,
  RegistrationConfirmed,
  RegistrationConfirmRequest,
  RegistrationRequest,
  ReInitInfoResponse,
  ResetPasswordRequest,
  TokenPair,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, requireTenant } from '../../lib/guards.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import * as auth from './auth.service.ts';
import { changePassword } from './change-password.ts';
import { confirmRegistration, pendingRegistrations, REGISTRATION_SENT, register } from './registration.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };
const tags = ['auth'];

/**
 * Answers, then runs the work the answer must not wait for (so its timing tells nothing), tracked
 * so that a graceful shutdown waits for it.
 */
async function answerThen(
  platform: Platform,
  request: FastifyRequest,
  reply: FastifyReply,
  body: { message: string },
  followUp: (() => Promise<void>) | null,
) {
  await reply.send(body);
  if (followUp) await platform.afterAnswer.run(followUp, request.log);
  return reply;
}

/** Spec 1 §7 auth calls. Where the spec names two paths for a call, both are served. */
export function registerAuthRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const pending = pendingRegistrations(platform.db);

  for (const url of ['/login', '/public/user/signin']) {
    app.post(
      url,
      { schema: { tags, summary: 'Log in', body: LoginRequest, response: { 200: LoginResponse, ...errors } } },
      (request) => auth.login(platform, requireTenant(request), request.body, request.ip),
    );
  }

  for (const url of ['/refresh-access-token', '/public/auth/refresh']) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary: 'Rotate a refresh token',
          body: RefreshRequest,
          response: { 200: TokenPair, ...errors },
        },
      },
      (request) => auth.refreshSession(platform, requireTenant(request), request.body.token),
    );
  }

  app.post(
    '/public/user/registration',
    {
      schema: {
        tags,
        summary:
          'Register a student account: emails a link to choose a password and create it (or, for a taken address, tells its owner); a password in the body is not used',
        body: RegistrationRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request, reply) => {
      const tenant = requireTenant(request);
      const followUp = await register(
        platform,
        pending,
        tenant,
        request.body,
        tenantOrigin(platform.config, tenant),
        request.ip,
      );
      return answerThen(platform, request, reply, { message: REGISTRATION_SENT }, followUp);
    },
  );

  // Links mailed before the confirmation page existed: the page, with the same token. A GET (a mail
  // scanner follows links) never creates anything.
  app.get(
    '/public/user/registration/confirm',
    {
      schema: {
        tags,
        summary: 'An older registration link: to the page where the owner chooses a password (creates nothing)',
        querystring: z.object({ token: z.string().min(1, 'token is required').max(200) }),
        response: { 302: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      requireTenant(request);
      return reply.redirect(`/register/confirm?token=${encodeURIComponent(request.query.token)}`, 302);
    },
  );

  app.post(
    '/public/user/registration/confirm',
    {
      schema: {
        tags,
        summary:
          "Finish a registration: the emailed link's token and the password its owner chooses create the account",
        body: RegistrationConfirmRequest,
        response: { 200: RegistrationConfirmed, ...errors },
      },
    },
    (request) => confirmRegistration(platform, pending, requireTenant(request), request.body, request.ip),
  );

  for (const url of ['/rest/user/forgotPassword', '/public/user/forgotPassword']) {
    app.post(
      url,
      {
        schema: {
          tags,
          summary: 'Email a password reset link',
          body: ForgotPasswordRequest,
          response: { 200: MessageResponse, ...errors },
        },
      },
      async (request, reply) => {
        const tenant = requireTenant(request);
        const followUp = await auth.forgotPassword(
          platform,
          tenant,
          request.body,
          tenantOrigin(platform.config, tenant),
          request.ip,
        );
        return answerThen(platform, request, reply, { message: auth.FORGOT_PASSWORD_SENT }, followUp);
      },
    );
  }

  // The reset-password form: the public call and the spec's path for it (spec 3 §7.4), one handler.
  for (const path of ['/public/user/resetPassword', '/fauth/fauth/resetpwd']) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary: 'Set a new password with a reset link token',
          body: ResetPasswordRequest,
          response: { 200: MessageResponse, ...errors },
        },
      },
      async (request) => {
        await auth.resetPassword(platform, requireTenant(request), request.body, request.ip);
        return { message: 'Your password has been changed. Please log in.' };
      },
    );
  }

  app.post(
    '/rest/user/changePassword',
    {
      preValidation: async (request) => {
        requireAuth(request);
      },
      schema: {
        tags,
        summary: "Change the signed-in user's own password (needs the current one; other sessions end)",
        body: ChangePasswordRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    (request) => changePassword(platform, requireAuth(request), request.body, request.ip),
  );

  for (const url of ['/app/logout', '/public/user/logout']) {
    app.post(
      url,
      { schema: { tags, summary: 'Log out (ends this session)', response: { 200: MessageResponse, ...errors } } },
      async (request) => {
        const { tenant, auth: claims } = requireAuth(request);
        await auth.logout(platform, tenant, claims);
        return { message: 'Logged out.' };
      },
    );
  }

  for (const url of ['/rest/reInitInfo', '/rest/reinitinfo/token/validate']) {
    app.get(
      url,
      {
        schema: {
          tags,
          summary: 'Restore a session (preview=true: a student token for Student Preview)',
          querystring: z.object({ preview: z.enum(['true', 'false']).optional() }),
          response: { 200: ReInitInfoResponse, ...errors },
        },
      },
      (request) => {
        const { tenant, auth: claims } = requireAuth(request);
        return auth.reInitInfo(platform, tenant, claims, request.query.preview === 'true');
      },
    );
  }
}
