CREATE TABLE "invoice_counters" (
	"tenant_id" uuid NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_counters_tenant_id_pk" PRIMARY KEY("tenant_id")
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"item_id" uuid,
	"name" text NOT NULL,
	"unit_price" bigint DEFAULT 0 NOT NULL,
	"registration_fee" bigint DEFAULT 0 NOT NULL,
	"quantity" integer NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"card_fee" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"is_taxable" boolean NOT NULL,
	"is_charge_credit_card_fees" boolean NOT NULL,
	CONSTRAINT "invoice_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"refund_of" uuid,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"provider" text,
	"provider_ref" text,
	"idempotency_key" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by_id" uuid,
	"recorded_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "invoice_payments_amount_positive" CHECK ("invoice_payments"."amount" > 0),
	CONSTRAINT "invoice_payments_refunded_ok" CHECK ("invoice_payments"."refunded" between 0 and "invoice_payments"."amount"),
	CONSTRAINT "invoice_payments_refund_link" CHECK (("invoice_payments"."kind" = 'refund') = ("invoice_payments"."refund_of" is not null))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"public_id" text NOT NULL,
	"contact_id" uuid NOT NULL,
	"contact_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"sales_person_id" uuid,
	"sales_person_name" text DEFAULT '' NOT NULL,
	"currency" text NOT NULL,
	"payment_method" text NOT NULL,
	"offer_code" text,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"tax" bigint DEFAULT 0 NOT NULL,
	"taxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"card_fee" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"amount_paid" bigint DEFAULT 0 NOT NULL,
	"amount_refunded" bigint DEFAULT 0 NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"created_by_id" uuid,
	"search_text" text GENERATED ALWAYS AS (contact_name || chr(10) || contact_email) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "invoices_amounts_ok" CHECK ("invoices"."amount_paid" >= 0 and "invoices"."amount_refunded" between 0 and "invoices"."amount_paid"),
	CONSTRAINT "invoices_balance_ok" CHECK ("invoices"."balance" >= 0 and "invoices"."balance" <= "invoices"."total")
);
--> statement-breakpoint
ALTER TABLE "contacts" ALTER COLUMN "balance" SET DATA TYPE numeric(15, 3);--> statement-breakpoint
ALTER TABLE "contacts" ALTER COLUMN "balance" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_refund_of_fk" FOREIGN KEY ("tenant_id","refund_of") REFERENCES "public"."invoice_payments"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lines_tenant_invoice_idx" ON "invoice_lines" USING btree ("tenant_id","invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_tenant_key_uq" ON "invoice_payments" USING btree ("tenant_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_payments_tenant_provider_ref_uq" ON "invoice_payments" USING btree ("tenant_id","provider","provider_ref","kind") WHERE "invoice_payments"."provider_ref" is not null;--> statement-breakpoint
CREATE INDEX "invoice_payments_tenant_invoice_idx" ON "invoice_payments" USING btree ("tenant_id","invoice_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_tenant_number_uq" ON "invoices" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_tenant_public_id_uq" ON "invoices" USING btree ("tenant_id","public_id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_created_idx" ON "invoices" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_contact_idx" ON "invoices" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_search_trgm_idx" ON "invoices" USING gin ("tenant_id","search_text" gin_trgm_ops);