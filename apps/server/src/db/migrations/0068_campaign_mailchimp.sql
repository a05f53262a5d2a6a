ALTER TABLE "campaigns" ADD COLUMN "mailchimp_campaign_id" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "mailchimp_segment_id" text;