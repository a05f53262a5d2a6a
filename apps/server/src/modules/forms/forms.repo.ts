import { and, asc, count, desc, eq, inArray, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contacts, customFields, customForms, formSubmissions } from '../../db/schema/index.ts';

export type CustomFormRow = typeof customForms.$inferSelect;
export type CustomFormValues = Omit<typeof customForms.$inferInsert, 'tenantId' | 'id' | 'createdAt' | 'updatedAt'>;
export type FormFieldRow = typeof customFields.$inferSelect;
export type SubmissionRow = typeof formSubmissions.$inferSelect;
export type NewSubmission = Omit<typeof formSubmissions.$inferInsert, 'tenantId' | 'id' | 'createdAt'>;

export function findForms(tx: Tx, tenantId: string, filter: { type?: string; published?: boolean } = {}) {
  return tx
    .select({
      form: customForms,
      submissions: sql<number>`(select count(*)::int from ${formSubmissions} s where s.tenant_id = ${customForms.tenantId} and s.form_id = ${customForms.id})`,
    })
    .from(customForms)
    .where(
      and(
        eq(customForms.tenantId, tenantId),
        filter.type ? eq(customForms.formType, filter.type as CustomFormRow['formType']) : undefined,
        filter.published === undefined ? undefined : eq(customForms.isPublished, filter.published),
      ),
    )
    .orderBy(asc(sql`lower(${customForms.name})`), asc(customForms.id));
}

export async function findForm(tx: Tx, tenantId: string, id: string): Promise<CustomFormRow | undefined> {
  const [row] = await tx
    .select()
    .from(customForms)
    .where(and(eq(customForms.tenantId, tenantId), eq(customForms.id, id)));
  return row;
}

/** The form row locked for a whole-form save (two saves of one form run one after the other). */
export async function lockForm(tx: Tx, tenantId: string, id: string): Promise<CustomFormRow | undefined> {
  const [row] = await tx
    .select()
    .from(customForms)
    .where(and(eq(customForms.tenantId, tenantId), eq(customForms.id, id)))
    .for('update');
  return row;
}

export async function insertForm(tx: Tx, tenantId: string, values: CustomFormValues): Promise<CustomFormRow> {
  const [row] = await tx
    .insert(customForms)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('form insert returned nothing');
  return row;
}

export async function updateForm(tx: Tx, tenantId: string, id: string, values: CustomFormValues) {
  const [row] = await tx
    .update(customForms)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(customForms.tenantId, tenantId), eq(customForms.id, id)))
    .returning();
  return row;
}

export async function deleteForm(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(customForms)
    .where(and(eq(customForms.tenantId, tenantId), eq(customForms.id, id)))
    .returning({ id: customForms.id });
  return rows.length > 0;
}

export function findFormFields(tx: Tx, tenantId: string, formIds: string[]): Promise<FormFieldRow[]> {
  if (formIds.length === 0) return Promise.resolve([]);
  return tx
    .select()
    .from(customFields)
    .where(and(eq(customFields.tenantId, tenantId), inArray(customFields.formId, formIds)))
    .orderBy(asc(customFields.sequence), asc(customFields.id));
}

/** Removes the form's fields not in `keep` (their contact values go with them). */
export async function deleteFieldsExcept(tx: Tx, tenantId: string, formId: string, keep: string[]) {
  await tx
    .delete(customFields)
    .where(
      and(
        eq(customFields.tenantId, tenantId),
        eq(customFields.formId, formId),
        keep.length > 0 ? notInArray(customFields.id, keep) : undefined,
      ),
    );
}

export type FieldValues = Omit<typeof customFields.$inferInsert, 'tenantId' | 'createdAt' | 'updatedAt'>;

export async function upsertFormField(tx: Tx, tenantId: string, values: FieldValues): Promise<void> {
  const { id, tag, ...rest } = values;
  if (id) {
    await tx
      .update(customFields)
      .set({ ...rest, updatedAt: new Date() })
      .where(and(eq(customFields.tenantId, tenantId), eq(customFields.id, id)));
  } else {
    await tx.insert(customFields).values({ ...rest, tag, tenantId });
  }
}

