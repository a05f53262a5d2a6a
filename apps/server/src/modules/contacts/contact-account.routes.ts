import {
  ContactResetRequest,
  ErrorBody,
  MemberVerifyOtpRequest,
  MessageResponse,
  SendCredentialsRequest,
  VerificationRequest,
  VerifyOtpRequest,
} from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, requireTenant } from '../../lib/guards.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { sendCredentials, sendPasswordReset, sendVerification, verifyEmail } from './contact-account.service.ts';
import { sendOtp, sendOwnOtp, verifyOtpPublic, verifyOtpSignedIn } from './contact-otp.service.ts';
import { manageContacts } from './contact-permission.ts';
import { ContactParams } from './contact-records.routes.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 429: ErrorBody };
const tags = ['contacts'];
/** The permission is checked before the body: a caller without it learns nothing from a 400. */
const permissionFirst = {
  preValidation: async (request: Parameters<typeof manageContacts>[0]) => {
    manageContacts(request);
  },
};

/** Spec 3 §7.4 account actions on a contact (the detail's Account card), and the verification link. */
export function registerContactAccountRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/rest/message/sendCredentials',
    {
      ...permissionFirst,
      schema: {
        tags,
        summary: 'Emails the contact a one-time link to set their password (never a password)',
        body: SendCredentialsRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    (request) => {
      const caller = manageContacts(request);
      return sendCredentials(platform, caller, request.body.contactId, tenantOrigin(platform.config, caller.tenant));
    },
  );

  app.put(
    '/rest/contact/reset',
    {
      ...permissionFirst,
      schema: {
        tags,
        summary: 'Emails the contact a password reset link (the forgot-password email)',
        body: ContactResetRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    (request) => {
      const caller = manageContacts(request);
      return sendPasswordReset(platform, caller, request.body.contactId, tenantOrigin(platform.config, caller.tenant));
    },
  );

  app.put(
    '/rest/contact/:id/verification',
    {
      ...permissionFirst,
      schema: {
        tags,
        summary: "Emails a link that verifies the contact's address, then opens redirectUrl (this site only)",
        params: ContactParams,
        body: VerificationRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    (request) => sendVerification(platform, manageContacts(request), request.params.id, request.body.redirectUrl),
  );

  app.get(
    '/public/user/verifyEmail',
    {
      schema: {
        tags,
        summary: 'The verification link: marks the address verified and redirects (verified=1, or 0 when used/expired)',
        querystring: z.object({
          token: z.string().min(1, 'token is required').max(200),
          redirectUrl: z.string().max(2000).optional(),
        }),
        response: { 302: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const target = await verifyEmail(
        platform,
        requireTenant(request),
        request.query.token,
        request.query.redirectUrl,
      );
      return reply.redirect(target, 302);
    },
  );

  app.put(
    '/rest/contact/:id/otp',
    {
      ...permissionFirst,
      schema: {
        tags,
        summary: 'Emails the contact a 6-digit code (15 minutes, 5 tries) that verifies their address',
        params: ContactParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    (request) => sendOtp(platform, manageContacts(request), request.params.id, request.ip),
  );

  app.post(
    '/public/user/verifyOtp',
    {
      schema: {
        tags,
        summary: 'Verifies an address with its emailed code (one answer for every failure; limited per IP)',
        body: VerifyOtpRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    (request) => verifyOtpPublic(platform, requireTenant(request), request.body, request.ip),
  );

  app.post(
    '/rest/user/otp',
    {
      preValidation: async (request) => {
        requireAuth(request);
      },
      schema: {
        tags,
        summary: "Emails the signed-in member a code that verifies their own address (onboarding's verification wait)",
        response: { 200: MessageResponse, ...errors },
      },
    },
    (request) => sendOwnOtp(platform, requireAuth(request), request.ip),
  );

  app.post(
    '/rest/user/verifyOtp',
    {
      preValidation: async (request) => {
        requireAuth(request);
      },
      schema: {
        tags,
        summary: "Verifies the signed-in user's own address with its emailed code",
        body: MemberVerifyOtpRequest,
        response: { 200: MessageResponse, ...errors },
      },
    },
    (request) => verifyOtpSignedIn(platform, requireAuth(request), request.body.code, request.ip),
  );
}
