CREATE TABLE "donation_campaigns" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"goal" bigint,
	"suggested_amounts" bigint[] DEFAULT '{}'::bigint[] NOT NULL,
	"allow_custom_amount" boolean DEFAULT true NOT NULL,
	"minimum_amount" bigint NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donation_campaigns_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "donation_campaigns_goal_positive" CHECK ("donation_campaigns"."goal" is null or "donation_campaigns"."goal" > 0),
	CONSTRAINT "donation_campaigns_minimum_positive" CHECK ("donation_campaigns"."minimum_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "donation_receipt_counters" (
	"tenant_id" uuid NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "donation_receipt_counters_tenant_id_pk" PRIMARY KEY("tenant_id")
);
--> statement-breakpoint
CREATE TABLE "donations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"donor_name" text NOT NULL,
	"donor_email" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"frequency" text DEFAULT 'once' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"receipt_number" integer,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "donations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "donations_amount_positive" CHECK ("donations"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "attachment" jsonb;--> statement-breakpoint
ALTER TABLE "donation_campaigns" ADD CONSTRAINT "donation_campaigns_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_receipt_counters" ADD CONSTRAINT "donation_receipt_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_campaign_fk" FOREIGN KEY ("tenant_id","campaign_id") REFERENCES "public"."donation_campaigns"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donations" ADD CONSTRAINT "donations_invoice_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "donation_campaigns_tenant_created_idx" ON "donation_campaigns" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "donations_tenant_invoice_uq" ON "donations" USING btree ("tenant_id","invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "donations_tenant_receipt_uq" ON "donations" USING btree ("tenant_id","receipt_number");--> statement-breakpoint
CREATE INDEX "donations_tenant_campaign_idx" ON "donations" USING btree ("tenant_id","campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "donations_tenant_contact_idx" ON "donations" USING btree ("tenant_id","contact_id","created_at");