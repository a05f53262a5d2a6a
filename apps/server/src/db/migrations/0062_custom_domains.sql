CREATE TABLE "custom_domains" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"proof" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"routing_ok" boolean,
	"missed_checks" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "custom_domains" ADD CONSTRAINT "custom_domains_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;