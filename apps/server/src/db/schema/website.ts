import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAtColumn, idColumn, tenantForeignKey, tenantIdColumn, timestamps } from './columns.ts';

/** A page's content at one moment: its draft. */
export interface PageContentSnapshot {
  unhtml: string;
  css: string;
  unjson: unknown;
  header: string;
  subHeader: string;
  savedAt: string;
}

/** Spec 3 §3 "Website page". */
export const websitePages = pgTable(
  'website_pages',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    header: text('header').notNull().default(''),
    subHeader: text('sub_header').notNull().default(''),
    footer: text('footer').notNull().default(''),
    headerColor: text('header_color'),
    sequence: integer('sequence').notNull().default(0),
    isExternalLink: boolean('is_external_link').notNull().default(false),
    externalLink: text('external_link'),
    isShowNavigation: boolean('is_show_navigation').notNull().default(true),
    isShowFooter: boolean('is_show_footer').notNull().default(true),
    isPublished: boolean('is_published').notNull().default(false),
    /** Published by turning its module on (not by the owner): turning the module off takes it back. */
    publishedByModule: boolean('published_by_module').notNull().default(false),
    unhtml: text('unhtml').notNull().default(''),
    css: text('css').notNull().default(''),
    unjson: jsonb('unjson'),
    /** The designer's work in progress (Save draft); visitors see the columns above until it is published. */
    draft: jsonb('draft').$type<PageContentSnapshot>(),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('website_pages_tenant_name_uq').on(t.tenantId, t.name),
    uniqueIndex('website_pages_tenant_url_uq').on(t.tenantId, t.url),
  ],
);

/**
 * An address a page used to have: visitors and search engines following it are sent on to the
 * page's address now (301). The page's own deletion removes its old addresses.
 */
export const websitePageRedirects = pgTable(
  'website_page_redirects',
  {
    tenantId: tenantIdColumn(),
    fromUrl: text('from_url').notNull(),
    pageId: uuid('page_id').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.fromUrl] }),
    tenantForeignKey(t.tenantId, t.pageId, websitePages).onDelete('cascade'),
  ],
);

/** A published version of a page (the last 20 per page are kept), restorable as the draft. */
export const websitePageVersions = pgTable(
  'website_page_versions',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    pageId: uuid('page_id').notNull(),
    unhtml: text('unhtml').notNull().default(''),
    css: text('css').notNull().default(''),
    unjson: jsonb('unjson'),
    header: text('header').notNull().default(''),
    subHeader: text('sub_header').notNull().default(''),
    /** Who published it: the contact id, and the name as it was then (kept if the person leaves). */
    publishedBy: uuid('published_by'),
    publishedByName: text('published_by_name').notNull().default(''),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('website_page_versions_page_idx').on(t.tenantId, t.pageId, t.publishedAt),
    tenantForeignKey(t.tenantId, t.pageId, websitePages).onDelete('cascade'),
  ],
);

/** Spec 3 §3 "Website template": a saved page design. A master's templates are shared read-only with its franchises. */
export const websiteTemplates = pgTable(
  'website_templates',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    pageType: text('page_type').notNull().default('others'),
    thumbnail: text('thumbnail'),
    unhtml: text('unhtml').notNull().default(''),
    css: text('css').notNull().default(''),
    unjson: jsonb('unjson'),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** Uploaded images and videos (spec 3 §2.5 file upload, §9: 10 MB at most), stored by storageKey. */
export const mediaFiles = pgTable(
  'media_files',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);
