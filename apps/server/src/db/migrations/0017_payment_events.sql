CREATE TABLE "payment_events" (
	"tenant_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"account" text NOT NULL,
	"invoice_id" uuid,
	"charge_ref" text NOT NULL,
	"currency" text NOT NULL,
	"received" bigint NOT NULL,
	"applied" bigint NOT NULL,
	"excess" bigint NOT NULL,
	"outcome" text NOT NULL,
	"refund_ref" text,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_tenant_id_provider_event_id_pk" PRIMARY KEY("tenant_id","provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;