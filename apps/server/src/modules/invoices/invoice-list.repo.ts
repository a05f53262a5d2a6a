import type { InvoiceListQuery } from '@atrium/contracts';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { hotRead, type Tx } from '../../db/client.ts';
import { invoices } from '../../db/schema/index.ts';

/** What a list row shows (toListRow): not the lines, taxes, note, payment method or the rest. */
export const listColumns = {
  id: invoices.id,
  number: invoices.number,
  status: invoices.status,
  currency: invoices.currency,
  total: invoices.total,
  balance: invoices.balance,
  contactId: invoices.contactId,
  contactName: invoices.contactName,
  contactEmail: invoices.contactEmail,
  isArchived: invoices.isArchived,
  createdAt: invoices.createdAt,
};
export type InvoiceListRecord = { [K in keyof typeof listColumns]: (typeof listColumns)[K]['_']['data'] };

/** Counting stops here: a broad list over a large tenant answers "10,000+" rather than scanning every row. */
export const INVOICE_COUNT_CAP = 10_000;
/**
 * A search's count stops sooner: its matches are found by testing each row's text, and counting
 * 10,001 of a common text ("mar", a third of the invoices) read 30,000 rows for every page (35 ms on
 * the bench), a hundred times the page's own cost. Past 1,000 the list says "1,000+".
 */
export const INVOICE_SEARCH_COUNT_CAP = 1_000;

type Sort = InvoiceListQuery['sort'];
type Source = 'invoices' | 'hits';
const listed = { ...listColumns, tenantId: invoices.tenantId };

/**
 * A list column as SQL: from the invoices table, or from the rows a search function answers
 * (`invoice_search_page`, `invoice_search_rows`; alias `hits`: the same names), decoded as the table's column.
 */
function columnOf(source: Source, key: keyof typeof listed): SQL {
  const column = listed[key];
  if (source === 'invoices') return sql`${column}`;
  return sql`${sql.identifier('hits')}.${sql.identifier(column.name)}`.mapWith(column);
}

function sortKeys(source: Source, sort: Sort): SQL[] {
  if (sort === 'name') return [sql`lower(${columnOf(source, 'contactName')})`];
  return [columnOf(source, sort)];
}

/** The list's columns read from the search function's rows (alias `hits`). */
const hitColumns = Object.fromEntries(
  Object.keys(listColumns).map((name) => [name, columnOf('hits', name as keyof typeof listColumns)]),
) as Record<keyof typeof listColumns, SQL>;

/** The parts of the list's SQL that change with the shape; values are placeholders or literals. */
interface ListShape {
  showArchive: boolean;
  sort: Sort;
  order: 'asc' | 'desc';
  /** The caller knows the count (no count runs). */
  countKnown: boolean;
}

function listWhere(source: Source, showArchive: boolean, tenantId: SQL): SQL | undefined {
  return and(
    eq(columnOf(source, 'tenantId'), tenantId),
    showArchive ? undefined : eq(columnOf(source, 'isArchived'), false),
  );
}

/** Every row of a search: the invoices whose buyer's name or email holds the text, or with that number. */
const searchRows = (pattern: SQL, number: SQL) =>
  sql`invoice_search_rows(${pattern}, ${number}::int) ${sql.identifier('hits')}`;

const searchPatternOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type PageRead = (tx: Tx, values: Record<string, unknown>) => Promise<(InvoiceListRecord & { matchCount: number })[]>;

/**
 * The plain list's page statements, one per SHAPE (archived shown or not, sort, order, count known),
 * built once with placeholders and run as a named prepared statement on PostgreSQL: each pooled
 * connection parses and plans it once. Each sort has its index (migration 0048), so a page walks it
 * and stops. Row-level security still reads the transaction's tenant at every run.
 */
const pageStatements = new Map<string, PageRead>();

