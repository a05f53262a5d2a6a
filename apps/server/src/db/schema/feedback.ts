import { foreignKey, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { contacts } from './contacts.ts';
import { tenants } from './tenants.ts';

/**
 * A member's feedback to the studio (spec 3 §3 "Feedback": message, name, picture, contactId,
 * updatedAt; the name and picture are the contact's). A member may send many; staff answer one by
 * email (`reply`, kept so the list shows it was answered).
 */
export const feedback = pgTable(
  'feedback',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull().defaultRandom(),
    contactId: uuid('contact_id').notNull(),
    message: text('message').notNull(),
    reply: text('reply').notNull().default(''),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedByName: text('replied_by_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    foreignKey({
      name: 'feedback_contact_fk',
      columns: [t.tenantId, t.contactId],
      foreignColumns: [contacts.tenantId, contacts.id],
    }).onDelete('cascade'),
    index('feedback_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    index('feedback_contact_idx').on(t.tenantId, t.contactId),
  ],
);
