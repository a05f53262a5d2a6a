ALTER TABLE "course_enrolments" ADD COLUMN "fallback_source" text;--> statement-breakpoint
ALTER TABLE "course_enrolments" ADD COLUMN "refunded_at" timestamp with time zone;