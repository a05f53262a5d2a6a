CREATE TABLE "offers" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"offer_code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"offer_type" text NOT NULL,
	"discount_type" text NOT NULL,
	"discount" integer NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"item_type" text DEFAULT 'item' NOT NULL,
	"applies_on" text,
	"target_category_id" uuid,
	"target_item_id" uuid,
	"primary_category_id" uuid,
	"primary_count" integer,
	"secondary_category_id" uuid,
	"secondary_count" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"discounts_subscription" boolean DEFAULT true NOT NULL,
	"discounts_registration_fees" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "offers_code_lower" CHECK ("offers"."offer_code" = lower("offers"."offer_code") and length("offers"."offer_code") > 0),
	CONSTRAINT "offers_discount_positive" CHECK ("offers"."discount" > 0),
	CONSTRAINT "offers_percentage_max" CHECK ("offers"."discount_type" <> 'percentage' or "offers"."discount" <= 10000),
	CONSTRAINT "offers_dates_ordered" CHECK ("offers"."starts_at" is null or "offers"."ends_at" is null or "offers"."starts_at" < "offers"."ends_at"),
	CONSTRAINT "offers_usage_counted" CHECK ("offers"."used_count" >= 0 and ("offers"."usage_limit" is null or "offers"."usage_limit" >= 1))
);
--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offers_tenant_code_uq" ON "offers" USING btree ("tenant_id","offer_code");--> statement-breakpoint
CREATE INDEX "offers_tenant_status_idx" ON "offers" USING btree ("tenant_id","status");--> statement-breakpoint
-- Hand-written: the references an offer makes. Deleting a category clears the reference only (PostgreSQL 15+ column list); items are archived, never deleted.
ALTER TABLE "offers" ADD CONSTRAINT "offers_target_category_fk" FOREIGN KEY ("tenant_id","target_category_id") REFERENCES "public"."item_categories"("tenant_id","id") ON DELETE SET NULL ("target_category_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_target_item_fk" FOREIGN KEY ("tenant_id","target_item_id") REFERENCES "public"."items"("tenant_id","id") ON DELETE SET NULL ("target_item_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_primary_category_fk" FOREIGN KEY ("tenant_id","primary_category_id") REFERENCES "public"."item_categories"("tenant_id","id") ON DELETE SET NULL ("primary_category_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_secondary_category_fk" FOREIGN KEY ("tenant_id","secondary_category_id") REFERENCES "public"."item_categories"("tenant_id","id") ON DELETE SET NULL ("secondary_category_id") ON UPDATE no action;
