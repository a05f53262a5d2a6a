ALTER TABLE "contacts" ADD COLUMN "source" text;--> statement-breakpoint
UPDATE "contacts" SET "source" = 'checkout' WHERE "lead_source" = 'Online store' AND NOT "is_walkin";--> statement-breakpoint
UPDATE "contacts" SET "source" = 'donation' WHERE "lead_source" = 'Donation' AND NOT "is_walkin";
