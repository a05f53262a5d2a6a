import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { APP_ROLE, type Database } from './client.ts';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies the committed migrations, then secures every tenant table (idempotent). */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
  } else {
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder });
  }
  await secureTenantTables(database);
}

/**
 * Every table with a tenant_id column gets forced row-level security and one policy that
 * matches app.tenant_id; a request with no tenant set sees no rows. Done on every start so a
 * table added by a later migration can never be left open.
 */
async function secureTenantTables(database: Database): Promise<void> {
  const statements = [
    `do $$ begin
      if not exists (select 1 from pg_roles where rolname = '${APP_ROLE}') then
        create role ${APP_ROLE} nologin;
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`,
    `grant usage on schema public to ${APP_ROLE}`,
    `grant select, insert, update, delete on all tables in schema public to ${APP_ROLE}`,
    `do $$
    declare t record;
    begin
      for t in
        select c.relname from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped
        where n.nspname = 'public' and c.relkind = 'r'
      loop
        execute format('alter table %I enable row level security', t.relname);
        execute format('alter table %I force row level security', t.relname);
        if not exists (select 1 from pg_policies where schemaname = 'public' and tablename = t.relname
                       and policyname = 'tenant_isolation') then
          execute format(
            'create policy tenant_isolation on %I'
            ' using (tenant_id = nullif(current_setting(%L, true), %L)::uuid)'
            ' with check (tenant_id = nullif(current_setting(%L, true), %L)::uuid)',
            t.relname, 'app.tenant_id', '', 'app.tenant_id', '');
        end if;
      end loop;
    end $$`,
  ];
  for (const statement of statements) await database.db.execute(sql.raw(statement));
}