/** The tenant's own contact fields (not those of a form): the Custom Fields screen. */
export const tenantFieldFilter = isNull(customFields.formId);

/** A contact by email (lower-cased), created when missing; concurrent calls for one email get one row. */
export async function ensureContactByEmail(
  tx: Tx,
  tenantId: string,
  values: { email: string; name: string; lastName: string; phone: string },
): Promise<{ id: string; created: boolean }> {
  const email = values.email.toLowerCase();
  const inserted = await tx
    .insert(contacts)
    .values({
      tenantId,
      email,
      name: values.name,
      lastName: values.lastName,
      phone: values.phone,
      role: 'student',
      source: 'form',
      passwordHash: null,
    })
    .onConflictDoNothing({ target: [contacts.tenantId, contacts.email] })
    .returning({ id: contacts.id });
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const [row] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.email, email)));
  if (!row) throw new Error('contact by email vanished');
  return { id: row.id, created: false };
}

export async function updateContactFromForm(
  tx: Tx,
  tenantId: string,
  id: string,
  changes: Partial<typeof contacts.$inferInsert>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await tx
    .update(contacts)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, id)));
}

export async function insertSubmission(tx: Tx, tenantId: string, values: NewSubmission): Promise<SubmissionRow> {
  const [row] = await tx
    .insert(formSubmissions)
    .values({ ...values, tenantId })
    .returning();
  if (!row) throw new Error('submission insert returned nothing');
  return row;
}

export async function findSubmission(tx: Tx, tenantId: string, id: string): Promise<SubmissionRow | undefined> {
  const [row] = await tx
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.tenantId, tenantId), eq(formSubmissions.id, id)));
  return row;
}

export function findContactSubmissions(tx: Tx, tenantId: string, contactId: string): Promise<SubmissionRow[]> {
  return tx
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.tenantId, tenantId), eq(formSubmissions.contactId, contactId)))
    .orderBy(desc(formSubmissions.signedAt), desc(formSubmissions.id));
}

export async function setSubmissionDocument(
  tx: Tx,
  tenantId: string,
  id: string,
  change: { status: SubmissionRow['status']; documentKey?: string | null; fileHash?: string | null },
): Promise<void> {
  await tx
    .update(formSubmissions)
    .set(change)
    .where(and(eq(formSubmissions.tenantId, tenantId), eq(formSubmissions.id, id)));
}

/** The contact's latest waiver that counts as theirs (signed in as them, or confirmed from their email), if any. */
export async function findLatestWaiver(tx: Tx, tenantId: string, contactId: string) {
  const [row] = await tx
    .select({ signedAt: formSubmissions.signedAt })
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.tenantId, tenantId),
        eq(formSubmissions.contactId, contactId),
        eq(formSubmissions.formType, 'WAIVER'),
        isNotNull(formSubmissions.confirmedAt),
      ),
    )
    .orderBy(desc(formSubmissions.signedAt))
    .limit(1);
  return row;
}

export async function countSubmissions(tx: Tx, tenantId: string, formId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.tenantId, tenantId), eq(formSubmissions.formId, formId)));
  return row?.n ?? 0;
}

/** The submission an emailed confirmation link names (by its token's hash), locked until the confirmation commits. */
export async function lockSubmissionByConfirmToken(
  tx: Tx,
  tenantId: string,
  tokenHash: string,
): Promise<SubmissionRow | undefined> {
  const [row] = await tx
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.tenantId, tenantId), eq(formSubmissions.confirmTokenHash, tokenHash)))
    .for('update');
  return row;
}

export async function setSubmissionConfirmation(
  tx: Tx,
  tenantId: string,
  id: string,
  change: Partial<Pick<SubmissionRow, 'confirmedAt' | 'confirmTokenHash' | 'confirmExpiresAt'>>,
): Promise<void> {
  await tx
    .update(formSubmissions)
    .set(change)
    .where(and(eq(formSubmissions.tenantId, tenantId), eq(formSubmissions.id, id)));
}
