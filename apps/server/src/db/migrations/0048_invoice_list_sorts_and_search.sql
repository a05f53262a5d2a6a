CREATE INDEX "invoices_tenant_name_idx" ON "invoices" USING btree ("tenant_id",lower("contact_name"),"id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_total_idx" ON "invoices" USING btree ("tenant_id","total","id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_balance_idx" ON "invoices" USING btree ("tenant_id","balance","id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_status_idx" ON "invoices" USING btree ("tenant_id","status","id");--> statement-breakpoint
-- Hand-written: one page of an invoice search and its capped count, planned for the values at hand.
-- invoice_search_rows (0018) answered EVERY match and the list sorted them all (32,500 rows for a
-- common letter). Here the page's ORDER BY and LIMIT run inside, so the planner can walk the sort's
-- index and stop at the page when the text is common, or ask the trigram index when it is rare;
-- EXECUTE plans each call with its own pattern (a generic plan cannot tell "mar" from "zzyzx").
-- The sort is one of the list's own (anything else raises); the count stops at p_count_cap + 1 (NULL:
-- no count). Bound to the transaction's tenant like invoice_search_rows.
CREATE OR REPLACE FUNCTION invoice_search_page(
  p_pattern text, p_number integer, p_show_archive boolean, p_sort text, p_descending boolean,
  p_max integer, p_offset integer, p_count_cap integer)
RETURNS TABLE (
  tenant_id uuid, id uuid, number integer, status text, currency text, total bigint, balance bigint,
  contact_id uuid, contact_name text, contact_email text, is_archived boolean, created_at timestamptz,
  match_count integer
)
LANGUAGE plpgsql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $fn$
DECLARE
  v_key text := CASE p_sort
    WHEN 'createdAt' THEN 'i.created_at'
    WHEN 'number' THEN 'i.number'
    WHEN 'name' THEN 'lower(i.contact_name)'
    WHEN 'total' THEN 'i.total'
    WHEN 'balance' THEN 'i.balance'
    WHEN 'status' THEN 'i.status'
  END;
  v_direction text := CASE WHEN p_descending THEN ' DESC' ELSE ' ASC' END;
  v_matches text;
  v_count text;
BEGIN
  IF v_key IS NULL THEN
    RAISE EXCEPTION 'invoice_search_page: unknown sort %', p_sort;
  END IF;
  v_matches := 'i.tenant_id = $1 AND (i.search_text ILIKE $2'
    || CASE WHEN p_number IS NULL THEN '' ELSE ' OR i.number = $3' END || ')'
    || CASE WHEN p_show_archive THEN '' ELSE ' AND NOT i.is_archived' END;
  v_count := CASE WHEN p_count_cap IS NULL THEN 'NULL::int'
    ELSE '(SELECT count(*) FROM (SELECT 1 FROM invoices i WHERE ' || v_matches || ' LIMIT $6 + 1) matches)::int' END;
  RETURN QUERY EXECUTE
    'SELECT i.tenant_id, i.id, i.number, i.status, i.currency, i.total, i.balance, i.contact_id,'
    || ' i.contact_name, i.contact_email, i.is_archived, i.created_at, ' || v_count
    || ' FROM invoices i WHERE ' || v_matches
    || ' ORDER BY ' || v_key || v_direction || ', i.id' || v_direction
    || ' LIMIT $4 OFFSET $5'
    USING nullif(current_setting('app.tenant_id', true), '')::uuid, p_pattern, p_number, p_max, p_offset,
      p_count_cap;
END
$fn$;
