import {
  CustomForm,
  CustomFormInput,
  CustomFormListQuery,
  ErrorBody,
  FormSettings,
  FormSettingsWrite,
  FormSubmissionInput,
  FormSubmissionResult,
  HUMAN_CHECK_ACTION,
  HumanChallenge,
  MessageResponse,
  PublicCourseSummary,
  PublicFormListQuery,
  PublicFormSummary,
  SignedDocument,
  SignedDocumentVerification,
  WaiverConfirmInput,
  WaiverConfirmResult,
  WaiverStatus,
} from '@atrium/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readTenant } from '../../db/client.ts';
import { badRequest, notFound, tooManyRequests } from '../../lib/errors.ts';
import { requireAuth, requireStaff, requireTenant } from '../../lib/guards.ts';
import { tenantOrigin } from '../../lib/tenant-origin.ts';
import type { Platform } from '../../platform.ts';
import { tryAgainIn } from '../auth/auth-throttle.ts';
import { manageContacts } from '../contacts/contact-permission.ts';
import { ContactParams } from '../contacts/contact-records.routes.ts';
import { requireContact } from '../contacts/contact-records.service.ts';
import { demoCourses } from '../courses/course-registration.ts';
import { saveTenantSettings } from '../settings/settings.service.ts';
import {
  contactDocuments,
  documentPdf,
  documentStatus,
  FORM_DOCUMENT_QUEUE,
  type FormDocumentJob,
  registerFormDocumentJobs,
  verifyDocument,
  waiverStatus,
} from './form-documents.service.ts';
import { formHumanCheck } from './form-human-check.ts';
import { submitForm } from './form-submit.service.ts';
import { createForm, getForm, listForms, loadForm, publishedForms, removeForm, saveForm } from './forms.service.ts';
import { confirmWaiver } from './waiver-confirmation.service.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const linkErrors = { ...errors, 409: ErrorBody, 410: ErrorBody };
const FormParams = z.object({ id: z.uuid('id must be a form id') });
const SubmissionParams = z.object({ id: z.uuid('id must be a submission id') });
const PublicFormQuery = z.object({
  tid: z.string().max(100).optional(),
  preview: z.enum(['true', 'false']).optional(),
});
const ChallengeQuery = z.object({
  action: z.literal(HUMAN_CHECK_ACTION, { error: `action must be ${HUMAN_CHECK_ACTION}` }),
});

/** Form writes are an admin's (like every settings write); reads for every staff role. */
const admin = (request: FastifyRequest) => requireStaff(request, 'admin');
const preValidation = async (request: FastifyRequest) => {
  admin(request);
};

/**
 * Forms and signatures (issue 13): the builder's `/rest/customForm` calls (spec 2 §7), the public
 * form and its submission (spec 3 §7.9 `/public/customForm*`, `/cform/regform*`,
 * `/studentreg/register`), the human check, the signed documents and the waiver status.
 */
/**
 * Public submissions one IP can make in the login window (15 minutes by default): a family or a
 * front-desk tablet filling a few forms passes, a script replaying solved checks does not.
 */
export const FORM_SUBMISSIONS_PER_IP = 20;

