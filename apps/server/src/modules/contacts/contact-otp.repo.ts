import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contactOtps, contacts } from '../../db/schema/index.ts';

export type OtpRow = typeof contactOtps.$inferSelect;

/** Stores a new code (its hash) and closes every earlier unused code of the contact. */
export async function replaceOtp(
  tx: Tx,
  tenantId: string,
  values: { contactId: string; codeHash: string; expiresAt: Date },
): Promise<void> {
  await tx
    .update(contactOtps)
    .set({ usedAt: new Date() })
    .where(
      and(eq(contactOtps.tenantId, tenantId), eq(contactOtps.contactId, values.contactId), isNull(contactOtps.usedAt)),
    );
  await tx.insert(contactOtps).values({ ...values, tenantId, purpose: 'verify_email' });
}

/** How many codes the contact was sent since `since` (they count with the account emails' limit). */
export async function countOtpsSince(tx: Tx, tenantId: string, contactId: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(contactOtps)
    .where(
      and(eq(contactOtps.tenantId, tenantId), eq(contactOtps.contactId, contactId), gt(contactOtps.createdAt, since)),
    );
  return Number(row?.n ?? 0);
}

/** The contact's newest unused code, locked for this transaction (two guesses cannot share an attempt). */
export async function lockLatestOtp(tx: Tx, tenantId: string, contactId: string): Promise<OtpRow | null> {
  const [row] = await tx
    .select()
    .from(contactOtps)
    .where(
      and(
        eq(contactOtps.tenantId, tenantId),
        eq(contactOtps.contactId, contactId),
        eq(contactOtps.purpose, 'verify_email'),
        isNull(contactOtps.usedAt),
      ),
    )
    .orderBy(desc(contactOtps.createdAt))
    .limit(1)
    .for('update');
  return row ?? null;
}

/** Counts one try; `used` closes the code (the right code was given). */
export async function recordOtpAttempt(tx: Tx, tenantId: string, id: string, used: boolean): Promise<void> {
  await tx
    .update(contactOtps)
    .set({ attempts: sql`${contactOtps.attempts} + 1`, ...(used ? { usedAt: new Date() } : {}) })
    .where(and(eq(contactOtps.tenantId, tenantId), eq(contactOtps.id, id)));
}

export async function markEmailVerified(tx: Tx, tenantId: string, contactId: string): Promise<void> {
  await tx
    .update(contacts)
    .set({ isEmailVerified: true, updatedAt: new Date() })
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)));
}
