import { AdminListItem, ContactAutocompleteItem, ErrorBody, StaffUser } from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withTenant } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import { requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { listStaff } from '../users/users.service.ts';
import { registerContactAccountRoutes } from './contact-account.routes.ts';
import { registerContactCardRoutes } from './contact-cards.routes.ts';
import { registerContactEmailRoutes } from './contact-emails.routes.ts';
import { registerContactImportRoutes } from './contact-import.routes.ts';
import { registerContactListRoutes } from './contact-list.routes.ts';
import { registerContactRecordRoutes } from './contact-records.routes.ts';
import { registerContactTagRoutes } from './contact-tags.routes.ts';
import { registerContactTimelineRoutes } from './contact-timeline.routes.ts';
import { autocompleteContacts, listStaffContacts } from './contacts.repo.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

const ContactQuery = z.object({
  userType: z.enum(['admin', 'staff']).optional(),
  autoComplete: z.enum(['true', 'false']).optional(),
  q: z.string().max(100).optional(),
});

/**
 * GET /rest/contact answers three calls by query: the admin list (userType=admin, spec 1 §7), the
 * Users screen's staff list (userType=staff, spec 2 §7, from the users module) and the contact
 * autocomplete (autoComplete=true&q=); then the contacts module's calls (spec 3 §7.4).
 */
export function registerContactRoutes(server: FastifyInstance, platform: Platform): void {
  registerContactListRoutes(server, platform);
  registerContactImportRoutes(server, platform);
  registerContactRecordRoutes(server, platform);
  registerContactTimelineRoutes(server, platform);
  registerContactTagRoutes(server, platform);
  registerContactAccountRoutes(server, platform);
  registerContactCardRoutes(server, platform);
  registerContactEmailRoutes(server, platform);
  const app = server.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/rest/contact',
    {
      schema: {
        tags: ['contacts'],
        summary:
          'Admin list (userType=admin), staff list (userType=staff) or contact autocomplete (autoComplete=true&q=)',
        querystring: ContactQuery,
        response: {
          200: z.union([z.array(AdminListItem), z.array(StaffUser), z.array(ContactAutocompleteItem)]),
          ...errors,
        },
      },
    },
    async (request) => {
      const { tenant } = requireStaff(request);
      const { userType, autoComplete, q } = request.query;
      if (userType === 'admin') {
        const rows = await withTenant(platform.db, tenant.tenantId, (tx) => listStaffContacts(tx, tenant.tenantId));
        return rows.map((row) => ({
          guId: row.id,
          name: row.name,
          lastName: row.lastName,
          fullName: [row.name, row.lastName].filter(Boolean).join(' '),
          email: row.email,
          role: row.role,
        }));
      }
      if (userType === 'staff') return listStaff(platform, tenant);
      if (autoComplete === 'true') {
        const text = (q ?? '').trim();
        if (text.length === 0) return [];
        const rows = await withTenant(platform.db, tenant.tenantId, (tx) =>
          autocompleteContacts(tx, tenant.tenantId, text, 20),
        );
        return rows.map((row) => ({
          id: row.id,
          label: [row.name, row.lastName].filter(Boolean).join(' '),
          email: row.email,
        }));
      }
      throw badRequest('userType', 'userType=admin, userType=staff or autoComplete=true is required.');
    },
  );
}
