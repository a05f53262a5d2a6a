import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contactCustomValues } from '../../db/schema/index.ts';

export type ContactCustomValueRow = typeof contactCustomValues.$inferSelect;

/** A contact's stored values, by custom field id. */
export async function findContactValues(tx: Tx, tenantId: string, contactId: string): Promise<Map<string, string>> {
  const rows = await tx
    .select({ fieldId: contactCustomValues.customFieldId, value: contactCustomValues.value })
    .from(contactCustomValues)
    .where(and(eq(contactCustomValues.tenantId, tenantId), eq(contactCustomValues.contactId, contactId)));
  return new Map(rows.map((row) => [row.fieldId, row.value]));
}

/** Every stored value of one field (to drop those an edit of the field no longer allows). */
export function findFieldValues(
  tx: Tx,
  tenantId: string,
  fieldId: string,
): Promise<{ contactId: string; value: string }[]> {
  return tx
    .select({ contactId: contactCustomValues.contactId, value: contactCustomValues.value })
    .from(contactCustomValues)
    .where(and(eq(contactCustomValues.tenantId, tenantId), eq(contactCustomValues.customFieldId, fieldId)));
}

export async function deleteFieldValues(
  tx: Tx,
  tenantId: string,
  fieldId: string,
  contactIds: string[],
): Promise<void> {
  if (contactIds.length === 0) return;
  await tx
    .delete(contactCustomValues)
    .where(
      and(
        eq(contactCustomValues.tenantId, tenantId),
        eq(contactCustomValues.customFieldId, fieldId),
        inArray(contactCustomValues.contactId, contactIds),
      ),
    );
}

/** Sets (upserts) the given values of one contact. */
export async function upsertContactValues(
  tx: Tx,
  tenantId: string,
  contactId: string,
  values: { fieldId: string; value: string }[],
): Promise<void> {
  if (values.length === 0) return;
  const now = new Date();
  await tx
    .insert(contactCustomValues)
    .values(
      values.map(({ fieldId, value }) => ({ tenantId, contactId, customFieldId: fieldId, value, updatedAt: now })),
    )
    .onConflictDoUpdate({
      target: [contactCustomValues.tenantId, contactCustomValues.contactId, contactCustomValues.customFieldId],
      set: { value: sql`excluded.value`, updatedAt: now },
    });
}

/** Removes the given values of one contact (a value set to '' is no value). */
export async function deleteContactValues(tx: Tx, tenantId: string, contactId: string, fieldIds: string[]) {
  if (fieldIds.length === 0) return;
  await tx
    .delete(contactCustomValues)
    .where(
      and(
        eq(contactCustomValues.tenantId, tenantId),
        eq(contactCustomValues.contactId, contactId),
        inArray(contactCustomValues.customFieldId, fieldIds),
      ),
    );
}
