CREATE TABLE "class_session_overlaps" (
	"tenant_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	CONSTRAINT "class_session_overlaps_tenant_id_session_id_pk" PRIMARY KEY("tenant_id","session_id")
);
--> statement-breakpoint
ALTER TABLE "class_session_overlaps" ADD CONSTRAINT "class_session_overlaps_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "class_session_overlaps_tenant_start_idx" ON "class_session_overlaps" USING btree ("tenant_id","starts_at","session_id");--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_at_most_12_hours" CHECK ("class_sessions"."ends_at" <= "class_sessions"."starts_at" + interval '12 hours');--> statement-breakpoint
-- The overlap flags of every session of p_tenant that meets one of the windows [p_starts[i], p_ends[i]),
-- computed again (a scheduled session overlaps when another scheduled session shares its room or
-- teacher and their times cross; back to back is not an overlap). Sessions last at most 12 hours
-- (class_sessions_at_most_12_hours), so each search is one range of (tenant_id, starts_at).
-- One writer of a studio's flags at a time: the advisory lock waits for the last one to commit, and the
-- MERGE after it (read committed: a statement of its own, with a new snapshot) sees that writer's
-- sessions, so two sessions written at once in one room still flag each other.
CREATE OR REPLACE FUNCTION class_session_overlaps_refresh(p_tenant uuid, p_starts timestamptz[], p_ends timestamptz[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('class_session_overlaps:' || p_tenant));
  MERGE INTO class_session_overlaps x
  USING (
    SELECT c.id, c.starts_at, c.status = 'scheduled' AND EXISTS (
        SELECT 1 FROM class_sessions o
        WHERE o.tenant_id = p_tenant AND o.id <> c.id AND o.status = 'scheduled'
          AND o.starts_at > c.starts_at - interval '12 hours' AND o.starts_at < c.ends_at AND o.ends_at > c.starts_at
          AND (o.room_id = c.room_id OR o.teacher_id = c.teacher_id)
      ) AS hit
    FROM (
      SELECT DISTINCT s.id, s.starts_at, s.ends_at, s.status, s.room_id, s.teacher_id
      FROM unnest(p_starts, p_ends) AS w(starts_at, ends_at)
      JOIN class_sessions s ON s.tenant_id = p_tenant
        AND s.starts_at > w.starts_at - interval '12 hours' AND s.starts_at < w.ends_at AND s.ends_at > w.starts_at
    ) c
  ) f ON x.tenant_id = p_tenant AND x.session_id = f.id
  WHEN MATCHED AND NOT f.hit THEN DELETE
  WHEN MATCHED AND x.starts_at <> f.starts_at THEN UPDATE SET starts_at = f.starts_at
  WHEN NOT MATCHED AND f.hit THEN INSERT (tenant_id, session_id, starts_at) VALUES (p_tenant, f.id, f.starts_at);
END $$;--> statement-breakpoint
-- The flags follow the sessions in the statement that writes them, whatever writes them (rule
-- generation and edits, a session moved or cancelled, a rule or studio deleted), as the writer
-- (row-level security applies). A booking's count changes nothing here: no trigger fires for it.
CREATE OR REPLACE FUNCTION class_sessions_overlaps_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE w record;
BEGIN
  FOR w IN SELECT tenant_id, array_agg(starts_at) AS starts, array_agg(ends_at) AS ends
    FROM added_sessions GROUP BY tenant_id ORDER BY tenant_id
  LOOP
    PERFORM class_session_overlaps_refresh(w.tenant_id, w.starts, w.ends);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION class_sessions_overlaps_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM class_session_overlaps_refresh(NEW.tenant_id, ARRAY[OLD.starts_at, NEW.starts_at], ARRAY[OLD.ends_at, NEW.ends_at]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION class_sessions_overlaps_removed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE w record;
BEGIN
  DELETE FROM class_session_overlaps x USING removed_sessions r WHERE x.tenant_id = r.tenant_id AND x.session_id = r.id;
  FOR w IN SELECT tenant_id, array_agg(starts_at) AS starts, array_agg(ends_at) AS ends
    FROM removed_sessions GROUP BY tenant_id ORDER BY tenant_id
  LOOP
    PERFORM class_session_overlaps_refresh(w.tenant_id, w.starts, w.ends);
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER class_sessions_overlaps_insert AFTER INSERT ON class_sessions
  REFERENCING NEW TABLE AS added_sessions FOR EACH STATEMENT EXECUTE FUNCTION class_sessions_overlaps_added();--> statement-breakpoint
CREATE TRIGGER class_sessions_overlaps_update AFTER UPDATE ON class_sessions FOR EACH ROW
  WHEN (OLD.starts_at IS DISTINCT FROM NEW.starts_at OR OLD.ends_at IS DISTINCT FROM NEW.ends_at
    OR OLD.room_id IS DISTINCT FROM NEW.room_id OR OLD.teacher_id IS DISTINCT FROM NEW.teacher_id
    OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION class_sessions_overlaps_changed();--> statement-breakpoint
CREATE TRIGGER class_sessions_overlaps_delete AFTER DELETE ON class_sessions
  REFERENCING OLD TABLE AS removed_sessions FOR EACH STATEMENT EXECUTE FUNCTION class_sessions_overlaps_removed();--> statement-breakpoint
-- The sessions already there.
INSERT INTO class_session_overlaps (tenant_id, session_id, starts_at)
SELECT c.tenant_id, c.id, c.starts_at FROM class_sessions c
WHERE c.status = 'scheduled' AND EXISTS (
  SELECT 1 FROM class_sessions o
  WHERE o.tenant_id = c.tenant_id AND o.id <> c.id AND o.status = 'scheduled'
    AND o.starts_at > c.starts_at - interval '12 hours' AND o.starts_at < c.ends_at AND o.ends_at > c.starts_at
    AND (o.room_id = c.room_id OR o.teacher_id = c.teacher_id)
);
