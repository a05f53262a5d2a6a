import { randomUUID } from 'node:crypto';
import {
  CATEGORY_NAME_TAKEN,
  type ContactTagBulkRequest,
  normaliseTags,
  REGISTERED_TAGS_MAX,
  TAG_NAME_TAKEN,
  TAGS_MAX,
  type TagCreate,
  type TagEntry,
  type TagType,
  UNKNOWN_CATEGORY,
} from '@atrium/contracts';
import type { z } from 'zod';
import { type Db, withTenant } from '../../db/client.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { TenantContext } from '../../lib/tenant-context.ts';
import type { Platform } from '../../platform.ts';
import { findContactsByIds } from './contact-records.repo.ts';
import {
  addTags,
  appendRegistryEntry,
  countImportsByCategory,
  countTagsInUse,
  readRegistry,
  removeTags,
  tagInUse,
} from './contact-tags.repo.ts';

const byName = (a: TagEntry, b: TagEntry) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/**
 * GET /rest/tag?type=: the tenant's tags (every tag some contact carries, with how many, plus tags
 * created ahead of use) or its contact categories (with how many imports each filed), by name.
 */
export async function listRegistry(db: Db, tenant: TenantContext, type: TagType): Promise<TagEntry[]> {
  const registry = await readRegistry(db, tenant.tenantId);
  if (type === 'category') {
    const counts = await withTenant(db, tenant.tenantId, (tx) => countImportsByCategory(tx, tenant.tenantId));
    return registry.categories
      .map((category) => ({ ...category, type, count: counts.get(category.id) ?? 0 }))
      .sort(byName);
  }
  const inUse = await withTenant(db, tenant.tenantId, (tx) => countTagsInUse(tx, tenant.tenantId));
  const entries = new Map<string, TagEntry>();
  for (const name of registry.tags) entries.set(name.toLowerCase(), { id: name.toLowerCase(), name, type, count: 0 });
  for (const { name, count } of inUse) {
    const id = name.toLowerCase();
    entries.set(id, { id, name: entries.get(id)?.name ?? name, type, count });
  }
  return [...entries.values()].sort(byName);
}

/** POST /rest/tag: a tag or category of a new name (any case); a taken name is a 400 on `name`. */
export async function createRegistryEntry(
  platform: Platform,
  tenant: TenantContext,
  body: z.output<typeof TagCreate>,
): Promise<TagEntry> {
  const { name, type } = body;
  const registry = await readRegistry(platform.db, tenant.tenantId);
  const size = type === 'tag' ? registry.tags.length : registry.categories.length;
  if (size >= REGISTERED_TAGS_MAX) {
    throw badRequest(
      'name',
      `This organisation already has ${REGISTERED_TAGS_MAX} ${type === 'tag' ? 'tags' : 'categories'}.`,
    );
  }
  let saved: boolean;
  let entry: TagEntry;
  if (type === 'tag') {
    if (await withTenant(platform.db, tenant.tenantId, (tx) => tagInUse(tx, tenant.tenantId, name))) {
      throw badRequest('name', TAG_NAME_TAKEN);
    }
    entry = { id: name.toLowerCase(), name, type, count: 0 };
    saved = await appendRegistryEntry(platform.db, tenant.tenantId, 'contactTags', name, name);
  } else {
    entry = { id: randomUUID(), name, type, count: 0 };
    saved = await appendRegistryEntry(platform.db, tenant.tenantId, 'contactCategories', { id: entry.id, name }, name);
  }
  if (!saved) throw badRequest('name', type === 'tag' ? TAG_NAME_TAKEN : CATEGORY_NAME_TAKEN);
  // The same cache drops as saveTenantSettings: the registry is part of the tenant's settings.
  platform.tenants.invalidate(tenant);
  platform.tenantConfigs.invalidate(tenant.tenantId);
  return entry;
}

/** The import's categoryId must name one of the tenant's categories (400 on `categoryId`); answers its name. */
export async function requireCategory(db: Db, tenant: TenantContext, categoryId: string): Promise<string> {
  const { categories } = await readRegistry(db, tenant.tenantId);
  const category = categories.find((one) => one.id === categoryId);
  if (!category) throw badRequest('categoryId', UNKNOWN_CATEGORY);
  return category.name;
}

/**
 * PUT /rest/contactTag: adds or removes tags on many contacts in one transaction. An unknown id
 * (or another tenant's) is a 404 and nothing changes; so is going over 50 tags on any contact (400).
 */
export function tagContacts(db: Db, tenant: TenantContext, body: z.output<typeof ContactTagBulkRequest>) {
  const ids = [...new Set(body.contacts)];
  const tags = normaliseTags(body.tags);
  return withTenant(db, tenant.tenantId, async (tx) => {
    const rows = await findContactsByIds(tx, tenant.tenantId, ids);
    if (rows.length !== ids.length) throw notFound('Contact');
    if (rows.some((row) => row.isWalkin)) throw badRequest('contacts', 'The walk-in contact cannot be tagged.');
    const updated =
      body.action === 'add'
        ? await addTags(tx, tenant.tenantId, ids, tags)
        : await removeTags(tx, tenant.tenantId, ids, tags);
    if (updated.some((row) => Number(row.tagCount) > TAGS_MAX)) {
      throw badRequest('tags', `A contact can have at most ${TAGS_MAX} tags.`);
    }
    return { updated: updated.length };
  });
}
