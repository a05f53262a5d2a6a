CREATE TABLE "bundle_lines" (
	"tenant_id" uuid NOT NULL,
	"bundle_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"qty" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bundle_lines_tenant_id_bundle_id_item_id_pk" PRIMARY KEY("tenant_id","bundle_id","item_id"),
	CONSTRAINT "bundle_lines_qty_positive" CHECK ("bundle_lines"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "item_categories" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category_type" text NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"image_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_categories_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "item_suppliers" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_suppliers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "items" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_minor" integer NOT NULL,
	"is_taxable" boolean DEFAULT true NOT NULL,
	"is_charge_credit_card_fees" boolean DEFAULT true NOT NULL,
	"image_id" uuid,
	"is_visible" boolean DEFAULT true NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"stock" integer,
	"supplier_id" uuid,
	"sku" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "items_price_not_negative" CHECK ("items"."price_minor" >= 0),
	CONSTRAINT "items_stock_not_negative" CHECK ("items"."stock" is null or "items"."stock" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bundle_lines" ADD CONSTRAINT "bundle_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_lines" ADD CONSTRAINT "bundle_lines_bundle_fk" FOREIGN KEY ("tenant_id","bundle_id") REFERENCES "public"."items"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_lines" ADD CONSTRAINT "bundle_lines_item_fk" FOREIGN KEY ("tenant_id","item_id") REFERENCES "public"."items"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_categories" ADD CONSTRAINT "item_categories_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_suppliers" ADD CONSTRAINT "item_suppliers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_category_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."item_categories"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_supplier_fk" FOREIGN KEY ("tenant_id","supplier_id") REFERENCES "public"."item_suppliers"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bundle_lines_tenant_item_idx" ON "bundle_lines" USING btree ("tenant_id","item_id");--> statement-breakpoint
CREATE INDEX "item_categories_tenant_type_idx" ON "item_categories" USING btree ("tenant_id","category_type","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "item_suppliers_tenant_name_uq" ON "item_suppliers" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "items_tenant_category_idx" ON "items" USING btree ("tenant_id","category_id");--> statement-breakpoint
CREATE INDEX "items_tenant_kind_name_idx" ON "items" USING btree ("tenant_id","kind","name");--> statement-breakpoint
-- Hand-written: an image is a media library file; deleting the file clears the reference only (PostgreSQL 15+ column list).
ALTER TABLE "item_categories" ADD CONSTRAINT "item_categories_image_fk" FOREIGN KEY ("tenant_id","image_id") REFERENCES "public"."media_files"("tenant_id","id") ON DELETE SET NULL ("image_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_image_fk" FOREIGN KEY ("tenant_id","image_id") REFERENCES "public"."media_files"("tenant_id","id") ON DELETE SET NULL ("image_id") ON UPDATE no action;
