import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contacts, passwordResets } from '../../db/schema/index.ts';

/**
 * Verification links share the one-time link table with password links (password_resets) but are
 * stored as `verify:{sha256}`: the reset call looks tokens up by the bare hex hash, so a
 * verification token can never set a password, nor a password token verify an address.
 */
export const verificationHash = (tokenHash: string) => `verify:${tokenHash}`;

export async function insertOneTimeLink(
  tx: Tx,
  tenantId: string,
  values: { contactId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await tx.insert(passwordResets).values({ ...values, tenantId });
}

/** How many one-time links (password or verification) the contact was sent since `since`. */
export async function countLinksSince(tx: Tx, tenantId: string, contactId: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tenantId, tenantId),
        eq(passwordResets.contactId, contactId),
        gt(passwordResets.createdAt, since),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Claims an unused, unexpired verification link and marks the contact's email verified; null when none. */
export async function consumeVerification(tx: Tx, tenantId: string, tokenHash: string): Promise<string | null> {
  const [link] = await tx
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResets.tenantId, tenantId),
        eq(passwordResets.tokenHash, verificationHash(tokenHash)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, sql`now()`),
      ),
    )
    .returning({ contactId: passwordResets.contactId });
  if (!link) return null;
  await tx
    .update(contacts)
    .set({ isEmailVerified: true, updatedAt: new Date() })
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.id, link.contactId)));
  return link.contactId;
}
