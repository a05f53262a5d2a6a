CREATE TABLE "calendar_feeds" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"contact_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "class_booking_notices" (
	"tenant_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_booking_notices_tenant_id_booking_id_kind_pk" PRIMARY KEY("tenant_id","booking_id","kind")
);
--> statement-breakpoint
ALTER TABLE "class_bookings" ADD COLUMN "waitlist_rank" integer;--> statement-breakpoint
ALTER TABLE "class_bookings" ADD COLUMN "hold_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "class_bookings" ADD COLUMN "payment" text DEFAULT 'free' NOT NULL;--> statement-breakpoint
ALTER TABLE "class_bookings" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "class_bookings" ADD COLUMN "no_show" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "class_bookings" ADD COLUMN "late_cancel" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD COLUMN "check_in_closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_tenant_id_contact_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_booking_notices" ADD CONSTRAINT "class_booking_notices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_booking_notices" ADD CONSTRAINT "class_booking_notices_tenant_id_booking_id_class_bookings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","booking_id") REFERENCES "public"."class_bookings"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_uq" ON "calendar_feeds" USING btree ("tenant_id","token");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_live_uq" ON "calendar_feeds" USING btree ("tenant_id","contact_id","kind") WHERE "calendar_feeds"."revoked_at" is null;--> statement-breakpoint
ALTER TABLE "class_bookings" ADD CONSTRAINT "class_bookings_tenant_id_invoice_id_invoices_tenant_id_id_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_bookings_invoice_uq" ON "class_bookings" USING btree ("tenant_id","invoice_id");--> statement-breakpoint
CREATE INDEX "class_bookings_hold_idx" ON "class_bookings" USING btree ("hold_expires_at") WHERE "class_bookings"."status" in ('offered', 'pending');--> statement-breakpoint
ALTER TABLE "class_bookings" ADD CONSTRAINT "class_bookings_hold" CHECK (("class_bookings"."status" in ('offered', 'pending')) = ("class_bookings"."hold_expires_at" is not null));