import { CONTACT_COUNT_CAP, CONTACT_STATUSES, type ContactSort, type ContactStatus } from '@atrium/contracts';
import { and, asc, count, desc, eq, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { hotRead, type Tx } from '../../db/client.ts';
import { contacts, subscriptions } from '../../db/schema/index.ts';
import { contactIdentityColumns } from './contact-columns.ts';

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
/** A search of digits alone, 4 or more: answered from the tenant's digit terms (migration 0016). */
const DIGIT_TERMS_SEARCH = /^[0-9]{4,}$/;

/** The range of digit terms that start with `digits` (terms are digits, compared byte by byte). */
function digitTermRange(digits: string) {
  return { termFrom: digits, termTo: `${digits}:` };
}

/** How a search text is answered: digit terms, the trigram index, or a scan of the tenant's rows. */
function searchKind(text: string | undefined): 'all' | 'terms' | 'indexed' | 'scan' {
  if (!text) return 'all';
  if (DIGIT_TERMS_SEARCH.test(text)) return 'terms';
  return text.length >= INDEXED_SEARCH_MIN_LENGTH ? 'indexed' : 'scan';
}

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

/** A search typed as a phone number: digits with the marks phone numbers are written with. */
const PHONE_TYPED = /^[\d\s+().\-/]+$/;

/**
 * The search's `%digits%` pattern for the phone's digits alone (`010-4477` finds `+1 (555) 010-4477`):
 * only for a text typed as a phone number with three or more digits and a mark between them. Digits
 * inside other text (an email such as `tom-4038@example.com`, a name) are not a phone number: matched by
 * their digits alone they would find everyone whose email, phone or name holds that run.
 */
export function phoneDigitsPattern(text: string): string | null {
  if (!PHONE_TYPED.test(text)) return null;
  const digits = text.replace(/\D/g, '');
  return digits.length >= 3 && digits !== text ? `%${digits}%` : null;
}

function patternsOf(text: string) {
  return { pattern: `%${escapeLike(text)}%`, digitsPattern: phoneDigitsPattern(text) };
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

/**
 * When each contact's current membership period that ends last ends (the memberships module's
 * subscriptions): the list's lastActiveMembershipExpiresOn. One query for a page; the page's own
 * statement stays as it was.
 */
export async function membershipEnds(tx: Tx, tenantId: string, ids: string[]): Promise<Map<string, Date | string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: subscriptions.contactId, endsAt: sql<Date | string>`max(${subscriptions.periodEndsAt})` })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.tenantId, tenantId),
        inArray(subscriptions.contactId, ids),
        inArray(subscriptions.status, ['trialing', 'active', 'past_due', 'paused']),
        // a monthly gift is no membership
        ne(subscriptions.membershipType, 'donation'),
        isNotNull(subscriptions.periodEndsAt),
      ),
    )
    .groupBy(subscriptions.contactId);
  return new Map(rows.map((r) => [r.id, r.endsAt]));
}

/** What a list row shows (toListRow): not the search text, password hash, address and the rest. */
const listColumns = {
  ...contactIdentityColumns,
  picture: contacts.picture,
  hasPassword: sql<boolean>`(${contacts.passwordHash} is not null)`.as('has_password'),
  balance: contacts.balance,
  leadSource: contacts.leadSource,
  isUnread: contacts.isUnread,
  statuses: contacts.statuses,
  tags: contacts.tags,
  role: contacts.role,
  createdAt: contacts.createdAt,
  updatedAt: contacts.updatedAt,
};
export type ContactListRecord = Pick<
  typeof contacts.$inferSelect,
  | 'id'
  | 'name'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'picture'
  | 'balance'
  | 'leadSource'
  | 'isUnread'
  | 'statuses'
  | 'tags'
  | 'role'
  | 'createdAt'
  | 'updatedAt'
> & { hasPassword: boolean; lastMembershipEndsAt?: Date | string | null };

/** The SQL of a filter's parts: placeholders in a cached page statement, values in a one-off one. */
interface FilterSql {
  tenantId: SQL;
  pattern: SQL;
  digits: SQL;
  statuses: SQL;
  tags: SQL;
}

