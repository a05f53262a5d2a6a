import { type ContactCustomFieldValue, type ContactCustomValuesInput, customValueError } from '@atrium/contracts';
import { type Db, type Tx, withTenant } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { requireContact } from '../contacts/contact-records.service.ts';
import { deleteContactValues, findContactValues, upsertContactValues } from './contact-custom-values.repo.ts';
import { findCustomFields } from './custom-fields.repo.ts';
import { toCustomField } from './custom-fields.service.ts';

async function loadValues(tx: Tx, tenantId: string, contactId: string): Promise<ContactCustomFieldValue[]> {
  const [fields, values] = [await findCustomFields(tx, tenantId), await findContactValues(tx, tenantId, contactId)];
  // A form's fields are listed for the contacts who answered them (decisions.md "Forms").
  return fields
    .filter((row) => row.formId === null || values.has(row.id))
    .map((row) => ({
      ...toCustomField(row),
      value: row.type === 'header' ? '' : (values.get(row.id) ?? ''),
    }));
}

/** GET /rest/contact/{id}/customFields: every field of the tenant, in list order, with the contact's value. */
export function listContactValues(
  db: Db,
  tenant: TenantContext,
  contactId: string,
): Promise<ContactCustomFieldValue[]> {
  return withTenant(db, tenant.tenantId, async (tx) => {
    await requireContact(tx, tenant.tenantId, contactId);
    return loadValues(tx, tenant.tenantId, contactId);
  });
}

/**
 * PUT /rest/contact/{id}/customFields: sets the given values, all or nothing. Each value must fit
 * its field (customValueError); a mandatory field must have a value afterwards, whether it was sent
 * or kept. '' (and an unticked checkbox) removes a value. The first problem is the 400, named by
 * the field's tag. A field id the tenant does not have is a 404.
 */
export function saveContactValues(
  db: Db,
  tenant: TenantContext,
  contactId: string,
  input: ContactCustomValuesInput,
): Promise<ContactCustomFieldValue[]> {
  const { tenantId } = tenant;
  return withTenant(db, tenantId, async (tx) => {
    await requireContact(tx, tenantId, contactId);
    const fields = await findCustomFields(tx, tenantId);
    const byId = new Map(fields.map((field) => [field.id, field]));
    const stored = await findContactValues(tx, tenantId, contactId);
    const seen = new Set<string>();
    const sets: { fieldId: string; value: string }[] = [];
    const clears: string[] = [];
    for (const [index, entry] of input.entries()) {
      const field = byId.get(entry.guId);
      if (!field) throw new AppError(404, 'not_found', 'Custom field not found.', `${index}.guId`);
      if (seen.has(field.id)) throw badRequest(`${index}.guId`, `${field.name} is listed twice`);
      seen.add(field.id);
      const value = entry.value.trim();
      const error = customValueError(field, value);
      if (error) throw badRequest(field.tag, error);
      if (field.type === 'header' || value === '' || (field.type === 'checkbox' && value === 'false')) {
        clears.push(field.id);
        stored.delete(field.id);
      } else {
        sets.push({ fieldId: field.id, value });
        stored.set(field.id, value);
      }
    }
    // A mandatory field the body did not mention must already have a value.
    for (const field of fields) {
      // A form's mandatory field binds the form, not every contact.
      if (seen.has(field.id) || !field.isMandatory || field.formId !== null) continue;
      const error = customValueError(field, stored.get(field.id) ?? '');
      if (error) throw badRequest(field.tag, error);
    }
    await deleteContactValues(tx, tenantId, contactId, clears);
    await upsertContactValues(tx, tenantId, contactId, sets);
    return loadValues(tx, tenantId, contactId);
  });
}
