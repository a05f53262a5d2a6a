import { Readable } from 'node:stream';
import { ErrorBody, SalesLines, SalesLinesQuery } from '@atrium/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { checkSalesLinesFilters, salesLines, salesLinesCsv, salesLinesFileName } from './sales-lines.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

/** The rows behind the sales report's figures: admins and staff, like the report (decisions.md "Reports"). */
export function registerSalesLinesRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];

  app.get(
    '/itemreport/sales/lines',
    {
      schema: {
        tags,
        summary:
          "The rows behind a sales report's figure (the report's query plus the row's key): payments and refunds, or invoice lines; paged and sorted, with what all of them add up to",
        querystring: SalesLinesQuery,
        response: { 200: SalesLines, ...errors },
      },
    },
    (request) => salesLines(platform, requireStaff(request, 'admin', 'staff'), request.query),
  );

  app.get(
    '/itemreport/sales/lines.csv',
    {
      schema: {
        tags,
        summary:
          'The same rows as CSV, every one of them, oldest first; streamed as they are read (amounts as decimals, refunds negative)',
        querystring: SalesLinesQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const who = requireStaff(request, 'admin', 'staff');
      await checkSalesLinesFilters(platform, who, request.query);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${salesLinesFileName(request.query)}"`)
          .header('cache-control', 'no-store')
          // a stream is sent as it is read (the schema's string describes the body; streams skip serialising)
          .send(Readable.from(salesLinesCsv(platform, who, request.query)) as unknown as string)
      );
    },
  );
}
