CREATE TABLE "carts" (
	"tenant_id" uuid NOT NULL,
	"id_hash" text NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"offer_code" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carts_tenant_id_id_hash_pk" PRIMARY KEY("tenant_id","id_hash")
);
--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "carts_tenant_updated_idx" ON "carts" USING btree ("tenant_id","updated_at");