const placeholders: FilterSql = {
  tenantId: sql`${sql.placeholder('tenantId')}::uuid`,
  pattern: sql`${sql.placeholder('pattern')}`,
  digits: sql`${sql.placeholder('digits')}`,
  statuses: sql`${sql.placeholder('statuses')}::text[]`,
  tags: sql`${sql.placeholder('tags')}::text[]`,
};

function filterValues(tenantId: string, filter: ContactFilter) {
  const patterns = filter.search ? patternsOf(filter.search) : { pattern: null, digitsPattern: null };
  const terms =
    filter.search && searchKind(filter.search) === 'terms'
      ? digitTermRange(filter.search)
      : { termFrom: null, termTo: null };
  return {
    tenantId,
    pattern: patterns.pattern,
    digits: patterns.digitsPattern,
    ...terms,
    statuses: filter.statuses,
    tags: filter.tags.map((tag) => tag.toLowerCase()),
  };
}

function literals(tenantId: string, filter: ContactFilter): FilterSql {
  const values = filterValues(tenantId, filter);
  return {
    tenantId: sql`${values.tenantId}`,
    pattern: sql`${values.pattern}`,
    digits: sql`${values.digits}`,
    statuses: textArray(values.statuses),
    tags: textArray(values.tags),
  };
}

/**
 * `searchHits`: the name of a CTE holding the ids that the search found in an index, which the text
 * match reads. Ids from digit terms are checked against the text again (a cheap LIKE on the rows
 * read anyway), so a term could only ever narrow the answer, never add to it.
 */
function filterWhere(filter: ContactFilter, at: FilterSql, searchHits?: SQL): SQL | undefined {
  const parts: (SQL | undefined)[] = [eq(contacts.tenantId, at.tenantId), eq(contacts.isWalkin, false)];
  if (filter.search) {
    const byDigits = patternsOf(filter.search).digitsPattern
      ? sql` or ${contacts.searchText} like ${at.digits}`
      : sql``;
    if (!searchHits) parts.push(sql`(${contacts.searchText} ilike ${at.pattern}${byDigits})`);
    else {
      parts.push(sql`${contacts.id} in (select id from ${searchHits})`);
      if (searchKind(filter.search) === 'terms') parts.push(sql`${contacts.searchText} like ${at.pattern}`);
    }
  }
  const flags: SQL[] = [];
  const some = filter.joinBy === 'and' ? sql`@>` : sql`&&`;
  if (filter.statuses.length > 0) flags.push(sql`${effectiveStatuses} ${some} ${at.statuses}`);
  if (filter.tags.length > 0) flags.push(sql`${lowerTags} ${some} ${at.tags}`);
  parts.push(filter.joinBy === 'and' ? and(...flags) : or(...flags));
  return and(...parts);
}

const ORDER: Record<string, SQL[]> = {
  name: [sql`lower(${contacts.name})`, sql`lower(${contacts.lastName})`],
  email: [sql`${contacts.email}`],
  dateCreated: [sql`${contacts.createdAt}`],
  dateUpdated: [sql`${contacts.updatedAt}`],
  balance: [sql`${contacts.balance}`],
};

type PageRead = (tx: Tx, values: Record<string, unknown>) => Promise<(ContactListRecord & { matchCount: number })[]>;

/**
 * The page statements, one per filter SHAPE (which parts are present, the sort, whether the count
 * is known), built once with placeholders and run as a named prepared statement on PostgreSQL: the
 * list is the screen staff open most, and parsing and planning it was a third of its database time.
 */
const pageStatements = new Map<string, PageRead>();

