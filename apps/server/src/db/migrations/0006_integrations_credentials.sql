CREATE TABLE "tenant_credentials" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"ciphertext" text NOT NULL,
	"iv" text NOT NULL,
	"tag" text NOT NULL,
	"key_version" integer DEFAULT 1 NOT NULL,
	"hint" text DEFAULT '' NOT NULL,
	"public_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_integrated" boolean DEFAULT false NOT NULL,
	"is_test_mode" boolean DEFAULT false NOT NULL,
	"is_verified" boolean,
	"verify_message" text DEFAULT '' NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenant_credentials_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "tenant_credentials" ADD CONSTRAINT "tenant_credentials_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tenant_credentials_tenant_provider_uq" ON "tenant_credentials" USING btree ("tenant_id","provider");--> statement-breakpoint
CREATE INDEX "tenant_credentials_tenant_kind_idx" ON "tenant_credentials" USING btree ("tenant_id","kind");