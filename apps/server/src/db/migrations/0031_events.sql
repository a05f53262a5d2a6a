DROP INDEX "class_bookings_invoice_uq";--> statement-breakpoint
ALTER TABLE "class_rules" ADD COLUMN "kind" text DEFAULT 'class' NOT NULL;--> statement-breakpoint
ALTER TABLE "class_rules" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "class_rules" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "class_rules" ADD COLUMN "is_featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "class_rules" ADD COLUMN "public_id" text DEFAULT substr(md5(random()::text || clock_timestamp()::text), 1, 16) NOT NULL;--> statement-breakpoint
CREATE INDEX "class_bookings_invoice_idx" ON "class_bookings" USING btree ("tenant_id","invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "class_rules_public_id_idx" ON "class_rules" USING btree ("tenant_id","public_id");