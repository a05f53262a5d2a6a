-- Invoice search that can use its indexes under row-level security (as contact_search_ids does):
-- ILIKE is not leakproof, so under the tenant policy Postgres would filter every invoice of the
-- tenant instead of asking the trigram index. Runs as its owner and reads ONLY the tenant set in
-- app.tenant_id for the transaction: it never sees more than the caller's own policy allows.
CREATE OR REPLACE FUNCTION invoice_search_ids(p_pattern text, p_number integer)
RETURNS TABLE (id uuid)
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
  SELECT i.id FROM invoices i
  WHERE i.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
    AND (i.search_text ILIKE p_pattern OR i.number = p_number)
$$;