function pageStatement(filter: ContactFilter, sort: ContactSort, countKnown: boolean): PageRead {
  const kind = searchKind(filter.search);
  const indexed = kind === 'terms' || kind === 'indexed';
  const shape = [
    kind,
    filter.search && patternsOf(filter.search).digitsPattern ? 'digits' : '',
    filter.statuses.length > 0 ? 'statuses' : '',
    filter.tags.length > 0 ? 'tags' : '',
    filter.joinBy,
    sort,
    countKnown ? 'known' : 'count',
  ].join(':');
  let read = pageStatements.get(shape);
  if (read) return read;
  const hits = sql`${sql.identifier('search_hits')}`;
  const where = filterWhere(filter, placeholders, indexed ? hits : undefined);
  const descending = sort.startsWith('-');
  const keys = ORDER[sort.replace(/^-/, '')] ?? [];
  const orderBy = [...keys.map((key) => (descending ? desc(key) : asc(key))), asc(contacts.id)];
  const plainList = !filter.search && filter.statuses.length === 0 && filter.tags.length === 0;
  const cap = sql`${sql.placeholder('countCap')}::int`;
  const counted = countKnown
    ? sql<number>`${sql.placeholder('knownCount')}::int`
    : kind === 'terms' && filter.statuses.length === 0 && filter.tags.length === 0
      ? // the digit terms give each matching contact once: count them, less the walk-in if it is one
        sql<number>`((select count(*) from (select 1 from ${hits} limit ${cap} + 2) hit_rows)
        - (select count(*) from ${contacts} where ${contacts.tenantId} = ${placeholders.tenantId} and ${contacts.isWalkin}
          and ${contacts.id} in (select id from ${hits})))::int`
      : plainList
        ? sql<number>`((select count(*) from (select 1 from ${contacts} where ${contacts.tenantId} = ${placeholders.tenantId} limit ${cap} + 2) all_rows)
        - (select count(*) from ${contacts} where ${contacts.tenantId} = ${placeholders.tenantId} and ${contacts.isWalkin}))::int`
        : sql<number>`(select count(*) from (select 1 from ${contacts} where ${where} limit ${cap} + 1) matches)::int`;
  const select = { ...listColumns, matchCount: counted.as('match_count') };
  read = hotRead<ContactListRecord & { matchCount: number }>((tx) => {
    const hitIds =
      kind === 'terms'
        ? tx
            .select({ id: sql<string>`h.id`.as('id') })
            .from(
              sql`contact_digit_hits(${placeholders.tenantId}, ${sql.placeholder('termFrom')}, ${sql.placeholder('termTo')}) as h(id)`,
            )
        : tx
            .select({ id: sql<string>`s.id`.as('id') })
            .from(sql`contact_search_ids(${placeholders.pattern}, ${placeholders.digits}) s`);
    const query = indexed ? tx.with(tx.$with('search_hits').as(hitIds)).select(select) : tx.select(select);
    return query
      .from(contacts)
      .where(where)
      .orderBy(...orderBy)
      .limit(sql.placeholder('max'))
      .offset(sql.placeholder('start'));
  }, `contact_page_${pageStatements.size}`);
  pageStatements.set(shape, read);
  return read;
}

/**
 * One page and the capped count of its matches, in ONE statement (one round trip): the count is
 * an uncorrelated subquery, computed once for the page. Counts at most countCap + 1 matches (a
 * LIMIT in a subquery stops the scan there): a broad search over a large tenant answers "10,000+"
 * instead of counting every match. An indexed search runs its lookup once (the digit terms for
 * digits alone, else the trigram function), in a CTE that both the page and the count read. The
 * plain list (no filter) counts the tenant's rows from the primary key alone (an index-only scan)
 * and takes off the walk-in contact, the one row the list leaves out: the same number, without
 * visiting up to 10,001 rows for their is_walkin flag.
 */
export async function findContactPage(
  tx: Tx,
  tenantId: string,
  filter: ContactFilter,
  page: { start: number; max: number; sort: ContactSort },
  countCap = CONTACT_COUNT_CAP,
  /** The number of matches when the caller already knows it (then no count runs). */
  knownCount?: number,
): Promise<{ rows: ContactListRecord[]; total: number; capped: boolean }> {
  const read = pageStatement(filter, page.sort, knownCount !== undefined);
  const found = await read(tx, {
    ...filterValues(tenantId, filter),
    countCap,
    knownCount: knownCount ?? null,
    max: page.max,
    start: page.start,
  });
  let n = knownCount ?? found[0]?.matchCount;
  if (n === undefined) {
    // no row on this page: either nothing matches, or the page is past the last match
    if (page.start === 0) n = 0;
    else {
      const matches = tx
        .select({ one: sql`1` })
        .from(contacts)
        .where(filterWhere(filter, literals(tenantId, filter)))
        .limit(countCap + 1)
        .as('matches');
      const [row] = await tx.select({ n: count() }).from(matches);
      n = Number(row?.n ?? 0);
    }
  }
  const rows = found.map(({ matchCount: _, ...row }) => row);
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
