ALTER TABLE "campaign_recipients" ADD COLUMN "send_key" uuid;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD COLUMN "clicked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "mailbox_id" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "paused_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "tracking" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "opens" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "clicks" integer DEFAULT 0 NOT NULL;