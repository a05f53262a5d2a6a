import {
  AccountSettings,
  AccountSettingsWrite,
  ErrorBody,
  ModuleSettings,
  ModuleSettingsWrite,
  OnboardingState,
  OnboardingWrite,
  RoleSettings,
  StudentAppSettings,
  StudentAppSettingsWrite,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff } from '../../lib/guards.ts';
import { parseBody } from '../../lib/parse-body.ts';
import type { Platform } from '../../platform.ts';
import { saveOnboarding } from '../onboarding/onboarding.service.ts';
import {
  updateAccountSettings,
  updateModuleSettings,
  updateRoleSettings,
  updateStudentAppSettings,
} from './settings.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['settings'];

/** Settings writes are for admins only (decisions.md "Settings"); staff, front desk and students get 403. */
const admin = (request: FastifyRequest) => requireStaff(request, 'admin');
/** Checked before the body is validated, so a non-admin learns nothing from a 400. */
const preValidation = async (request: FastifyRequest) => {
  admin(request);
};

/** Spec 2 §7 "update settings" (paths not shown in the spec except PUT /snode/tenant). */
export function registerSettingsWriteRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/snode/tenant',
    {
      preValidation,
      // Two forms share this path (spec 2 Account Settings, spec 3 §7.9 onboarding): the body is
      // read by the form it is, so each form's 400 names its own field.
      validatorCompiler: () => (data) => ({ value: data }),
      schema: {
        tags,
        summary:
          'Save the Account Settings form, or one onboarding step when the body has onBoardingStep (the tenant is the host’s)',
        body: z.union([AccountSettingsWrite, OnboardingWrite]),
        response: { 200: z.union([AccountSettings, OnboardingState]), ...errors },
      },
    },
    async (request) => {
      const { tenant } = admin(request);
      const body = request.body as unknown;
      if (body && typeof body === 'object' && 'onBoardingStep' in body) {
        return saveOnboarding(platform, tenant, parseBody(OnboardingWrite, body));
      }
      return updateAccountSettings(platform, tenant, parseBody(AccountSettingsWrite, body));
    },
  );

  app.put(
    '/rest/settings/display',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Save one or more module (display) flags; each toggle saves alone',
        body: ModuleSettingsWrite,
        response: { 200: ModuleSettings, ...errors },
      },
    },
    (request) => updateModuleSettings(platform, admin(request).tenant, request.body),
  );

  app.put(
    '/rest/settings/roles',
    {
      preValidation,
      schema: {
        tags,
        summary: "Save the Roles screen: each entry replaces that role's four permissions",
        body: RoleSettings,
        response: { 200: RoleSettings, ...errors },
      },
    },
    (request) => updateRoleSettings(platform, admin(request).tenant, request.body),
  );

  app.put(
    '/rest/settings/studentapp',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Save the Student App settings (the whole screen)',
        body: StudentAppSettingsWrite,
        response: { 200: StudentAppSettings, ...errors },
      },
    },
    (request) => updateStudentAppSettings(platform, admin(request).tenant, request.body),
  );
}
