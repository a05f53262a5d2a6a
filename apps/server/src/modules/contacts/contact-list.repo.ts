import { CONTACT_COUNT_CAP, CONTACT_STATUSES, type ContactSort, type ContactStatus } from '@atrium/contracts';
import { and, asc, count, desc, eq, getTableColumns, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { contacts } from '../../db/schema/index.ts';

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A Postgres text[] literal built from parameters (a plain JS array would expand to a list). */
export function textArray(values: string[]): SQL {
  if (values.length === 0) return sql`'{}'::text[]`;
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** Stored status flags, plus 'staff' for anyone with a staff role. */
export const effectiveStatuses = sql`(case when ${contacts.role} <> 'student' then array_append(${contacts.statuses}, 'staff') else ${contacts.statuses} end)`;
const lowerTags = sql`array(select lower(tag) from unnest(${contacts.tags}) as tag)`;
export const fullName = sql`(${contacts.name} || ' ' || ${contacts.lastName})`;

/** Shorter than this, a text has one trigram: the index narrows nothing and a scan is faster. */
const INDEXED_SEARCH_MIN_LENGTH = 4;

/**
 * Part of a first name, last name, full name, email or phone (digits alone match a formatted
 * phone). A selective text runs in `contact_search_ids` (migration 0004), which reads only the
 * transaction's tenant and can use the trigram index that RLS keeps a plain ILIKE from; a short,
 * broad one is a plain ILIKE over the tenant's rows, which is faster there.
 */
export function matchesText(text: string): SQL {
  const indexed = indexedSearch(text);
  if (indexed) return sql`${contacts.id} in (select s.id from ${indexed} s)`;
  return scanSearch(text);
}

function patternsOf(text: string) {
  const digits = text.replace(/\D/g, '');
  return {
    pattern: `%${escapeLike(text)}%`,
    digitsPattern: digits.length >= 3 && digits !== text ? `%${digits}%` : null,
  };
}

/** The ids matching a 4+ character text, from the trigram index (null for a shorter text). */
function indexedSearch(text: string): SQL | null {
  if (text.length < INDEXED_SEARCH_MIN_LENGTH) return null;
  const { pattern, digitsPattern } = patternsOf(text);
  return sql`contact_search_ids(${pattern}, ${digitsPattern})`;
}

function scanSearch(text: string): SQL {
  const { pattern, digitsPattern } = patternsOf(text);
  const byDigits = digitsPattern ? sql` or ${contacts.searchText} like ${digitsPattern}` : sql``;
  return sql`(${contacts.searchText} ilike ${pattern}${byDigits})`;
}

export interface ContactFilter {
  search?: string;
  statuses: ContactStatus[];
  tags: string[];
  joinBy: 'or' | 'and';
}

/** `searchHits`: the name of a CTE holding the indexed search's ids, which the text match reads. */
function filterWhere(tenantId: string, filter: ContactFilter, searchHits?: SQL): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(contacts.tenantId, tenantId), eq(contacts.isWalkin, false)];
  if (filter.search) {
    parts.push(searchHits ? sql`${contacts.id} in (select id from ${searchHits})` : matchesText(filter.search));
  }
  const flags: SQL[] = [];
  const lowered = filter.tags.map((tag) => tag.toLowerCase());
  if (filter.joinBy === 'and') {
    if (filter.statuses.length > 0) flags.push(sql`${effectiveStatuses} @> ${textArray(filter.statuses)}`);
    if (lowered.length > 0) flags.push(sql`${lowerTags} @> ${textArray(lowered)}`);
    parts.push(and(...flags));
  } else {
    if (filter.statuses.length > 0) flags.push(sql`${effectiveStatuses} && ${textArray(filter.statuses)}`);
    if (lowered.length > 0) flags.push(sql`${lowerTags} && ${textArray(lowered)}`);
    parts.push(or(...flags));
  }
  return and(...parts);
}

const ORDER: Record<string, SQL[]> = {
  name: [sql`lower(${contacts.name})`, sql`lower(${contacts.lastName})`],
  email: [sql`${contacts.email}`],
  dateCreated: [sql`${contacts.createdAt}`],
  dateUpdated: [sql`${contacts.updatedAt}`],
  balance: [sql`${contacts.balance}`],
};

