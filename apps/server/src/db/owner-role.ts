import type { Database } from './client.ts';

/**
 * Platform jobs (the email outbox, pruning, resyncs) read and write every tenant's rows on the owner
 * connection, past row-level security: its role must be a superuser or have BYPASSRLS. Without it
 * they would silently find nothing (no email sent, nothing pruned), so start-up refuses instead.
 * Answers the one-line reason, or null when the role is fine.
 */
export async function ownerRoleProblem(database: Database): Promise<string | null> {
  const { rows } = await database.sql.query(
    'select current_user as role, coalesce((select rolsuper or rolbypassrls from pg_roles where rolname = current_user), false) as bypasses',
  );
  const [row] = rows as Array<{ role: string; bypasses: boolean }>;
  if (row?.bypasses) return null;
  const role = row?.role ?? 'unknown';
  return `Cannot start: the DATABASE_URL role "${role}" must bypass row-level security for the platform's background jobs (email, pruning). Connect as a superuser, or run: ALTER ROLE "${role}" BYPASSRLS;`;
}
