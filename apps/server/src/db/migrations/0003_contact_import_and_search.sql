-- Contact search: trigram matching (pg_trgm) and tenant_id in the same GIN index (btree_gin).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE TABLE "contact_imports" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"category_id" text,
	"file_name" text DEFAULT '' NOT NULL,
	"total_rows" integer NOT NULL,
	"imported_count" integer NOT NULL,
	"rejected_count" integer NOT NULL,
	"created_by_id" uuid,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_imports_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (name || ' ' || last_name || chr(10) || email || chr(10) || phone || chr(10) || regexp_replace(phone, '[^0-9]', '', 'g')) STORED;--> statement-breakpoint
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_imports_tenant_created_idx" ON "contact_imports" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "contacts_tenant_lower_name_idx" ON "contacts" USING btree ("tenant_id",lower("name"),lower("last_name"),"id");--> statement-breakpoint
CREATE INDEX "contacts_tenant_search_trgm_idx" ON "contacts" USING gin ("tenant_id","search_text" gin_trgm_ops);