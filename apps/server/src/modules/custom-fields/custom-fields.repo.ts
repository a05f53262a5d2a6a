import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { hotRead, type Tx } from '../../db/client.ts';
import { customFields } from '../../db/schema/index.ts';

export type CustomFieldRow = typeof customFields.$inferSelect;
export type CustomFieldValues = Omit<typeof customFields.$inferInsert, 'tenantId' | 'id' | 'createdAt' | 'updatedAt'>;

/** The tenant's fields in list order: sequence, then name, then id (stable). */
const tenantFields = hotRead<CustomFieldRow>(
  (tx) =>
    tx
      .select()
      .from(customFields)
      .where(eq(customFields.tenantId, sql.placeholder('tenantId')))
      .orderBy(asc(customFields.sequence), asc(sql`lower(${customFields.name})`), asc(customFields.id)),
  'custom_fields_of_tenant',
);

export function findCustomFields(tx: Tx, tenantId: string): Promise<CustomFieldRow[]> {
  return tenantFields(tx, { tenantId });
}

export async function findCustomField(tx: Tx, tenantId: string, id: string): Promise<CustomFieldRow | undefined> {
  const [row] = await tx
    .select()
    .from(customFields)
    .where(and(eq(customFields.tenantId, tenantId), eq(customFields.id, id)));
  return row;
}

/** Whether another field of the tenant already has this tag. */
export async function tagTaken(tx: Tx, tenantId: string, tag: string, exceptId?: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: customFields.id })
    .from(customFields)
    .where(
      and(
        eq(customFields.tenantId, tenantId),
        eq(customFields.tag, tag),
        exceptId ? ne(customFields.id, exceptId) : undefined,
      ),
    );
  return row !== undefined;
}

/** The sequence after the tenant's last field (0 for the first). */
export async function nextSequence(tx: Tx, tenantId: string): Promise<number> {
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${customFields.sequence}) + 1, 0)::int` })
    .from(customFields)
    .where(eq(customFields.tenantId, tenantId));
  return row?.next ?? 0;
}

export async function insertCustomField(tx: Tx, tenantId: string, values: CustomFieldValues): Promise<CustomFieldRow> {
  const [row] = await tx
    .insert(customFields)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('custom field insert returned nothing');
  return row;
}

export async function updateCustomField(
  tx: Tx,
  tenantId: string,
  id: string,
  values: Partial<CustomFieldValues>,
): Promise<CustomFieldRow | undefined> {
  const [row] = await tx
    .update(customFields)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(customFields.tenantId, tenantId), eq(customFields.id, id)))
    .returning();
  return row;
}

/** Deletes the field; its contact values go with it (foreign key cascade). */
export async function deleteCustomField(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(customFields)
    .where(and(eq(customFields.tenantId, tenantId), eq(customFields.id, id)))
    .returning({ id: customFields.id });
  return rows.length > 0;
}
