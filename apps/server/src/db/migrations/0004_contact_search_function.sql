-- Contact search that can use the trigram index under row-level security.
-- ILIKE is not leakproof, so under the tenant policy Postgres filters every row of the tenant
-- instead of asking the index. This function runs as its owner (who bypasses RLS, as the platform
-- jobs already require) and reads ONLY the tenant set in app.tenant_id for the transaction: it can
-- never see more than the caller's own policy would let it see.
CREATE OR REPLACE FUNCTION contact_search_ids(p_pattern text, p_digits text)
RETURNS TABLE (id uuid)
LANGUAGE sql STABLE SECURITY DEFINER
SET search_path = public, pg_temp
AS $$
  SELECT c.id FROM contacts c
  WHERE c.tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid
    AND (c.search_text ILIKE p_pattern OR (p_digits IS NOT NULL AND c.search_text LIKE p_digits))
$$;
