import { AccountSettings, ErrorBody, ModuleSettings, RoleSettings, StudentAppSettings } from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from '../../lib/guards.ts';
import { toAccountSettings, toModuleSettings, toRoleSettings, toStudentAppSettings } from './settings.service.ts';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['settings'];

/** Spec 2 §7 "Account and tenant": reads, for every staff role (the screens show them read-only to non-admins). */
export function registerSettingsReadRoutes(server: FastifyInstance): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/snode/tenant',
    {
      schema: {
        tags,
        summary: "The account (tenant) detail of the host's tenant, for Settings home and Account Settings",
        response: { 200: AccountSettings, ...errors },
      },
    },
    async (request) => toAccountSettings(requireStaff(request).tenant),
  );

  app.get(
    '/rest/settings/display',
    {
      schema: {
        tags,
        summary: 'The module (display) flags for Module Settings',
        response: { 200: ModuleSettings, ...errors },
      },
    },
    async (request) => toModuleSettings(requireStaff(request).tenant),
  );

  app.get(
    '/rest/settings/roles',
    {
      schema: {
        tags,
        summary: 'The staff and front-desk permissions of the Roles screen (spec 2 §6)',
        response: { 200: RoleSettings, ...errors },
      },
    },
    async (request) => toRoleSettings(requireStaff(request).tenant),
  );

  app.get(
    '/rest/settings/studentapp',
    {
      schema: {
        tags,
        summary: 'The Student App settings: tab labels, colour and welcome images',
        response: { 200: StudentAppSettings, ...errors },
      },
    },
    async (request) => toStudentAppSettings(requireStaff(request).tenant),
  );
}