function pageStatement(shape: ListShape): PageRead {
  const key = `${shape.showArchive}:${shape.sort}:${shape.order}:${shape.countKnown}`;
  let read = pageStatements.get(key);
  if (read) return read;
  const tenantId = sql`${sql.placeholder('tenantId')}::uuid`;
  const where = listWhere('invoices', shape.showArchive, tenantId);
  const direction = shape.order === 'asc' ? asc : desc;
  const orderBy = [...sortKeys('invoices', shape.sort), invoices.id].map((key) => direction(key));
  // The count rides along, so page and count are one round trip: a LIMIT in an uncorrelated
  // subquery (run once), which stops at the cap instead of reading every invoice.
  const counted = shape.countKnown
    ? sql<number>`${sql.placeholder('knownCount')}::int`
    : sql<number>`(select count(*) from (select 1 from ${invoices} where ${where} limit ${sql.placeholder('countCap')}::int + 1) matches)::int`;
  read = hotRead<InvoiceListRecord & { matchCount: number }>(
    (tx) =>
      tx
        .select({ ...listColumns, matchCount: counted.as('match_count') })
        .from(invoices)
        .where(where)
        .orderBy(...orderBy)
        .limit(sql.placeholder('max'))
        .offset(sql.placeholder('offset')),
    `invoice_page_${pageStatements.size}`,
  );
  pageStatements.set(key, read);
  return read;
}

/**
 * A search's page and capped count: `invoice_search_page` (migration 0048) filters, sorts and pages
 * inside, planned for the text at hand, and answers the page in order (its ordinality). Every shape
 * is a value, so one prepared statement serves them all; a NULL cap counts nothing.
 */
const searchPage = hotRead<InvoiceListRecord & { matchCount: number | null }>((tx) => {
  const hits = sql.identifier('hits');
  const value = (name: string) => sql.placeholder(name);
  return tx
    .select({ ...hitColumns, matchCount: sql<number | null>`${hits}.match_count`.as('match_count') })
    .from(
      sql`invoice_search_page(${value('pattern')}, ${value('number')}::int, ${value('showArchive')}::boolean,
        ${value('sort')}::text, ${value('descending')}::boolean, ${value('max')}::int, ${value('offset')}::int,
        ${value('countCap')}::int) with ordinality ${hits}`,
    )
    .orderBy(sql`${hits}.ordinality`);
}, 'invoice_search_page');

/**
 * GET /item/ireport: a page of invoices and the capped count of all that match, in one statement
 * (one round trip). A search goes through `invoice_search_page` (migration 0048), which can use the
 * sort's index or the trigram and number indexes under row-level security, and counts up to
 * INVOICE_SEARCH_COUNT_CAP. `number`: the invoice number the search text names, if any (matched exactly).
 */
export async function findInvoicePage(
  tx: Tx,
  tenantId: string,
  query: InvoiceListQuery,
  number: number | null,
  /** The number of matches when the caller already knows it (then no count runs). */
  knownCount?: number,
): Promise<{ rows: InvoiceListRecord[]; total: number; capped: boolean }> {
  const shape: ListShape = {
    showArchive: query.showArchive,
    sort: query.sort,
    order: query.order,
    countKnown: knownCount !== undefined,
  };
  const pattern = query.search ? searchPatternOf(query.search) : null;
  const cap = pattern === null ? INVOICE_COUNT_CAP : INVOICE_SEARCH_COUNT_CAP;
  const paging = { max: query.max, offset: query.offset };
  const found =
    pattern === null
      ? await pageStatement(shape)(tx, { tenantId, countCap: cap, knownCount: knownCount ?? null, ...paging })
      : await searchPage(tx, {
          pattern,
          number,
          showArchive: query.showArchive,
          sort: query.sort,
          descending: query.order === 'desc',
          countCap: knownCount === undefined ? cap : null,
          ...paging,
        });
  let n = knownCount ?? found[0]?.matchCount ?? undefined;
  if (n === undefined) {
    // no row on this page: either nothing matches, or the page is past the last match
    n = query.offset === 0 ? 0 : await countPastTheEnd(tx, tenantId, shape, pattern, number, cap);
  }
  const rows = found.map(({ matchCount: _, ...row }) => row);
  return { rows, total: Math.min(n, cap), capped: n > cap };
}

/** The capped count alone, for a page past the last match (rare: not worth a prepared statement). */
async function countPastTheEnd(
  tx: Tx,
  tenantId: string,
  shape: ListShape,
  pattern: string | null,
  number: number | null,
  cap: number,
) {
  const source: Source = pattern === null ? 'invoices' : 'hits';
  const matching = tx
    .select({ one: sql`1` })
    .from(pattern === null ? invoices : searchRows(sql`${pattern}`, sql`${number}`))
    .where(listWhere(source, shape.showArchive, sql`${tenantId}::uuid`))
    .limit(cap + 1)
    .as('matching');
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(matching);
  return row?.n ?? 0;
}
