import { randomUUID } from 'node:crypto';
import {
  COURSE_MESSAGES,
  type CustomForm,
  type CustomFormInput,
  FORM_MESSAGES,
  type FormField,
  type FormFieldType,
  type FormType,
  type PublicFormSummary,
} from '@atrium/contracts';
import type { z } from 'zod';
import { type Db, readTenant, type Tx, withTenant } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { sanitizePageHtml } from '../../site/sanitize.ts';
import { courseSummaries, formCourseState } from '../courses/course-registration.ts';
import {
  type CustomFormRow,
  type CustomFormValues,
  deleteFieldsExcept,
  deleteForm,
  type FormFieldRow,
  findForm,
  findFormFields,
  findForms,
  insertForm,
  lockForm,
  updateForm,
  upsertFormField,
} from './forms.repo.ts';

type FormInput = z.output<typeof CustomFormInput>;

const OPTION_KEYS = ['option1', 'option2', 'option3', 'option4', 'option5', 'option6'] as const;

export function toFormField(row: FormFieldRow): FormField {
  return {
    guId: row.id,
    name: row.name,
    type: row.type as FormFieldType,
    sequence: row.sequence,
    isMandatory: row.isMandatory,
    placeholder: row.placeholder,
    fieldName: row.fieldName,
    phonenumber: row.isPhone,
    ...(Object.fromEntries(OPTION_KEYS.map((key, i) => [key, row.options[i] ?? ''])) as Record<
      (typeof OPTION_KEYS)[number],
      string
    >),
  };
}

/** The course a form names, as the form shows it (null: none, or not shown). */
type FormCourse = CustomForm['course'];

export function toCustomForm(
  row: CustomFormRow,
  fields: FormFieldRow[],
  submissions?: number,
  course: FormCourse = null,
): CustomForm {
  return {
    guId: row.id,
    name: row.name,
    formType: row.formType,
    customFormName: row.customFormName,
    isCustomForm: row.formType !== 'STUDENT_REGISTRATION',
    isName: row.isName,
    isEmail: row.isEmail,
    isPhone: row.isPhone,
    isShowEmergencyContact: row.isShowEmergencyContact,
    isShowBirthdate: row.isShowBirthdate,
    isShowGuardian: row.isShowGuardian,
    isSignRequired: row.isSignRequired,
    isPublished: row.isPublished,
    beforeForm: { description: row.beforeForm },
    subHeader: { description: row.subHeader },
    afterForm: { description: row.afterForm },
    customFields: fields.filter((f) => f.formId === row.id).map(toFormField),
    course,
    ...(submissions === undefined ? {} : { submissions }),
  };
}

function formValues(input: FormInput): CustomFormValues {
  return {
    name: input.name,
    formType: input.formType,
    customFormName: input.customFormName,
    // The registration form always asks who is registering (spec 3 §5: names and email).
    isName: input.isName,
    isEmail: input.isEmail,
    isPhone: input.isPhone,
    isShowEmergencyContact: input.isShowEmergencyContact,
    isShowBirthdate: input.isShowBirthdate,
    isShowGuardian: input.isShowGuardian,
    isSignRequired: input.isSignRequired,
    isPublished: input.isPublished,
    beforeForm: sanitizePageHtml(input.beforeForm.description),
    subHeader: sanitizePageHtml(input.subHeader.description),
    afterForm: sanitizePageHtml(input.afterForm.description),
    courseId: input.courseGuId,
  };
}

/**
 * A course newly named on a form must be one of the demo-course list (published, free or with a demo
 * chapter): another studio's, an unknown one, or any while courses are off is a 404 on courseGuId; a
 * draft or a paid course without demo chapters a 400. A link left as it was is not checked again, so
 * a form whose course was since unpublished still saves (the public form then ignores the course).
 */
async function checkCourse(tx: Tx, tenant: TenantContext, courseId: string | null, current: string | null) {
  if (!courseId || courseId === current) return;
  const found = await formCourseState(tx, tenant, courseId);
  if (found.state === 'missing') throw new AppError(404, 'not_found', COURSE_MESSAGES.notFound, 'courseGuId');
  if (found.state === 'draft') throw badRequest('courseGuId', FORM_MESSAGES.courseNotPublished);
  if (found.state === 'not-offered') throw badRequest('courseGuId', FORM_MESSAGES.courseNotDemo);
}

/**
 * The courses the forms name, by id, as they show: to staff while the course exists; to the public
 * form only while it is published and courses are on.
 */
async function coursesOf(
  tx: Tx,
  tenant: TenantContext,
  rows: CustomFormRow[],
  view: 'staff' | 'public',
): Promise<Map<string, NonNullable<FormCourse>>> {
  if (view === 'public' && !tenant.settings.isShowCourses) return new Map();
  const ids = rows.map((row) => row.courseId).filter((id): id is string => !!id);
  const found = await courseSummaries(tx, tenant, ids);
  return new Map(
    [...found.values()]
      .filter((course) => view === 'staff' || course.published)
      .map((course) => [course.guId, { guId: course.guId, name: course.name }]),
  );
}

