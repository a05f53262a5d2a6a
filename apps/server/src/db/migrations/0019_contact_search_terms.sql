-- Digit terms for the contact search: a digits-only search of 4+ characters reads one range of a
-- btree keyed by tenant (its own rows only, under row-level security) instead of the trigram GIN
-- index, whose digit trigrams list every tenant's contacts. See docs/decisions.md.
CREATE TABLE "contact_search_terms" (
	"tenant_id" uuid NOT NULL,
	"term" text collate "C" NOT NULL,
	"contact_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_search_terms" ADD CONSTRAINT "contact_search_terms_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every suffix of 4+ digits of every run of 4+ digits in a search text: '%1234%' matches the text
-- exactly when '1234' starts one of them (a run of digits never spans two lines of the text).
CREATE OR REPLACE FUNCTION contact_digit_terms(p_search_text text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT DISTINCT substr(run.digits[1], start)
  FROM regexp_matches(p_search_text, '[0-9]{4,}', 'g') AS run(digits),
    generate_series(1, length(run.digits[1]) - 3) AS start
$$;--> statement-breakpoint
-- The ids of the contacts with a term in [p_from, p_to), as the caller (row-level security applies).
-- A function so that its one plan (a range of the key) is kept: the list's statement around it then
-- has the same estimate whatever the digits, and PostgreSQL keeps its plan too instead of planning
-- every search again.
CREATE OR REPLACE FUNCTION contact_digit_hits(p_tenant uuid, p_from text, p_to text) RETURNS SETOF uuid
LANGUAGE plpgsql STABLE ROWS 100 SET plan_cache_mode = force_generic_plan AS $$
BEGIN
  RETURN QUERY SELECT DISTINCT s.contact_id FROM contact_search_terms s
    WHERE s.tenant_id = p_tenant AND s.term >= p_from COLLATE "C" AND s.term < p_to COLLATE "C";
END $$;--> statement-breakpoint
-- The terms follow the contacts in the same statement, as the writer (row-level security applies).
CREATE OR REPLACE FUNCTION contacts_search_terms_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO contact_search_terms (tenant_id, term, contact_id)
  SELECT c.tenant_id, t.term, c.id FROM added_contacts c, contact_digit_terms(c.search_text) AS t(term);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION contacts_search_terms_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM contact_search_terms s USING contact_digit_terms(OLD.search_text) AS t(term)
  WHERE s.tenant_id = OLD.tenant_id AND s.term = t.term COLLATE "C" AND s.contact_id = OLD.id;
  INSERT INTO contact_search_terms (tenant_id, term, contact_id)
  SELECT NEW.tenant_id, t.term, NEW.id FROM contact_digit_terms(NEW.search_text) AS t(term);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION contacts_search_terms_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM contact_search_terms s USING removed_contacts c, contact_digit_terms(c.search_text) AS t(term)
  WHERE s.tenant_id = c.tenant_id AND s.term = t.term COLLATE "C" AND s.contact_id = c.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER contacts_search_terms_insert AFTER INSERT ON contacts
  REFERENCING NEW TABLE AS added_contacts FOR EACH STATEMENT EXECUTE FUNCTION contacts_search_terms_added();--> statement-breakpoint
CREATE TRIGGER contacts_search_terms_update AFTER UPDATE ON contacts FOR EACH ROW
  WHEN (OLD.search_text IS DISTINCT FROM NEW.search_text OR OLD.id IS DISTINCT FROM NEW.id
    OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id)
  EXECUTE FUNCTION contacts_search_terms_changed();--> statement-breakpoint
CREATE TRIGGER contacts_search_terms_delete AFTER DELETE ON contacts
  REFERENCING OLD TABLE AS removed_contacts FOR EACH STATEMENT EXECUTE FUNCTION contacts_search_terms_removed();--> statement-breakpoint
-- The contacts already there; the key is built after the rows (faster than row by row).
INSERT INTO contact_search_terms (tenant_id, term, contact_id)
SELECT c.tenant_id, t.term, c.id FROM contacts c, contact_digit_terms(c.search_text) AS t(term);--> statement-breakpoint
ALTER TABLE "contact_search_terms" ADD CONSTRAINT "contact_search_terms_tenant_id_term_contact_id_pk" PRIMARY KEY("tenant_id","term","contact_id");
