import { z } from 'zod';
import { ContactTag, TAG_MAX_LENGTH, TAGS_MAX } from './contacts.ts';

// The tags and categories registry (spec 3 §7.4: GET /rest/tag?type=tag, POST /rest/tag, PUT /rest/contactTag;
// the import's categoryId). Tags live on the contacts (text[]); categories file contact imports.

export const TAG_TYPES = ['tag', 'category'] as const;
export const TagType = z.enum(TAG_TYPES);
export type TagType = z.infer<typeof TagType>;

/** How many tags and categories a tenant may register ahead of use (they live in the tenant's settings). */
export const REGISTERED_TAGS_MAX = 500;

export const TagListQuery = z.object({ type: TagType.default('tag') });

/** A registry name: trimmed, 1 to 40 characters (the contact tag rule), unique in any case. */
export const TagName = z
  .string()
  .trim()
  .min(1, 'name is required')
  .max(TAG_MAX_LENGTH, `name must be at most ${TAG_MAX_LENGTH} characters`);

export const TagCreate = z.object({ name: TagName, type: TagType.default('tag') });
export type TagCreate = z.input<typeof TagCreate>;

/**
 * One entry of the registry. A tag's id is its name lower-cased (tags are matched in any case);
 * a category's id is a uuid (the import's `categoryId`). `count`: contacts carrying the tag, or
 * imports filed under the category.
 */
export const TagEntry = z.object({ id: z.string(), name: z.string(), type: TagType, count: z.number().int() });
export type TagEntry = z.infer<typeof TagEntry>;

/** Adds or removes tags on many contacts at once (all or nothing). */
export const ContactTagBulkRequest = z.object({
  contacts: z.array(z.uuid('contacts must be contact ids')).min(1, 'contacts must name at least one contact').max(500),
  tags: z.array(ContactTag).min(1, 'tags must name at least one tag').max(TAGS_MAX),
  action: z.enum(['add', 'remove']).default('add'),
});
export type ContactTagBulkRequest = z.input<typeof ContactTagBulkRequest>;
export const ContactTagBulkResponse = z.object({ updated: z.number().int() });

export const TAG_NAME_TAKEN = 'A tag with this name already exists.';
export const CATEGORY_NAME_TAKEN = 'A category with this name already exists.';
export const UNKNOWN_CATEGORY = 'categoryId must name a contact category of this organisation.';
