ALTER TABLE "campaigns" ADD COLUMN "mailchimp_report" jsonb;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "mailchimp_report_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "mailchimp_report_error" text DEFAULT '' NOT NULL;