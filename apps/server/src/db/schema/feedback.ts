import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, staffReplyColumns, tenantForeignKey, tenantIdColumn, timestamps } from './columns.ts';
import { contacts } from './contacts.ts';

/**
 * A member's feedback to the studio (spec 3 §3 "Feedback": message, name, picture, contactId,
 * updatedAt; the name and picture are the contact's). A member may send many; staff answer one by
 * email (`reply`, kept so the list shows it was answered).
 */
export const feedback = pgTable(
  'feedback',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    contactId: uuid('contact_id').notNull(),
    message: text('message').notNull(),
    ...staffReplyColumns(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    tenantForeignKey(t.tenantId, t.contactId, contacts, 'feedback_contact_fk').onDelete('cascade'),
    index('feedback_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('feedback_contact_idx').on(t.tenantId, t.contactId),
  ],
);
