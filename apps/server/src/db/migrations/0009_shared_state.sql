CREATE TABLE "auth_attempts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"account" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "auth_attempts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "single_use_values" (
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"key_hash" text NOT NULL,
	"value" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "single_use_values_tenant_id_kind_key_hash_pk" PRIMARY KEY("tenant_id","kind","key_hash")
);
--> statement-breakpoint
ALTER TABLE "auth_attempts" ADD CONSTRAINT "auth_attempts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "single_use_values" ADD CONSTRAINT "single_use_values_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_attempts_account_idx" ON "auth_attempts" USING btree ("tenant_id","action","account","created_at");--> statement-breakpoint
CREATE INDEX "auth_attempts_ip_idx" ON "auth_attempts" USING btree ("tenant_id","action","ip","created_at");--> statement-breakpoint
CREATE INDEX "auth_attempts_created_idx" ON "auth_attempts" USING btree ("tenant_id","action","created_at");--> statement-breakpoint
CREATE INDEX "single_use_values_expiry_idx" ON "single_use_values" USING btree ("tenant_id","kind","expires_at");