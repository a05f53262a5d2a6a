import {
  AccountSettings,
  AccountSettingsWrite,
  ErrorBody,
  ModuleSettings,
  ModuleSettingsWrite,
  RoleSettings,
  StudentAppSettings,
  StudentAppSettingsWrite,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
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
      schema: {
        tags,
        summary: 'Save the Account Settings form (the tenant is the host’s; ids in the body are ignored)',
        body: AccountSettingsWrite,
        response: { 200: AccountSettings, ...errors },
      },
    },
    (request) => updateAccountSettings(platform, admin(request).tenant, request.body),
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