/**
 * One page and the capped count of its matches, in ONE statement (one round trip): the count is
 * an uncorrelated subquery, computed once for the page. Counts at most countCap + 1 matches (a
 * LIMIT in a subquery stops the scan there): a broad search over a large tenant answers "10,000+"
 * instead of counting every match. An indexed search runs its trigram lookup once, in a CTE that
 * both the page and the count read. The plain list (no filter) counts the tenant's rows from the
 * primary key alone (an index-only scan) and takes off the walk-in contact, the one row the list
 * leaves out: the same number, without visiting up to 10,001 rows for their is_walkin flag.
 */
export async function findContactPage(
  tx: Tx,
  tenantId: string,
  filter: ContactFilter,
  page: { start: number; max: number; sort: ContactSort },
  countCap = CONTACT_COUNT_CAP,
  /** The number of matches when the caller already knows it (then no count runs). */
  knownCount?: number,
) {
  const indexed = filter.search ? indexedSearch(filter.search) : null;
  const hits = sql`${sql.identifier('search_hits')}`;
  const where = filterWhere(tenantId, filter, indexed ? hits : undefined);
  const descending = page.sort.startsWith('-');
  const keys = ORDER[page.sort.replace(/^-/, '')] ?? [];
  const orderBy = [...keys.map((key) => (descending ? desc(key) : asc(key))), asc(contacts.id)];
  const plainList = !filter.search && filter.statuses.length === 0 && filter.tags.length === 0;
  const counted = plainList
    ? sql<number>`((select count(*) from (select 1 from ${contacts} where ${contacts.tenantId} = ${tenantId} limit ${countCap + 2}) all_rows)
        - (select count(*) from ${contacts} where ${contacts.tenantId} = ${tenantId} and ${contacts.isWalkin}))::int`
    : sql<number>`(select count(*) from (select 1 from ${contacts} where ${where} limit ${countCap + 1}) matches)::int`;
  const select = {
    ...getTableColumns(contacts),
    matchCount:
      knownCount === undefined ? counted.as('match_count') : sql<number>`${knownCount}::int`.as('match_count'),
  };
  const query = indexed
    ? tx
        .with(tx.$with('search_hits').as(tx.select({ id: sql<string>`s.id`.as('id') }).from(sql`${indexed} s`)))
        .select(select)
    : tx.select(select);
  const found = await query
    .from(contacts)
    .where(where)
    .orderBy(...orderBy)
    .limit(page.max)
    .offset(page.start);
  let n = knownCount ?? found[0]?.matchCount;
  if (n === undefined) {
    // no row on this page: either nothing matches, or the page is past the last match
    if (page.start === 0) n = 0;
    else {
      const matches = tx
        .select({ one: sql`1` })
        .from(contacts)
        .where(filterWhere(tenantId, filter))
        .limit(countCap + 1)
        .as('matches');
      const [row] = await tx.select({ n: count() }).from(matches);
      n = Number(row?.n ?? 0);
    }
  }
  const contactRows = found.map(({ matchCount: _, ...row }) => row);
  return { rows: contactRows, total: Math.min(n, countCap), capped: n > countCap };
}

export async function countContactsByStatus(tx: Tx, tenantId: string) {
  const perStatus = CONTACT_STATUSES.map(
    (status) => sql`count(*) filter (where ${effectiveStatuses} @> ${textArray([status])})::int`,
  );
  const [row] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where ${contacts.isUnread}))::int`,
      perStatus: sql<number[]>`array[${sql.join(perStatus, sql`, `)}]`,
    })
    .from(contacts)
    .where(and(eq(contacts.tenantId, tenantId), eq(contacts.isWalkin, false)));
  const counts = row?.perStatus ?? [];
  return {
    total: Number(row?.total ?? 0),
    unread: Number(row?.unread ?? 0),
    ...(Object.fromEntries(CONTACT_STATUSES.map((status, i) => [status, Number(counts[i] ?? 0)])) as Record<
      ContactStatus,
      number
    >),
  };
}
