CREATE TABLE "credit_entries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"grant_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"booking_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_entries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "credit_grants" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"subscription_id" uuid,
	"name" text NOT NULL,
	"granted" integer NOT NULL,
	"remaining" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_grants_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "credit_grants_remaining" CHECK ("credit_grants"."remaining" between 0 and "credit_grants"."granted")
);
--> statement-breakpoint
CREATE TABLE "membership_terms" (
	"tenant_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"membership_type" text NOT NULL,
	"frequency" text,
	"registration_fee_minor" integer DEFAULT 0 NOT NULL,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"billing_cycles" integer,
	"start_rule" text DEFAULT 'today' NOT NULL,
	"billing_day" integer,
	"credits" integer,
	"expires_after_months" integer,
	CONSTRAINT "membership_terms_tenant_id_item_id_pk" PRIMARY KEY("tenant_id","item_id"),
	CONSTRAINT "membership_terms_fee" CHECK ("membership_terms"."registration_fee_minor" >= 0),
	CONSTRAINT "membership_terms_trial" CHECK ("membership_terms"."trial_days" between 0 and 365),
	CONSTRAINT "membership_terms_cycles" CHECK ("membership_terms"."billing_cycles" is null or "membership_terms"."billing_cycles" between 1 and 999),
	CONSTRAINT "membership_terms_day" CHECK ("membership_terms"."billing_day" is null or "membership_terms"."billing_day" between 1 and 28),
	CONSTRAINT "membership_terms_credits" CHECK ("membership_terms"."credits" is null or "membership_terms"."credits" between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "subscription_cycles" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"subscription_id" uuid NOT NULL,
	"cycle" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"charge_ref" text,
	"invoice_id" uuid,
	"failure_message" text,
	"reminded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_cycles_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"name" text NOT NULL,
	"membership_type" text NOT NULL,
	"frequency" text,
	"status" text NOT NULL,
	"price_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"billing_cycles" integer,
	"cycles_billed" integer DEFAULT 0 NOT NULL,
	"next_charge_at" timestamp with time zone,
	"period_ends_at" timestamp with time zone,
	"billing_day" integer,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"credits_per_cycle" integer,
	"provider" text NOT NULL,
	"provider_account" text NOT NULL,
	"provider_customer" text NOT NULL,
	"payment_method_id" text NOT NULL,
	"payment_method_label" text DEFAULT '' NOT NULL,
	"setup_ref" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"paused_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_entries" ADD CONSTRAINT "credit_entries_tenant_id_grant_id_credit_grants_tenant_id_id_fk" FOREIGN KEY ("tenant_id","grant_id") REFERENCES "public"."credit_grants"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_grants" ADD CONSTRAINT "credit_grants_tenant_id_contact_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_terms" ADD CONSTRAINT "membership_terms_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_terms" ADD CONSTRAINT "membership_terms_tenant_id_item_id_items_tenant_id_id_fk" FOREIGN KEY ("tenant_id","item_id") REFERENCES "public"."items"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_cycles" ADD CONSTRAINT "subscription_cycles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_cycles" ADD CONSTRAINT "subscription_cycles_tenant_id_subscription_id_subscriptions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","subscription_id") REFERENCES "public"."subscriptions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_tenant_id_contact_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_tenant_id_item_id_items_tenant_id_id_fk" FOREIGN KEY ("tenant_id","item_id") REFERENCES "public"."items"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_entries_contact_idx" ON "credit_entries" USING btree ("tenant_id","contact_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_entries_booking_idx" ON "credit_entries" USING btree ("tenant_id","booking_id");--> statement-breakpoint
CREATE INDEX "credit_grants_contact_idx" ON "credit_grants" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE INDEX "credit_grants_expiry_idx" ON "credit_grants" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_cycles_cycle_uq" ON "subscription_cycles" USING btree ("tenant_id","subscription_id","cycle");--> statement-breakpoint
CREATE INDEX "subscription_cycles_retry_idx" ON "subscription_cycles" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_setup_uq" ON "subscriptions" USING btree ("tenant_id","setup_ref");--> statement-breakpoint
CREATE INDEX "subscriptions_contact_idx" ON "subscriptions" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("next_charge_at");