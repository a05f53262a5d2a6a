import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, staffReplyColumns, tenantForeignKey, tenantIdColumn, timestamps } from './columns.ts';
import { contacts } from './contacts.ts';

/**
 * A member's review of the studio (spec 3 §3 "Review": stars, reviewText, isReviewedOnGoogle): one per
 * member, changed in place; staff answer it (`reply`). `is_shown_on_website` is the member's consent.
 */
export const reviews = pgTable(
  'reviews',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    contactId: uuid('contact_id').notNull(),
    stars: smallint('stars').notNull(),
    reviewText: text('review_text').notNull().default(''),
    isReviewedOnGoogle: boolean('is_reviewed_on_google').notNull().default(false),
    isShownOnWebsite: boolean('is_shown_on_website').notNull().default(false),
    ...staffReplyColumns(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    tenantForeignKey(t.tenantId, t.contactId, contacts, 'reviews_contact_fk').onDelete('cascade'),
    uniqueIndex('reviews_contact_uq').on(t.tenantId, t.contactId),
    index('reviews_tenant_created_idx').on(t.tenantId, t.createdAt, t.id),
    check('reviews_stars_range', sql`${t.stars} between 1 and 5`),
  ],
);
