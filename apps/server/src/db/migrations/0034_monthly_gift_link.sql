ALTER TABLE "subscriptions" ADD COLUMN "manage_token" text;--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_manage_token_uq" ON "subscriptions" USING btree ("tenant_id","manage_token");