CREATE TABLE "website_page_versions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"page_id" uuid NOT NULL,
	"unhtml" text DEFAULT '' NOT NULL,
	"css" text DEFAULT '' NOT NULL,
	"unjson" jsonb,
	"header" text DEFAULT '' NOT NULL,
	"sub_header" text DEFAULT '' NOT NULL,
	"published_by" uuid,
	"published_by_name" text DEFAULT '' NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "website_page_versions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "website_pages" ADD COLUMN "draft" jsonb;--> statement-breakpoint
ALTER TABLE "website_page_versions" ADD CONSTRAINT "website_page_versions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_page_versions" ADD CONSTRAINT "website_page_versions_tenant_id_page_id_website_pages_tenant_id_id_fk" FOREIGN KEY ("tenant_id","page_id") REFERENCES "public"."website_pages"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "website_page_versions_page_idx" ON "website_page_versions" USING btree ("tenant_id","page_id","published_at");