export function registerFormRoutes(server: FastifyInstance, platform: Platform): void {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const db = platform.db;
  const humanCheck = formHumanCheck(platform);
  registerFormDocumentJobs(platform);

  app.get(
    '/rest/customForm',
    {
      schema: {
        tags: ['forms'],
        summary: "The tenant's forms with their fields (?type= filters, e.g. STUDENT_REGISTRATION)",
        querystring: CustomFormListQuery,
        response: { 200: z.array(CustomForm), ...errors },
      },
    },
    async (request) => listForms(db, requireStaff(request).tenant, request.query.type),
  );

  app.get(
    '/rest/customForm/courses',
    {
      schema: {
        tags: ['forms'],
        summary:
          'The demo-course list a form may enrol in: published courses that are free or have a demo chapter (404 while courses are off)',
        response: { 200: z.array(PublicCourseSummary), ...errors },
      },
    },
    async (request) => {
      const { tenant } = requireStaff(request);
      return readTenant(db, tenant.tenantId, (tx) => demoCourses(tx, tenant));
    },
  );

  app.get(
    '/rest/customForm/:id',
    {
      schema: {
        tags: ['forms'],
        summary: 'One form with its fields in sequence order',
        params: FormParams,
        response: { 200: CustomForm, ...errors },
      },
    },
    async (request) => getForm(db, requireStaff(request).tenant, request.params.id),
  );

  app.post(
    '/rest/customForm',
    {
      preValidation,
      schema: {
        tags: ['forms'],
        summary: 'Adds a form with its fields (the list order is the sequence)',
        body: CustomFormInput,
        response: { 201: CustomForm, ...errors },
      },
    },
    async (request, reply) => {
      const { tenant } = admin(request);
      const form = await createForm(db, tenant, request.body);
      platform.tenantConfigs.invalidate(tenant.tenantId);
      return reply.code(201).send(form);
    },
  );

  app.put(
    '/rest/customForm/:id',
    {
      preValidation,
      schema: {
        tags: ['forms'],
        summary: 'Saves a form whole: fields not listed are removed (with their answers), isPublished publishes',
        params: FormParams,
        body: CustomFormInput,
        response: { 200: CustomForm, ...errors },
      },
    },
    async (request) => {
      const { tenant } = admin(request);
      const form = await saveForm(db, tenant, request.params.id, request.body);
      platform.tenantConfigs.invalidate(tenant.tenantId);
      return form;
    },
  );

  app.delete(
    '/rest/customForm/:id',
    {
      preValidation,
      schema: {
        tags: ['forms'],
        summary: 'Deletes a form, its fields, answers and submissions',
        params: FormParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      const { tenant } = admin(request);
      const answer = await removeForm(db, tenant, request.params.id);
      platform.tenantConfigs.invalidate(tenant.tenantId);
      return answer;
    },
  );

  app.get(
    '/public/customForm',
    {
      schema: {
        tags: ['forms'],
        summary: "The host's published forms (tenant is a hint and must name the host's tenant)",
        querystring: PublicFormListQuery,
        response: { 200: z.array(PublicFormSummary), ...errors },
      },
    },
    async (request) => {
      const tenant = requireTenant(request);
      const hint = request.query.tenant;
      if (hint && hint !== tenant.orgId && hint !== tenant.tenantId) return [];
      return readTenant(db, tenant.tenantId, (tx) => publishedForms(tx, tenant.tenantId, request.query.type));
    },
  );

  app.get(
    '/public/customForm/:id',
    {
      schema: {
        tags: ['forms'],
        summary: 'A published form to fill (staff may also open an unpublished one, for the preview)',
        params: FormParams,
        querystring: PublicFormQuery,
        response: { 200: CustomForm, ...errors },
      },
    },
    async (request) => {
      const tenant = requireTenant(request);
      const { tid } = request.query;
      if (tid && tid !== tenant.tenantId && tid !== tenant.orgId) throw notFound('Form');
      const form = await readTenant(db, tenant.tenantId, (tx) => loadForm(tx, tenant, request.params.id, 'public'));
      const staff = request.auth && request.auth.role !== 'student';
      if (!form || (!form.isPublished && !staff)) throw notFound('Form');
      return { ...form, ageOfMajority: tenant.settings.ageOfMajority };
    },
  );

  app.get(
    '/public/humanCheck',
    {
      schema: {
        tags: ['forms'],
        summary: 'A proof-of-work challenge for the action (ALTCHA protocol; single use, 10 minutes)',
        querystring: ChallengeQuery,
        response: { 200: HumanChallenge, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return humanCheck.challenge(requireTenant(request).tenantId, request.query.action);
    },
  );

  for (const path of ['/cform/regform/public', '/cform/regform', '/studentreg/register']) {
    app.post(
      path,
      {
        schema: {
          tags: ['forms'],
          summary:
            'Submits a form: human check, contact by email (guardians linked), answers as custom-field values, the signed document queued',
          body: FormSubmissionInput,
          response: { 201: FormSubmissionResult, ...errors },
        },
      },
      async (request, reply) => {
        const tenant = requireTenant(request);
        if (
          path === '/studentreg/register' &&
          request.body.formType &&
          request.body.formType !== 'STUDENT_REGISTRATION'
        ) {
          throw badRequest('formType', 'formType must be STUDENT_REGISTRATION');
        }
        const wait = await platform.throttle.take(tenant.tenantId, 'form_submit', request.ip, request.ip, {
          perAccount: FORM_SUBMISSIONS_PER_IP,
          perIp: FORM_SUBMISSIONS_PER_IP,
        });
        if (wait > 0) throw tooManyRequests(`Too many forms sent from your network. ${tryAgainIn(wait)}`);
        const { id, result } = await submitForm(
          {
            db,
            humanCheck,
            tenant,
            auth: request.auth,
            ip: request.ip,
            userAgent: String(request.headers['user-agent'] ?? ''),
            origin: tenantOrigin(platform.config, tenant),
            now: platform.clock.now(),
          },
          request.body,
        );
        await platform.jobs.send<FormDocumentJob>(
          FORM_DOCUMENT_QUEUE,
          { tenantId: tenant.tenantId, orgId: tenant.orgId, submissionId: id },
          { id },
        );
        // A waiver's confirmation, a course's welcome, staff's note of a new contact: sent now.
        void platform.outbox.kick();
        return reply.code(201).send(result);
      },
    );
  }

  app.get(
    '/cform/regform/:id',
    {
      schema: {
        tags: ['forms'],
        summary: "A submission's document status: IN_PROGRESS, COMPLETE or ERROR (the id is the signer's key)",
        params: SubmissionParams,
        response: { 200: FormSubmissionResult, ...errors },
      },
    },
    async (request) => documentStatus(db, requireTenant(request), request.params.id),
  );

  app.get(
    '/cform/regform/:id/document',
    {
      schema: { tags: ['forms'], summary: 'The signed document as a PDF, once made', params: SubmissionParams },
    },
    async (request, reply) => {
      const { bytes, fileName } = await documentPdf(platform, requireTenant(request), request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );

  app.get(
    '/cform/regform/:id/verify',
    {
      schema: {
        tags: ['forms'],
        summary:
          "Staff: whether a signed form is unchanged since signed (the answers' SHA-256 and the stored PDF's, both recomputed)",
        params: SubmissionParams,
        response: { 200: SignedDocumentVerification, ...errors },
      },
    },
    async (request) => verifyDocument(platform, manageContacts(request).tenant, request.params.id),
  );

  app.get(
    '/cform/myregistration',
    {
      schema: {
        tags: ['forms'],
        summary: "The signed-in member's submissions and documents (My Registration)",
        response: { 200: z.array(SignedDocument), ...errors },
      },
    },
    async (request) => {
      const { tenant, auth } = requireAuth(request);
      return contactDocuments(db, tenant, auth.sub);
    },
  );

  app.get(
    '/rest/contact/:id/signedDocuments',
    {
      schema: {
        tags: ['contacts'],
        summary: "The contact's form submissions with each signature's audit trail",
        params: ContactParams,
        response: { 200: z.array(SignedDocument), ...errors },
      },
    },
    async (request) => {
      const { tenant } = manageContacts(request);
      await readTenant(db, tenant.tenantId, (tx) => requireContact(tx, tenant.tenantId, request.params.id));
      return contactDocuments(db, tenant, request.params.id);
    },
  );

  app.get(
    '/rest/contact/:id/waiver',
    {
      schema: {
        tags: ['contacts'],
        summary: 'Whether the tenant requires the waiver and whether this contact has signed it',
        params: ContactParams,
        response: { 200: WaiverStatus, ...errors },
      },
    },
    async (request) => {
      const { tenant } = manageContacts(request);
      return readTenant(db, tenant.tenantId, async (tx) => {
        await requireContact(tx, tenant.tenantId, request.params.id);
        return waiverStatus(tx, tenant, request.params.id);
      });
    },
  );
  app.post(
    '/public/waiver/confirm',
    {
      schema: {
        tags: ['forms'],
        summary:
          "Confirms a waiver from the single-use link emailed to its member (7 days): from now on it counts for the member's bookings and checkouts",
        body: WaiverConfirmInput,
        response: { 200: WaiverConfirmResult, ...linkErrors },
      },
    },
    async (request) => confirmWaiver(db, requireTenant(request), request.body.token, platform.clock.now()),
  );

  app.get(
    '/rest/settings/forms',
    {
      schema: {
        tags: ['forms'],
        summary: "The forms' settings (the age of majority, below which a registration names a guardian)",
        response: { 200: FormSettings, ...errors },
      },
    },
    async (request) => ({ ageOfMajority: requireStaff(request).tenant.settings.ageOfMajority }),
  );

  app.put(
    '/rest/settings/forms',
    {
      preValidation,
      schema: {
        tags: ['forms'],
        summary: "Saves the forms' settings (admins)",
        body: FormSettingsWrite,
        response: { 200: FormSettings, ...errors },
      },
    },
    async (request) => {
      const saved = await saveTenantSettings(platform, admin(request).tenant, request.body);
      return { ageOfMajority: saved.settings.ageOfMajority };
    },
  );
}
