ALTER TABLE "class_bookings" ADD COLUMN "placed_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL;--> statement-breakpoint
UPDATE "class_bookings" SET "placed_at" = "created_at";--> statement-breakpoint
ALTER TABLE "class_rules" ADD COLUMN "waitlist_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "class_rules" ADD COLUMN "waitlist_size" integer;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD COLUMN "waitlist_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD COLUMN "waitlist_size" integer;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "class_rules" ADD CONSTRAINT "class_rules_waitlist_size" CHECK ("class_rules"."waitlist_size" is null or "class_rules"."waitlist_size" between 1 and 1000);--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_waitlist_size" CHECK ("class_sessions"."waitlist_size" is null or "class_sessions"."waitlist_size" between 1 and 1000);