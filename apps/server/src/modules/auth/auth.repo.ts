import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contacts, passwordResets, refreshTokens } from '../../db/schema/index.ts';

export type ContactRow = typeof contacts.$inferSelect;

export async function findContactByEmail(tx: Tx, tenantId: string, email: string): Promise<ContactRow | null> {
  const [row] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.email, email.toLowerCase())))
    .limit(1);
  return row ?? null;
}

export async function findContactById(tx: Tx, tenantId: string, id: string): Promise<ContactRow | null> {
  const [row] = await tx
    .select()
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, id)))
    .limit(1);
  return row ?? null;
}

export async function recordLogin(tx: Tx, tenantId: string, contactId: string): Promise<void> {
  await tx
    .update(contacts)
    .set({ lastLoginAt: new Date(), isFirstLogin: false })
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)));
}

export async function setPasswordHash(tx: Tx, tenantId: string, contactId: string, passwordHash: string) {
  await tx
    .update(contacts)
    .set({ passwordHash, updatedAt: new Date() })
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, contactId)));
}

export async function insertRefreshToken(
  tx: Tx,
  tenantId: string,
  values: { contactId: string; familyId: string; tokenHash: string; expiresAt: Date },
) {
  await tx.insert(refreshTokens).values({ ...values, tenantId });
}

export async function findRefreshToken(tx: Tx, tenantId: string, tokenHash: string) {
  const [row] = await tx
    .select()
    .from(refreshTokens)
    .where(and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.tokenHash, tokenHash)))
    .limit(1);
  return row ?? null;
}

/** Marks a token used; false when another request used it first (so this one is a reuse). */
export async function claimRefreshToken(tx: Tx, tenantId: string, id: string): Promise<boolean> {
  const claimed = await tx
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return claimed.length === 1;
}

export async function revokeFamily(tx: Tx, tenantId: string, familyId: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`coalesce(${refreshTokens.revokedAt}, now())` })
    .where(and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.familyId, familyId)));
}

export async function revokeAllSessions(tx: Tx, tenantId: string, contactId: string): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`coalesce(${refreshTokens.revokedAt}, now())` })
    .where(and(eq(refreshTokens.tenantId, tenantId), eq(refreshTokens.contactId, contactId)));
}

export async function insertPasswordReset(
  tx: Tx,
  tenantId: string,
  values: { contactId: string; tokenHash: string; expiresAt: Date },
) {
  await tx.insert(passwordResets).values({ ...values, tenantId });
}

/** The reset token's row while it is unused and unexpired. */
const liveReset = (tenantId: string, tokenHash: string) =>
  and(
    eq(passwordResets.tenantId, tenantId),
    eq(passwordResets.tokenHash, tokenHash),
    isNull(passwordResets.usedAt),
    gt(passwordResets.expiresAt, new Date()),
  );

/** True when the reset token is unused and unexpired (nothing is claimed). */
export async function isPasswordResetLive(tx: Tx, tenantId: string, tokenHash: string): Promise<boolean> {
  const rows = await tx
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(liveReset(tenantId, tokenHash))
    .limit(1);
  return rows.length > 0;
}

/** Claims an unused, unexpired reset token; null when there is none. */
export async function claimPasswordReset(tx: Tx, tenantId: string, tokenHash: string) {
  const [row] = await tx
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(liveReset(tenantId, tokenHash))
    .returning();
  return row ?? null;
}

/** Ends every login session of the contact except `keepFamilyId` (the one changing the password). */
export async function revokeOtherSessions(tx: Tx, tenantId: string, contactId: string, keepFamilyId: string) {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: sql`coalesce(${refreshTokens.revokedAt}, now())` })
    .where(
      and(
        eq(refreshTokens.tenantId, tenantId),
        eq(refreshTokens.contactId, contactId),
        ne(refreshTokens.familyId, keepFamilyId),
      ),
    );
}
