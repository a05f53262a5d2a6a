import {
  ErrorBody,
  MessageResponse,
  SequenceUpdate,
  WebPage,
  WebPageDraftWrite,
  WebPageListItem,
  WebPageVersion,
  WebPageWrite,
  WebTemplate,
  WebTemplateList,
  WebTemplateQuery,
  WebTemplateWrite,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStaff } from '../../lib/guards.ts';
import type { Platform } from '../../platform.ts';
import { registerThemeFonts } from '../../site/theme-fonts.ts';
import * as pages from './website.service.ts';
import * as templates from './website-templates.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody };
const tags = ['website'];
/** A designed page carries its whole designer project (unjson): more than the default 1 MB body. */
const bodyLimit = 5_242_880;
const PageId = z.object({ pageId: z.string().uuid('pageId must be a page id') });
const PageName = z.object({ pageName: z.string().min(1).max(63) });
const VersionId = PageId.extend({ versionId: z.string().uuid('versionId must be a version id') });
const TemplateId = z.object({ id: z.string().uuid('id must be a template id') });

/** The website builder is for admins and staff (spec 3 §6); front desk and students are refused. */
const builder = (request: FastifyRequest) => requireStaff(request, 'admin', 'staff');

/** Spec 3 §7.1: website pages and templates. */
export function registerWebsiteRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  // the site theme's self-hosted fonts (every page of the public site links them)
  registerThemeFonts(server);

  app.get(
    '/stemplate/webpage',
    { schema: { tags, summary: 'List the website pages', response: { 200: z.array(WebPageListItem), ...errors } } },
    (request) => pages.listWebsitePages(platform, builder(request).tenant),
  );

  app.put(
    '/stemplate/webpage/all/sequence',
    {
      schema: {
        tags,
        summary: 'Reorder the pages (sequences 1..n)',
        body: SequenceUpdate,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await pages.updatePageSequence(platform, builder(request).tenant, request.body);
      return { message: 'Sequence updated.' };
    },
  );

  app.get(
    '/stemplate/webpage/:pageName',
    {
      schema: { tags, summary: 'One page, published or not', params: PageName, response: { 200: WebPage, ...errors } },
    },
    (request) => pages.getWebsitePage(platform, builder(request).tenant, request.params.pageName),
  );

  app.post(
    '/stemplate/webpage/:pageName',
    {
      bodyLimit,
      schema: {
        tags,
        summary: 'Create a page',
        params: PageName,
        body: WebPageWrite,
        response: { 201: WebPage, ...errors },
      },
    },
    async (request, reply) => {
      const page = await pages.createWebsitePage(
        platform,
        builder(request).tenant,
        request.params.pageName,
        request.body,
      );
      return reply.code(201).send(page);
    },
  );

  app.put(
    '/stemplate/webpage/:pageId',
    {
      bodyLimit,
      schema: {
        tags,
        summary: 'Update a page (all of it, or only isPublished, or isShowFooter with isShowNavigation)',
        params: PageId,
        body: WebPageWrite,
        response: { 200: WebPage, ...errors },
      },
    },
    (request) => {
      const { tenant, auth } = builder(request);
      return pages.updateWebsitePage(platform, tenant, request.params.pageId, request.body, auth.sub);
    },
  );

  app.put(
    '/stemplate/webpage/:pageId/draft',
    {
      bodyLimit,
      schema: {
        tags,
        summary: 'Save the draft of a page (visitors still see the published page)',
        params: PageId,
        body: WebPageDraftWrite,
        response: { 200: WebPage, ...errors },
      },
    },
    (request) => pages.saveDraft(platform, builder(request).tenant, request.params.pageId, request.body),
  );

  app.post(
    '/stemplate/webpage/:pageId/publish',
    {
      bodyLimit,
      schema: {
        tags,
        summary: 'Publish the draft (or the content sent): visitors see it, and it is kept as a version',
        params: PageId,
        body: WebPageDraftWrite.nullish(),
        response: { 200: WebPage, ...errors },
      },
    },
    (request) => pages.publishPage(platform, builder(request), request.params.pageId, request.body ?? undefined),
  );

  app.get(
    '/stemplate/webpage/:pageId/versions',
    {
      schema: {
        tags,
        summary: 'The last published versions of a page, newest first',
        params: PageId,
        response: { 200: z.array(WebPageVersion), ...errors },
      },
    },
    (request) => pages.pageVersions(platform, builder(request).tenant, request.params.pageId),
  );

  app.post(
    '/stemplate/webpage/:pageId/versions/:versionId/restore',
    {
      schema: {
        tags,
        summary: 'Bring a published version back as the draft',
        params: VersionId,
        response: { 200: WebPage, ...errors },
      },
    },
    (request) =>
      pages.restoreVersion(platform, builder(request).tenant, request.params.pageId, request.params.versionId),
  );

  app.delete(
    '/stemplate/webpage/:pageId',
    { schema: { tags, summary: 'Delete a page', params: PageId, response: { 200: MessageResponse, ...errors } } },
    async (request) => {
      const title = await pages.deleteWebsitePage(platform, builder(request).tenant, request.params.pageId);
      return { message: `${title} is deleted successfully.` };
    },
  );

  app.get(
    '/stemplate/wtemplate',
    {
      schema: {
        tags,
        summary: "Saved templates: the tenant's own and its master's",
        querystring: WebTemplateQuery,
        response: { 200: WebTemplateList, ...errors },
      },
    },
    (request) => templates.listWebsiteTemplates(platform, builder(request).tenant, request.query),
  );

  app.post(
    '/stemplate/wtemplate',
    {
      bodyLimit,
      schema: { tags, summary: 'Save a template', body: WebTemplateWrite, response: { 201: WebTemplate, ...errors } },
    },
    async (request, reply) => {
      const template = await templates.createWebsiteTemplate(platform, builder(request).tenant, request.body);
      return reply.code(201).send(template);
    },
  );

  app.delete(
    '/stemplate/wtemplate/:id',
    {
      schema: {
        tags,
        summary: 'Delete an own template',
        params: TemplateId,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await templates.deleteWebsiteTemplate(platform, builder(request).tenant, request.params.id);
      return { message: 'Template deleted successfully' };
    },
  );
}
