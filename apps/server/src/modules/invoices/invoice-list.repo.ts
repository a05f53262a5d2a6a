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

type Sort = InvoiceListQuery['sort'];
type Source = 'invoices' | 'hits';
const listed = { ...listColumns, tenantId: invoices.tenantId };

/**
 * A list column as SQL: from the invoices table, or from the rows `invoice_search_rows` answers
 * (migration 0016, alias `hits`: the same names), decoded as the table's column.
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

/** The parts of the list's SQL that change with the shape; values are placeholders or literals. */
interface ListShape {
  search: boolean;
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

/** The search's rows: the invoices whose buyer's name or email holds the text, or with that number. */
const searchRows = (pattern: SQL, number: SQL) =>
  sql`invoice_search_rows(${pattern}, ${number}::int) ${sql.identifier('hits')}`;

const searchPatternOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type PageRead = (tx: Tx, values: Record<string, unknown>) => Promise<(InvoiceListRecord & { matchCount: number })[]>;

/**
 * The page statements, one per filter SHAPE (search or not, archived shown or not, sort, order),
 * built once with placeholders and run as a named prepared statement on PostgreSQL: each pooled
 * connection parses and plans it once. Values (tenant, pattern, number, cap, paging) are parameters;
 * row-level security still reads the transaction's tenant at every run.
 */
const pageStatements = new Map<string, PageRead>();

function pageStatement(shape: ListShape): PageRead {
  const key = `${shape.search}:${shape.showArchive}:${shape.sort}:${shape.order}:${shape.countKnown}`;
  let read = pageStatements.get(key);
  if (read) return read;
  const source: Source = shape.search ? 'hits' : 'invoices';
  const tenantId = sql`${sql.placeholder('tenantId')}::uuid`;
  const where = listWhere(source, shape.showArchive, tenantId);
  const direction = shape.order === 'asc' ? asc : desc;
  const orderBy = [...sortKeys(source, shape.sort), columnOf(source, 'id')].map((key) => direction(key));
  // The count rides along, so page and count are one round trip. A search's rows are all read
  // anyway (to sort them): a window count over them. The plain list counts with a LIMIT in an
  // uncorrelated subquery (run once), which stops at the cap instead of reading every invoice.
  const counted = shape.countKnown
    ? sql<number>`${sql.placeholder('knownCount')}::int`
    : shape.search
      ? sql<number>`(count(*) over ())::int`
      : sql<number>`(select count(*) from (select 1 from ${invoices} where ${where} limit ${sql.placeholder('countCap')}::int + 1) matches)::int`;
  const columns = Object.fromEntries(
    Object.keys(listColumns).map((name) => [name, columnOf(source, name as keyof typeof listColumns)]),
  ) as Record<keyof typeof listColumns, SQL>;
  const select = { ...(shape.search ? columns : listColumns), matchCount: counted.as('match_count') };
  read = hotRead<InvoiceListRecord & { matchCount: number }>(
    (tx) =>
      tx
        .select(select)
        .from(
          shape.search ? searchRows(sql`${sql.placeholder('pattern')}`, sql`${sql.placeholder('number')}`) : invoices,
        )
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
 * GET /item/ireport: a page of invoices and the capped count of all that match, in one statement
 * (one round trip). A search goes through `invoice_search_rows` (migration 0016), which can use the
 * trigram and number indexes under row-level security. `number`: the invoice number the search
 * text names, if any (matched exactly).
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
    search: !!query.search,
    showArchive: query.showArchive,
    sort: query.sort,
    order: query.order,
    countKnown: knownCount !== undefined,
  };
  const pattern = query.search ? searchPatternOf(query.search) : null;
  const found = await pageStatement(shape)(tx, {
    tenantId,
    pattern,
    number,
    countCap: INVOICE_COUNT_CAP,
    knownCount: knownCount ?? null,
    max: query.max,
    offset: query.offset,
  });
  let n = knownCount ?? found[0]?.matchCount;
  if (n === undefined) {
    // no row on this page: either nothing matches, or the page is past the last match
    n = query.offset === 0 ? 0 : await countPastTheEnd(tx, tenantId, shape, pattern, number);
  }
  const rows = found.map(({ matchCount: _, ...row }) => row);
  return { rows, total: Math.min(n, INVOICE_COUNT_CAP), capped: n > INVOICE_COUNT_CAP };
}

/** The capped count alone, for a page past the last match (rare: not worth a prepared statement). */
async function countPastTheEnd(
  tx: Tx,
  tenantId: string,
  shape: ListShape,
  pattern: string | null,
  number: number | null,
) {
  const source: Source = shape.search ? 'hits' : 'invoices';
  const matching = tx
    .select({ one: sql`1` })
    .from(shape.search ? searchRows(sql`${pattern}`, sql`${number}`) : invoices)
    .where(listWhere(source, shape.showArchive, sql`${tenantId}::uuid`))
    .limit(INVOICE_COUNT_CAP + 1)
    .as('matching');
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(matching);
  return row?.n ?? 0;
}
