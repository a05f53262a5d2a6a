ALTER TABLE "form_submissions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "form_submissions_confirm_token_uq" ON "form_submissions" USING btree ("tenant_id","confirm_token_hash");--> statement-breakpoint
-- Submissions made before this counted at once: they keep counting (decisions.md "A waiver counts when the member signed it").
UPDATE "form_submissions" SET "confirmed_at" = "signed_at";
