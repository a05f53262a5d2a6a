import { CONTACT_COUNT_CAP, CONTACT_STATUSES, type ContactSort, type ContactStatus } from '@atrium/contracts';
import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
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
  const pattern = `%${escapeLike(text)}%`;
  const digits = text.replace(/\D/g, '');
  const digitsPattern = digits.length >= 3 && digits !== text ? `%${digits}%` : null;
  if (text.length < INDEXED_SEARCH_MIN_LENGTH) {
    const byDigits = digitsPattern ? sql` or ${contacts.searchText} like ${digitsPattern}` : sql``;
    return sql`(${contacts.searchText} ilike ${pattern}${byDigits})`;
  }
  return sql`${contacts.id} in (select s.id from contact_search_ids(${pattern}, ${digitsPattern}) s)`;
}

export interface ContactFilter {
  search?: string;
  statuses: ContactStatus[];
  tags: string[];
  joinBy: 'or' | 'and';
}

function filterWhere(tenantId: string, filter: ContactFilter): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(contacts.tenantId, tenantId), eq(contacts.isWalkin, false)];
  if (filter.search) parts.push(matchesText(filter.search));
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

export async function findContactPage(
  tx: Tx,
  tenantId: string,
  filter: ContactFilter,
  page: { start: number; max: number; sort: ContactSort },
  countCap = CONTACT_COUNT_CAP,
) {
  const where = filterWhere(tenantId, filter);
  const descending = page.sort.startsWith('-');
  const keys = ORDER[page.sort.replace(/^-/, '')] ?? [];
  const orderBy = [...keys.map((key) => (descending ? desc(key) : asc(key))), asc(contacts.id)];
  const rows = await tx
    .select()
    .from(contacts)
    .where(where)
    .orderBy(...orderBy)
    .limit(page.max)
    .offset(page.start);
  // Counts at most countCap + 1 matches (a LIMIT in a subquery stops the scan there): a broad
  // search over a large tenant answers "10,000+" instead of counting every match.
  const matches = tx
    .select({ one: sql`1` })
    .from(contacts)
    .where(where)
    .limit(countCap + 1)
    .as('matches');
  const [counted] = await tx.select({ n: count() }).from(matches);
  const n = Number(counted?.n ?? 0);
  return { rows, total: Math.min(n, countCap), capped: n > countCap };
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
