import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { contactImports, contacts, tenants } from '../../db/schema/index.ts';
import { textArray } from './contact-list.repo.ts';

export interface Registry {
  tags: string[];
  categories: { id: string; name: string }[];
}

/**
 * The registered tags and categories, read from the tenant row itself (not the 30 s tenant cache),
 * so a category created on another instance is known at once. Platform data: owner connection.
 */
export async function readRegistry(db: Db, tenantId: string): Promise<Registry> {
  const [row] = await db
    .select({
      tags: sql<string[] | null>`${tenants.settings}->'contactTags'`,
      categories: sql<{ id: string; name: string }[] | null>`${tenants.settings}->'contactCategories'`,
    })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return { tags: row?.tags ?? [], categories: row?.categories ?? [] };
}

/**
 * Appends one entry to a registry list of the tenant's settings in ONE statement, only when no
 * entry of that name (any case) is there yet: two concurrent creates of the same name cannot both
 * land (the second UPDATE re-reads the row after the first commits). False when the name is taken.
 */
export async function appendRegistryEntry(
  db: Db,
  tenantId: string,
  kind: 'contactTags' | 'contactCategories',
  entry: string | { id: string; name: string },
  name: string,
): Promise<boolean> {
  const list = sql`coalesce(${tenants.settings}->${kind}, '[]'::jsonb)`;
  const nameOf = kind === 'contactTags' ? sql`e.v #>> '{}'` : sql`e.v->>'name'`;
  const rows = await db
    .update(tenants)
    .set({
      settings: sql`jsonb_set(coalesce(${tenants.settings}, '{}'::jsonb), ${`{${kind}}`}::text[], ${list} || jsonb_build_array(${JSON.stringify(entry)}::jsonb))`,
    })
    .where(
      and(
        eq(tenants.id, tenantId),
        sql`not exists (select 1 from jsonb_array_elements(${list}) as e(v) where lower(${nameOf}) = lower(${name}))`,
      ),
    )
    .returning({ id: tenants.id });
  return rows.length === 1;
}

/** Tags in use: one entry per tag (any case), with how many contacts carry it. The walk-in is left out. */
export async function countTagsInUse(tx: Tx, tenantId: string): Promise<{ name: string; count: number }[]> {
  const result = (await tx.execute(sql`
    select min(t.tag) as name, count(distinct c.id)::int as count
    from ${contacts} c cross join lateral unnest(c.tags) as t(tag)
    where c.tenant_id = ${tenantId} and not c.is_walkin
    group by lower(t.tag)`)) as unknown as { rows: { name: string; count: number }[] };
  return result.rows.map((row) => ({ name: row.name, count: Number(row.count) }));
}

export async function tagInUse(tx: Tx, tenantId: string, name: string): Promise<boolean> {
  const result = (await tx.execute(sql`
    select 1 from ${contacts} c
    where c.tenant_id = ${tenantId} and exists (select 1 from unnest(c.tags) as t(tag) where lower(t.tag) = lower(${name}))
    limit 1`)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

export async function countImportsByCategory(tx: Tx, tenantId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ categoryId: contactImports.categoryId, n: sql<number>`count(*)::int` })
    .from(contactImports)
    .where(eq(contactImports.tenantId, tenantId))
    .groupBy(contactImports.categoryId);
  return new Map(rows.filter((row) => row.categoryId).map((row) => [row.categoryId as string, Number(row.n)]));
}

/**
 * Adds tags (those a contact lacks, in any case) to the named contacts; answers each contact's tag
 * count afterwards so the caller can refuse going over the limit (and roll the transaction back).
 */
export function addTags(tx: Tx, tenantId: string, ids: string[], tags: string[]) {
  return tx
    .update(contacts)
    .set({
      tags: sql`${contacts.tags} || array(select n.tag from unnest(${textArray(tags)}) with ordinality as n(tag, i)
        where lower(n.tag) <> all(array(select lower(o) from unnest(${contacts.tags}) as o)) order by n.i)`,
      updatedAt: new Date(),
    })
    .where(and(eq(contacts.tenantId, tenantId), inArray(contacts.id, ids)))
    .returning({ id: contacts.id, tagCount: sql<number>`cardinality(${contacts.tags})` });
}

export function removeTags(tx: Tx, tenantId: string, ids: string[], tags: string[]) {
  return tx
    .update(contacts)
    .set({
      tags: sql`array(select o.tag from unnest(${contacts.tags}) with ordinality as o(tag, i)
        where lower(o.tag) <> all(${textArray(tags.map((tag) => tag.toLowerCase()))}) order by o.i)`,
      updatedAt: new Date(),
    })
    .where(and(eq(contacts.tenantId, tenantId), inArray(contacts.id, ids)))
    .returning({ id: contacts.id, tagCount: sql<number>`cardinality(${contacts.tags})` });
}
