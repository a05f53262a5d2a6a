CREATE TABLE "website_page_redirects" (
	"tenant_id" uuid NOT NULL,
	"from_url" text NOT NULL,
	"page_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "website_page_redirects_tenant_id_from_url_pk" PRIMARY KEY("tenant_id","from_url")
);
--> statement-breakpoint
ALTER TABLE "website_page_redirects" ADD CONSTRAINT "website_page_redirects_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_page_redirects" ADD CONSTRAINT "website_page_redirects_tenant_id_page_id_website_pages_tenant_id_id_fk" FOREIGN KEY ("tenant_id","page_id") REFERENCES "public"."website_pages"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written: an empty address is the page's name (as the site already read it), and two pages
-- of one tenant sharing an address keep it on the oldest; the others get a suffix before the index.
UPDATE "website_pages" SET "url" = "name" WHERE "url" = '';--> statement-breakpoint
UPDATE "website_pages" p SET "url" = p."url" || '-' || left(p."id"::text, 8)
WHERE EXISTS (
  SELECT 1 FROM "website_pages" q
  WHERE q."tenant_id" = p."tenant_id" AND q."url" = p."url" AND (q."created_at", q."id") < (p."created_at", p."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "website_pages_tenant_url_uq" ON "website_pages" USING btree ("tenant_id","url");