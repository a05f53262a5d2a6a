import { formatMoney } from '@atrium/contracts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';
import type { Authenticated } from '../../lib/guards.ts';
import { notifyStaff } from '../mail/staff-notifications.ts';
import { currencyOf } from './catalogue-rules.ts';
import type { ItemRow } from './items.repo.ts';

// Product notifications, "changes to any product" (spec 2 §2, Settings > Users, isNotifyPrograms): a
// product or service fee added, changed, archived or restored by staff is told to the account's sales
// email list and the staff who switched them on (docs/decisions/campaigns.md "Staff notifications").

/** What a note tells of a change; other fields (description, image, category, tax, SKU) are named only. */
const OTHER_FIELDS: [keyof ItemRow, string][] = [
  ['description', 'description'],
  ['imageId', 'image'],
  ['categoryId', 'category'],
  ['isTaxable', 'tax'],
  ['isChargeCreditCardFees', 'card fee'],
  ['supplierId', 'supplier'],
  ['sku', 'SKU'],
];

const stockWords = (stock: number | null) => (stock === null ? 'not counted' : String(stock));

/** The lines of a change from `before` to `after`: empty when nothing a note tells of changed. */
export function productChangeLines(before: ItemRow, after: ItemRow, currency: string): string[] {
  const lines: string[] = [];
  if (before.name !== after.name) lines.push(`Name: was ${before.name}, now ${after.name}`);
  if (before.priceMinor !== after.priceMinor) {
    lines.push(
      `Price: was ${formatMoney(before.priceMinor, currency)}, now ${formatMoney(after.priceMinor, currency)}`,
    );
  }
  if (before.stock !== after.stock)
    lines.push(`Stock: was ${stockWords(before.stock)}, now ${stockWords(after.stock)}`);
  if (before.isVisible !== after.isVisible) {
    lines.push(after.isVisible ? 'Now shown in the store.' : 'Now hidden from the store.');
  }
  if (before.isArchived !== after.isArchived) {
    lines.push(after.isArchived ? 'Archived: no longer for sale.' : 'Restored: for sale again.');
  }
  const others = OTHER_FIELDS.filter(([field]) => before[field] !== after[field]).map(([, words]) => words);
  if (others.length > 0) lines.push(`Also changed: ${others.join(', ')}.`);
  return lines;
}

async function staffName(tx: Tx, actor: Authenticated): Promise<string> {
  const [row] = await tx
    .select({ name: contacts.name, lastName: contacts.lastName, email: contacts.email })
    .from(contacts)
    .where(and(eq(contacts.tenantId, actor.tenant.tenantId), eq(contacts.id, actor.auth.sub)));
  return row ? `${row.name} ${row.lastName}`.trim() || row.email : 'A staff member';
}

/**
 * Writes the note of a product added (`before` undefined) or changed, in the caller's transaction (sent by the
 * outbox's sweep). A save that changed nothing a note tells of sends nothing.
 */
export async function noteProductChange(
  tx: Tx,
  actor: Authenticated,
  before: ItemRow | undefined,
  after: ItemRow,
): Promise<void> {
  const currency = currencyOf(actor.tenant);
  const what = after.kind === 'service' ? 'Service fee' : 'Product';
  const by = await staffName(tx, actor);
  if (!before) {
    await notifyStaff(tx, actor.tenant, 'programs', {
      subject: `${what} added: ${after.name}`,
      lines: [
        `${by} added ${after.name} to ${after.categoryName}: ${formatMoney(after.priceMinor, currency)}, stock ${stockWords(after.stock)}${after.isVisible ? '' : ', hidden from the store'}.`,
      ],
    });
    return;
  }
  const lines = productChangeLines(before, after, currency);
  if (lines.length === 0) return;
  const verb =
    !before.isArchived && after.isArchived
      ? 'archived'
      : before.isArchived && !after.isArchived
        ? 'restored'
        : 'changed';
  await notifyStaff(tx, actor.tenant, 'programs', {
    subject: `${what} ${verb}: ${after.name}`,
    lines: [`${by} ${verb} ${after.name}.`, ...lines],
  });
}
