import {
  ContactImportDryRun,
  ContactImportListQuery,
  ContactImportLogItem,
  ContactImportQuery,
  ContactImportResult,
  ErrorBody,
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
} from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import type { Platform } from '../../platform.ts';
import { FILE_EMPTY, FILE_NOT_TEXT } from './contact-import.plan.ts';
import { commitImport, listImports, previewImport } from './contact-import.service.ts';
import { manageContacts } from './contact-permission.ts';
import { requireCategory } from './contact-tags.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody };
const tags = ['contacts'];
/** CSV files as browsers and spreadsheets label them (Windows reports Excel's type for .csv). */
const CSV_TYPES = ['text/csv', 'application/csv', 'application/vnd.ms-excel'];

/**
 * Spec 3 §7.4 GET and POST /rest/contact/import (categoryId query). The CSV is the raw body (UTF-8,
 * 10 MB at most); the mapping names a column per field in the query. `dryRun=true` answers the
 * columns, the mapping in use and a per-row preview; without it the valid rows are imported.
 */
export function registerContactImportRoutes(server: FastifyInstance, platform: Platform): void {
  server.register(async (scope) => {
    for (const type of CSV_TYPES) {
      scope.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_req, body, done) =>
        done(null, body),
      );
    }
    const app = scope.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/rest/contact/import',
      {
        bodyLimit: IMPORT_MAX_BYTES,
        schema: {
          tags,
          summary:
            'Imports contacts from a CSV body (dryRun=true previews; firstName/lastName/email/phone map columns)',
          querystring: ContactImportQuery,
          headers: z.object({ 'x-file-name': z.string().max(400).optional() }),
          response: { 200: ContactImportDryRun, 201: ContactImportResult, ...errors },
        },
      },
      async (request, reply) => {
        const ctx = manageContacts(request, 'admin', 'staff');
        const body = request.body;
        if (body !== undefined && body !== null && !Buffer.isBuffer(body)) throw badRequest('file', FILE_NOT_TEXT);
        if (!body || body.length === 0) throw badRequest('file', FILE_EMPTY);
        const { dryRun, categoryId, ...query } = request.query;
        const mapping = Object.fromEntries(
          IMPORT_FIELDS.filter((field) => query[field] !== undefined).map((field) => [field, query[field] as string]),
        );
        const categoryName = categoryId ? await requireCategory(platform.db, ctx.tenant, categoryId) : '';
        const input = {
          text: new TextDecoder('utf-8').decode(body),
          mapping,
          categoryId: categoryId || null,
          categoryName,
          fileName: fileNameOf(request.headers['x-file-name']),
        };
        if (dryRun === 'true') return reply.code(200).send(await previewImport(platform.db, ctx.tenant, input));
        return reply.code(201).send(await commitImport(platform.db, ctx, input));
      },
    );

    app.get(
      '/rest/contact/import',
      {
        schema: {
          tags,
          summary: "The tenant's recent contact imports, newest first",
          querystring: ContactImportListQuery,
          response: { 200: z.array(ContactImportLogItem), ...errors },
        },
      },
      async (request) =>
        listImports(
          platform.db,
          manageContacts(request, 'admin', 'staff').tenant,
          request.query.categoryId || undefined,
        ),
    );
  });
}

/** X-File-Name as the web app sends it (URI-encoded, since headers are ASCII); kept to 200 characters. */
function fileNameOf(header: string | undefined): string {
  if (!header) return '';
  try {
    return decodeURIComponent(header).slice(0, 200);
  } catch {
    return header.slice(0, 200);
  }
}
