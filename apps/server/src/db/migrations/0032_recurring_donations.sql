ALTER TABLE "subscriptions" ALTER COLUMN "item_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "subscription_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "campaign_id" uuid;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_campaign_fk" FOREIGN KEY ("tenant_id","campaign_id") REFERENCES "public"."donation_campaigns"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_item_or_campaign" CHECK (("subscriptions"."item_id" is null) <> ("subscriptions"."campaign_id" is null));