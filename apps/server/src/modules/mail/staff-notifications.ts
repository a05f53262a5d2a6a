import { normalizeSalesEmails } from '@atrium/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contacts, notificationSettings } from '../../db/schema/index.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import { enqueueEmail } from './outbox.ts';

// The notes the spec names for staff (2-settings.md §2, Settings > Users): Sales notifications (a
// sale, a course bought, an event registration, a recurring payment), Contact notifications (a new
// contact) and Program notifications (isNotifyPrograms). Each goes to the account's sales email list
// (Account settings, spec 2 §3 salesEmailList) and to the staff who switched that kind on, each
// address once (docs/decisions/campaigns.md "Staff notifications").

export type StaffNotice = 'sales' | 'contacts' | 'programs';

const SWITCH = {
  sales: notificationSettings.isNotifySales,
  contacts: notificationSettings.isNotifyContacts,
  programs: notificationSettings.isNotifyPrograms,
} as const;

/** Staff (admin, staff, front desk) who switched this kind of note on in Settings > Users: their emails. */
export async function staffOptedIn(tx: Tx, tenantId: string, kind: StaffNotice): Promise<string[]> {
  const rows = await tx
    .select({ email: contacts.email })
    .from(notificationSettings)
    .innerJoin(
      contacts,
      and(eq(contacts.tenantId, notificationSettings.tenantId), eq(contacts.id, notificationSettings.contactId)),
    )
    .where(
      and(
        eq(notificationSettings.tenantId, tenantId),
        eq(SWITCH[kind], true),
        inArray(contacts.role, ['admin', 'staff', 'frontdesk']),
        eq(contacts.isWalkin, false),
      ),
    );
  return rows.map((row) => row.email).filter((email) => email && !email.endsWith('.invalid'));
}

/** Who gets a note of this kind: every address of the sales email list, then the staff who opted in, each once. */
export async function staffNoticeRecipients(tx: Tx, tenant: TenantContext, kind: StaffNotice): Promise<string[]> {
  return normalizeSalesEmails([...tenant.settings.salesEmailList, ...(await staffOptedIn(tx, tenant.tenantId, kind))]);
}

/**
 * Writes the note to each recipient in the caller's transaction (sent after commit by the outbox).
 * Answers whether anything was written, so the caller may kick the outbox.
 */
export async function notifyStaff(
  tx: Tx,
  tenant: TenantContext,
  kind: StaffNotice,
  note: { subject: string; lines: string[] },
): Promise<boolean> {
  const recipients = await staffNoticeRecipients(tx, tenant, kind);
  for (const to of recipients) {
    await enqueueEmail(tx, tenant.tenantId, {
      to,
      subject: note.subject,
      text: [...note.lines, '', tenant.name].join('\n'),
    });
  }
  return recipients.length > 0;
}

/** The note of a new contact: who, their address, and how they came. */
export function newContactNote(contact: { name: string; lastName: string; email: string }, how: string) {
  const name = `${contact.name} ${contact.lastName}`.trim() || contact.email;
  return {
    subject: `New contact: ${name}`,
    lines: [`${name} (${contact.email}) was added to your contacts ${how}.`],
  };
}

/** Contacts a note of an import names one by one; the rest are counted. */
export const IMPORT_NOTE_NAMES = 20;

const contactsWord = (n: number) => `${n} new contact${n === 1 ? '' : 's'}`;

/**
 * The note of a contact import: one for the file, not one per contact (an import of hundreds would
 * send hundreds of notes to each address): who imported how many from which file, into which
 * category, what was left out, and the first IMPORT_NOTE_NAMES new contacts by name.
 */
export function importedContactsNote(contactImport: {
  by: string;
  fileName: string;
  categoryName: string;
  rows: number;
  rejected: number;
  added: { name: string; lastName: string; email: string }[];
}) {
  const { by, fileName, categoryName, rows, rejected, added } = contactImport;
  const from = fileName ? `from ${fileName}` : 'from a CSV file';
  const into = categoryName ? ` into the category ${categoryName}` : '';
  const names = added.slice(0, IMPORT_NOTE_NAMES).map((contact) => {
    const name = `${contact.name} ${contact.lastName}`.trim();
    return name ? `- ${name} (${contact.email})` : `- ${contact.email}`;
  });
  const more = added.length - names.length;
  return {
    subject: `Contacts imported: ${contactsWord(added.length)}`,
    lines: [
      `${by} imported ${contactsWord(added.length)} ${from}${into}.`,
      ...(rejected > 0
        ? [`The file had ${rows} row${rows === 1 ? '' : 's'}; ${rejected} left out (invalid, or already a contact).`]
        : []),
      '',
      ...names,
      ...(more > 0 ? [`- and ${more} more`] : []),
    ],
  };
}
