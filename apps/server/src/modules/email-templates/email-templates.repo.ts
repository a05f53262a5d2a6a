import { and, desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contactCustomValues, customFields, emailTemplates } from '../../db/schema/index.ts';

export type EmailTemplateRow = typeof emailTemplates.$inferSelect;
export interface EmailTemplateValues {
  name: string;
  subject: string;
  template: string;
  systemKey: string | null;
}

/** The tenant's templates, newest first (the list pages them on the client: 5 a page). */
export function listTemplateRows(tx: Tx, tenantId: string): Promise<EmailTemplateRow[]> {
  return tx
    .select()
    .from(emailTemplates)
    .where(eq(emailTemplates.tenantId, tenantId))
    .orderBy(desc(emailTemplates.createdAt), desc(emailTemplates.id));
}

export async function findTemplateRow(tx: Tx, tenantId: string, id: string): Promise<EmailTemplateRow | null> {
  const [row] = await tx
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.tenantId, tenantId), eq(emailTemplates.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findSystemTemplateRow(
  tx: Tx,
  tenantId: string,
  systemKey: string,
): Promise<EmailTemplateRow | null> {
  const [row] = await tx
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.tenantId, tenantId), eq(emailTemplates.systemKey, systemKey)))
    .limit(1);
  return row ?? null;
}

export async function insertTemplateRow(tx: Tx, tenantId: string, values: EmailTemplateValues) {
  const [row] = await tx
    .insert(emailTemplates)
    .values({ tenantId, ...values })
    .returning();
  return row as EmailTemplateRow;
}

export async function updateTemplateRow(
  tx: Tx,
  tenantId: string,
  id: string,
  values: EmailTemplateValues,
): Promise<EmailTemplateRow | null> {
  const [row] = await tx
    .update(emailTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(emailTemplates.tenantId, tenantId), eq(emailTemplates.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteTemplateRow(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(emailTemplates)
    .where(and(eq(emailTemplates.tenantId, tenantId), eq(emailTemplates.id, id)))
    .returning({ id: emailTemplates.id });
  return rows.length > 0;
}

/** A contact's custom-field values by tag (empty for the fields they have not filled). */
export async function contactCustomTagValues(
  tx: Tx,
  tenantId: string,
  contactId: string,
): Promise<Record<string, string>> {
  const rows = await tx
    .select({ tag: customFields.tag, value: contactCustomValues.value })
    .from(contactCustomValues)
    .innerJoin(
      customFields,
      and(
        eq(customFields.tenantId, contactCustomValues.tenantId),
        eq(customFields.id, contactCustomValues.customFieldId),
      ),
    )
    .where(and(eq(contactCustomValues.tenantId, tenantId), eq(contactCustomValues.contactId, contactId)));
  return Object.fromEntries(rows.map((row) => [row.tag, row.value]));
}