/** Saves the builder's field list: sequence is the list order; fields not listed are removed. */
async function saveFields(tx: Tx, tenantId: string, formId: string, input: FormInput): Promise<void> {
  const existing = new Set((await findFormFields(tx, tenantId, [formId])).map((f) => f.id));
  const kept = input.customFields.map((f) => f.guId).filter((id): id is string => !!id && existing.has(id));
  await deleteFieldsExcept(tx, tenantId, formId, kept);
  for (const [sequence, field] of input.customFields.entries()) {
    const options = OPTION_KEYS.map((key) => field[key]).filter(Boolean);
    const id = field.guId && existing.has(field.guId) ? field.guId : undefined;
    await upsertFormField(tx, tenantId, {
      id,
      // A form field's tag is its own (the tenant's tags stay free for its contact fields).
      tag: `f${randomUUID().replaceAll('-', '').slice(0, 24)}`,
      formId,
      type: field.type,
      name: field.name,
      fieldName: field.fieldName,
      placeholder: field.type === 'header' ? '' : field.placeholder,
      isMandatory: field.type === 'header' ? false : field.isMandatory,
      isFormField: true,
      isPhone: field.phonenumber,
      options: field.type === 'radio' || field.type === 'dropdown' ? options : [],
      sequence,
    });
  }
}

/** GET /rest/customForm(?type=): the tenant's forms with their fields and submission counts. */
export function listForms(db: Db, tenant: TenantContext, type?: FormType): Promise<CustomForm[]> {
  return readTenant(db, tenant.tenantId, async (tx) => {
    const rows = await findForms(tx, tenant.tenantId, { type });
    const fields = await findFormFields(
      tx,
      tenant.tenantId,
      rows.map((r) => r.form.id),
    );
    const courses = await coursesOf(
      tx,
      tenant,
      rows.map((r) => r.form),
      'staff',
    );
    return rows.map((r) =>
      toCustomForm(r.form, fields, r.submissions, (r.form.courseId && courses.get(r.form.courseId)) || null),
    );
  });
}

/** One form with its fields and its course as staff (or, `public`, a visitor) see it. */
export async function loadForm(
  tx: Tx,
  tenant: TenantContext,
  id: string,
  view: 'staff' | 'public' = 'staff',
): Promise<CustomForm | null> {
  const row = await findForm(tx, tenant.tenantId, id);
  if (!row) return null;
  const courses = await coursesOf(tx, tenant, [row], view);
  const course = (row.courseId && courses.get(row.courseId)) || null;
  return toCustomForm(row, await findFormFields(tx, tenant.tenantId, [id]), undefined, course);
}

export function getForm(db: Db, tenant: TenantContext, id: string): Promise<CustomForm> {
  return readTenant(db, tenant.tenantId, async (tx) => {
    const form = await loadForm(tx, tenant, id);
    if (!form) throw notFound('Form');
    return form;
  });
}

export async function createForm(db: Db, tenant: TenantContext, input: FormInput): Promise<CustomForm> {
  return withTenant(db, tenant.tenantId, async (tx) => {
    await checkCourse(tx, tenant, input.courseGuId, null);
    const row = await insertForm(tx, tenant.tenantId, formValues(input));
    await saveFields(tx, tenant.tenantId, row.id, input);
    return (await loadForm(tx, tenant, row.id)) as CustomForm;
  });
}

export async function saveForm(db: Db, tenant: TenantContext, id: string, input: FormInput): Promise<CustomForm> {
  return withTenant(db, tenant.tenantId, async (tx) => {
    const before = await lockForm(tx, tenant.tenantId, id);
    if (!before) throw notFound('Form');
    await checkCourse(tx, tenant, input.courseGuId, before.courseId);
    await updateForm(tx, tenant.tenantId, id, formValues(input));
    await saveFields(tx, tenant.tenantId, id, input);
    return (await loadForm(tx, tenant, id)) as CustomForm;
  });
}

export function removeForm(db: Db, tenant: TenantContext, id: string): Promise<{ message: string }> {
  return withTenant(db, tenant.tenantId, async (tx) => {
    if (!(await deleteForm(tx, tenant.tenantId, id))) throw notFound('Form');
    return { message: 'Form deleted successfully' };
  });
}

/** The published forms (ping's `forms`, the public Forms menu; GET /public/customForm). */
export async function publishedForms(tx: Tx, tenantId: string, type?: FormType): Promise<PublicFormSummary[]> {
  const rows = await findForms(tx, tenantId, { type, published: true });
  return rows.map(({ form }) => ({ guId: form.id, name: form.name, formType: form.formType }));
}
