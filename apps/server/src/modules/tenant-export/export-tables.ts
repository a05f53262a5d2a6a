import type { RawSql } from '../../db/client.ts';

/**
 * Which tables a tenant export holds, found from the database catalogue rather than a list: every
 * table of the public schema with a `tenant_id` column is the tenant's (docs/decisions/tenancy.md),
 * so a table added by a later migration is exported without anyone remembering to add it. The only
 * tables left out, and the only columns emptied, are named below with the reason
 * (docs/decisions/platform.md "Take your data with you"); a test fails a tenant table or a
 * secret-looking column that neither list nor the export accounts for.
 */

/** Tenant tables the export leaves out, with why. */
export const EXCLUDED_TABLES: Readonly<Record<string, string>> = {
  refresh_tokens: 'login sessions (hashed tokens): they end when the studio moves; everyone signs in again',
  password_resets: 'pending password-reset links (hashed tokens): short-lived secrets',
  contact_otps: 'one-time login codes (hashed): short-lived secrets',
  single_use_values: 'one-time codes and OAuth states: short-lived secrets',
  auth_attempts: 'the login throttle (IP addresses of tries): security bookkeeping, not studio data',
  tenant_credentials:
    'payment, SMS and email provider keys (encrypted with this platform key, useless elsewhere): re-entered in Settings after a move',
  outbox_emails: 'the mail queue: its bodies hold live sign-in, reset and download links',
  outbox_sms: 'the SMS queue: its bodies hold one-time codes',
  carts: 'anonymous shop carts keyed by a browser secret; they expire within days',
  tenant_exports: "the export's own bookkeeping; its download links work on this install only",
};

/**
 * Columns whose values are secrets: written as null. On import a NOT NULL one gets a fresh random
 * value (a feed or manage link then needs to be sent again; nobody knows the new value).
 */
export const REDACTED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  contacts: ['password_hash'],
  calendar_feeds: ['token'],
  subscriptions: ['manage_token'],
  form_submissions: ['confirm_token_hash'],
};

/** Column names that look like secrets and are not: they are exported as they are. */
export const NOT_SECRET_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  form_submissions: ['document_hash', 'document_key', 'file_hash'],
  custom_fields: ['tag'],
  files: ['storage_key'],
  media_files: ['storage_key'],
  checkout_keys: ['idempotency_key'],
  invoice_payments: ['idempotency_key'],
  email_templates: ['system_key'],
  video_assets: ['poster_key', 'hls_master_key'],
  tenant_credentials: ['key_version'],
  // A provider's idempotency key for one send, and the word a number texted to opt out (STOP).
  campaign_recipients: ['send_key'],
  sms_opt_outs: ['keyword'],
};

/** What a column name must not look like unless it is redacted or listed as not secret. */
export const SECRET_LOOKING = /(password|secret|token|hash|cipher|api_key|private|^iv$|^tag$|_key$|^key)/;

export interface ColumnInfo {
  name: string;
  /** The SQL type as format_type() writes it (e.g. `timestamp with time zone`, `text[]`). */
  type: string;
  notNull: boolean;
  /** Computed from other columns (GENERATED ALWAYS AS ... STORED): exported, never inserted. */
  generated: boolean;
  /** An identity column: inserted with OVERRIDING SYSTEM VALUE, its sequence moved past the rows after. */
  identity: boolean;
}

export interface TenantTable {
  name: string;
  columns: ColumnInfo[];
}

const SAFE_NAME = /^[a-z_][a-z0-9_]*$/;

/** Quotes an identifier from the catalogue (they are plain snake_case names; anything else is refused). */
export function ident(name: string): string {
  if (!SAFE_NAME.test(name)) throw new Error(`unexpected identifier ${name}`);
  return `"${name}"`;
}

/** Every table of the public schema with a tenant_id column, with its columns in order. */
export async function tenantTables(db: RawSql): Promise<TenantTable[]> {
  const result = await db.query(
    `select c.relname as table_name, a.attname as column_name,
            format_type(a.atttypid, a.atttypmod) as column_type, a.attnotnull as not_null,
            a.attgenerated <> '' as is_generated, a.attidentity <> '' as is_identity
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = 'public' and c.relkind = 'r'
        and exists (select 1 from pg_attribute t where t.attrelid = c.oid and t.attname = 'tenant_id' and not t.attisdropped)
      order by c.relname, a.attnum`,
    [],
  );
  const tables = new Map<string, TenantTable>();
  for (const row of result.rows as Array<{
    table_name: string;
    column_name: string;
    column_type: string;
    not_null: boolean;
    is_generated: boolean;
    is_identity: boolean;
  }>) {
    let table = tables.get(row.table_name);
    if (!table) {
      table = { name: row.table_name, columns: [] };
      tables.set(row.table_name, table);
    }
    table.columns.push({
      name: row.column_name,
      type: row.column_type,
      notNull: row.not_null,
      generated: row.is_generated,
      identity: row.is_identity,
    });
  }
  return [...tables.values()];
}

/** The tenant tables an export writes (every one not excluded). */
export async function exportedTables(db: RawSql): Promise<TenantTable[]> {
  return (await tenantTables(db)).filter((table) => !(table.name in EXCLUDED_TABLES));
}

export function isRedacted(table: string, column: string): boolean {
  return REDACTED_COLUMNS[table]?.includes(column) ?? false;
}

/** Secret-looking columns of exported tables that are neither redacted nor listed as not secret. */
export function unaccountedSecretColumns(tables: TenantTable[]): string[] {
  const found: string[] = [];
  for (const table of tables) {
    for (const column of table.columns) {
      if (!SECRET_LOOKING.test(column.name)) continue;
      if (isRedacted(table.name, column.name)) continue;
      if (NOT_SECRET_COLUMNS[table.name]?.includes(column.name)) continue;
      found.push(`${table.name}.${column.name}`);
    }
  }
  return found;
}

/**
 * Foreign keys among the public tables (child -> parent), for the import's insert order. The
 * tenant registry itself is left out (it is written first).
 */
export async function foreignKeys(db: RawSql): Promise<Array<{ child: string; parent: string; columns: string[] }>> {
  const result = await db.query(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent,
            array(select a.attname::text from unnest(c.conkey) k join pg_attribute a
                   on a.attrelid = c.conrelid and a.attnum = k) as columns
       from pg_constraint c
      where c.contype = 'f' and c.connamespace = 'public'::regnamespace and c.confrelid <> 'public.tenants'::regclass`,
    [],
  );
  return (result.rows as Array<{ child: string; parent: string; columns: string[] }>).map((row) => ({
    child: row.child.replace(/^public\./, '').replaceAll('"', ''),
    parent: row.parent.replace(/^public\./, '').replaceAll('"', ''),
    columns: row.columns,
  }));
}

/** Tables in an order where every parent comes before its children (self references aside). */
export function insertOrder(tables: string[], keys: Array<{ child: string; parent: string }>): string[] {
  const wanted = new Set(tables);
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set<string>()]));
  for (const key of keys) {
    if (key.child !== key.parent && wanted.has(key.child) && wanted.has(key.parent)) {
      parents.get(key.child)?.add(key.parent);
    }
  }
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...(parents.get(t) ?? [])].every((p) => placed.has(p)));
    if (ready.length === 0) throw new Error('the tables reference each other in a cycle');
    for (const t of ready) {
      placed.add(t);
      order.push(t);
    }
  }
  return order;
}
