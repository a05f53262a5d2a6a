import {
  type CustomField,
  type CustomFieldInputParsed,
  customValueError,
  type MessageResponse,
  optionFields,
  optionList,
  TAG_IN_USE,
} from '@atrium/contracts';
import type { z } from 'zod';
import { type Db, readTenant, type Tx, withTenant } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { deleteFieldValues, findFieldValues } from './contact-custom-values.repo.ts';
import {
  type CustomFieldRow,
  type CustomFieldValues,
  deleteCustomField,
  findCustomField,
  findCustomFields,
  insertCustomField,
  nextSequence,
  tagTaken,
  updateCustomField,
} from './custom-fields.repo.ts';

export function toCustomField(row: CustomFieldRow): CustomField {
  return {
    guId: row.id,
    name: row.name,
    tag: row.tag,
    // A form's email field is a text field in the contact's list (its pattern is the form's rule).
    type: row.type === 'email' ? 'text' : row.type,
    ...optionFields(row.options),
    fieldName: row.fieldName,
    placeholder: row.placeholder,
    text: row.text,
    isMandatory: row.isMandatory,
    isFormField: row.isFormField,
    sequence: row.sequence,
  };
}

function toValues(input: CustomFieldInputParsed): Omit<CustomFieldValues, 'sequence'> {
  return {
    type: input.type,
    name: input.name,
    tag: input.tag,
    fieldName: input.fieldName,
    placeholder: input.placeholder,
    text: input.text,
    isMandatory: input.isMandatory,
    isFormField: input.isFormField,
    options: optionList(input),
  };
}

/** A taken tag is the same 400 whether found first or raised by the unique index in a race. */
async function translateTagInUse<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isTagViolation(error)) throw badRequest('tag', TAG_IN_USE);
    throw error;
  }
}

/** A unique violation of `custom_fields_tenant_tag_uq`, however the driver wraps it. */
export function isTagViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: string; constraint?: string };
    if (code === '23505' && (!constraint || constraint === 'custom_fields_tenant_tag_uq')) return true;
  }
  return false;
}

async function checkTag(tx: Tx, tenantId: string, tag: string, exceptId?: string): Promise<void> {
  if (await tagTaken(tx, tenantId, tag, exceptId)) throw badRequest('tag', TAG_IN_USE);
}

/**
 * GET /rest/customField: the tenant's contact fields in list order; `?customForm={form id}` answers
 * that form's fields instead (a form's fields are kept out of the Custom Fields screen).
 */
export function listCustomFields(db: Db, tenant: TenantContext, customForm?: string): Promise<CustomField[]> {
  return readTenant(db, tenant.tenantId, async (tx) =>
    (await findCustomFields(tx, tenant.tenantId))
      .filter((row) => (customForm ? row.formId === customForm : row.formId === null))
      .map(toCustomField),
  );
}

export function createCustomField(db: Db, tenant: TenantContext, input: CustomFieldInputParsed): Promise<CustomField> {
  const { tenantId } = tenant;
  return translateTagInUse(() =>
    withTenant(db, tenantId, async (tx) => {
      await checkTag(tx, tenantId, input.tag);
      const sequence = input.sequence ?? (await nextSequence(tx, tenantId));
      return toCustomField(await insertCustomField(tx, tenantId, { ...toValues(input), sequence }));
    }),
  );
}

/**
 * PUT /rest/customField/{id}: saves the dialog whole. Contact values the edited field no longer
 * allows (another type, a removed option) are dropped in the same transaction, so a stored value
 * always fits its field.
 */
export function editCustomField(
  db: Db,
  tenant: TenantContext,
  id: string,
  input: CustomFieldInputParsed,
): Promise<CustomField> {
  const { tenantId } = tenant;
  return translateTagInUse(() =>
    withTenant(db, tenantId, async (tx) => {
      // A form's field is edited in its form's builder (decisions.md "Forms and signatures").
      const existing = await findCustomField(tx, tenantId, id);
      if (!existing || existing.formId) throw notFound('Custom field');
      await checkTag(tx, tenantId, input.tag, id);
      const values = toValues(input);
      const row = await updateCustomField(tx, tenantId, id, {
        ...values,
        ...(input.sequence === undefined ? {} : { sequence: input.sequence }),
      });
      if (!row) throw notFound('Custom field');
      const field = { name: row.name, type: row.type, options: row.options, isMandatory: false };
      const stale = (await findFieldValues(tx, tenantId, id)).filter((v) => customValueError(field, v.value) !== null);
      await deleteFieldValues(
        tx,
        tenantId,
        id,
        stale.map((v) => v.contactId),
      );
      return toCustomField(row);
    }),
  );
}

/** DELETE /rest/customField/{id}: the field and every contact's value of it. */
export function removeCustomField(db: Db, tenant: TenantContext, id: string): Promise<z.infer<typeof MessageResponse>> {
  return withTenant(db, tenant.tenantId, async (tx) => {
    if (!(await deleteCustomField(tx, tenant.tenantId, id))) throw notFound('Custom field');
    return { message: 'Deleted custom field successfully' };
  });
}
