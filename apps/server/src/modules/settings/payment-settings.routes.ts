import { ErrorBody, PaymentSettings, PaymentSettingsWrite } from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { toPaymentSettings, updatePaymentSettings } from './payment-settings.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const tags = ['settings'];
const admin = (request: FastifyRequest) => requireStaff(request, 'admin');

/** Spec 2 §7 "GET /item/tenant and PUT /item/tenant (payment settings)". */
export function registerPaymentSettingsRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/item/tenant',
    {
      schema: {
        tags,
        summary: 'Payment Settings: currencies, taxes, fees and the invoice note',
        response: { 200: PaymentSettings, ...errors },
      },
    },
    async (request) => toPaymentSettings(requireStaff(request).tenant),
  );

  app.put(
    '/item/tenant',
    {
      // Checked before the body is validated, so a non-admin learns nothing from a 400.
      preValidation: async (request) => {
        admin(request);
      },
      schema: {
        tags,
        summary: 'Save the Payment Settings form (fees and taxes kept to 2 decimals)',
        body: PaymentSettingsWrite,
        response: { 200: PaymentSettings, ...errors },
      },
    },
    (request) => updatePaymentSettings(platform, admin(request).tenant, request.body),
  );
}
