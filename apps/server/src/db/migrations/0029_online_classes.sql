ALTER TABLE "class_rules" ADD COLUMN "online_meeting_id" text;--> statement-breakpoint
ALTER TABLE "class_rules" ADD COLUMN "online_join_url" text;