import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, tenantForeignKey, tenantIdColumn, timestamps } from './columns.ts';
import { contacts } from './contacts.ts';
import { customForms } from './forms.ts';

/**
 * Spec 2 §3 "Custom field": a field the tenant adds to its contacts (and later to forms and email
 * templates, where `{{tag}}` stands for its value). The tag is unique within the tenant.
 */
export const customFields = pgTable(
  'custom_fields',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    type: text('type', {
      enum: ['text', 'number', 'textarea', 'checkbox', 'radio', 'header', 'dropdown', 'email'],
    }).notNull(),
    /** The form this field belongs to (issue 13); null for the tenant's contact fields. */
    formId: uuid('form_id'),
    /** A form field's phone flag (spec 3 "Custom field within a form": phonenumber). */
    isPhone: boolean('is_phone').notNull().default(false),
    name: text('name').notNull(),
    tag: text('tag').notNull(),
    /** The spec's `fieldName`: the description shown with the field. */
    fieldName: text('field_name').notNull().default(''),
    /** The spec's `placeholder`: the help text. */
    placeholder: text('placeholder').notNull().default(''),
    text: text('text').notNull().default(''),
    isMandatory: boolean('is_mandatory').notNull().default(false),
    isFormField: boolean('is_form_field').notNull().default(false),
    /** option1..option6 of radio and dropdown fields, in order. */
    options: text('options').array().notNull().default(sql`'{}'::text[]`),
    sequence: integer('sequence').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    uniqueIndex('custom_fields_tenant_tag_uq').on(t.tenantId, t.tag),
    index('custom_fields_tenant_sequence_idx').on(t.tenantId, t.sequence),
    index('custom_fields_tenant_form_idx').on(t.tenantId, t.formId, t.sequence),
    tenantForeignKey(t.tenantId, t.formId, customForms, 'custom_fields_form_fk').onDelete('cascade'),
  ],
);

/** A contact's value of one custom field (checkbox values are 'true'/'false'). */
export const contactCustomValues = pgTable(
  'contact_custom_values',
  {
    tenantId: tenantIdColumn(),
    contactId: uuid('contact_id').notNull(),
    customFieldId: uuid('custom_field_id').notNull(),
    value: text('value').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.contactId, t.customFieldId] }),
    index('contact_custom_values_tenant_field_idx').on(t.tenantId, t.customFieldId),
    tenantForeignKey(t.tenantId, t.contactId, contacts, 'contact_custom_values_contact_fk').onDelete('cascade'),
    tenantForeignKey(t.tenantId, t.customFieldId, customFields, 'contact_custom_values_field_fk').onDelete('cascade'),
  ],
);

/**
 * Spec 2 §3 "notification record": which platform emails a staff user receives. No record means
 * every switch is off (the spec's "false when no notification record").
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    tenantId: tenantIdColumn(),
    contactId: uuid('contact_id').notNull(),
    isNotifySales: boolean('is_notify_sales').notNull().default(false),
    isNotifyContacts: boolean('is_notify_contacts').notNull().default(false),
    isNotifyPrograms: boolean('is_notify_programs').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.contactId] }),
    tenantForeignKey(t.tenantId, t.contactId, contacts, 'notification_settings_contact_fk').onDelete('cascade'),
  ],
);

/**
 * Spec 2 §3 "Email template": a named subject and HTML body with `{{tag}}` placeholders (standard
 * tags and custom-field tags). A template whose `systemKey` names a platform email shapes that email.
 */
export const emailTemplates = pgTable(
  'email_templates',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    template: text('template').notNull(),
    /** Which platform email this template replaces (e.g. 'password_reset'), or null for a free template. */
    systemKey: text('system_key'),
    ...timestamps(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.id] }),
    index('email_templates_tenant_created_idx').on(t.tenantId, t.createdAt),
    uniqueIndex('email_templates_tenant_system_key_uq')
      .on(t.tenantId, t.systemKey)
      .where(sql`${t.systemKey} is not null`),
  ],
);

/** Spec 2 §3 "Widget": an embeddable piece of the public site (announcement, event lists, a link). */
export const widgets = pgTable(
  'widgets',
  {
    tenantId: tenantIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    type: text('type', {
      enum: ['Announcement', 'Event Sidebar', 'Event List', 'Past Event List', 'Link'],
    }).notNull(),
    /** The spec's `misc`: the widget's url. */
    misc: text('misc').notNull().default(''),
    width: integer('width'),
    height: integer('height'),
    isPublished: boolean('is_published').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] }), index('widgets_tenant_name_idx').on(t.tenantId, t.name)],
);
