CREATE TABLE "master_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"monthly_minor" integer NOT NULL,
	"yearly_minor" integer NOT NULL,
	"inr_monthly_minor" integer,
	"inr_yearly_minor" integer,
	"contacts_limit" integer NOT NULL,
	"members_limit" integer,
	"trial_days" integer DEFAULT 0 NOT NULL,
	"by_contact" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "master_plans_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "operator_audit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"operator_id" uuid NOT NULL,
	"operator_name" text NOT NULL,
	"target_tenant_id" uuid NOT NULL,
	"target_org_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "operator_audit_target_idx" ON "operator_audit" USING btree ("target_tenant_id","created_at");--> statement-breakpoint
INSERT INTO "master_plans" ("slug", "name", "features", "monthly_minor", "yearly_minor", "inr_monthly_minor", "inr_yearly_minor", "contacts_limit", "members_limit", "by_contact", "sequence") VALUES
	('free', 'Free', '["Classes, courses and events", "Online registration and payments"]'::jsonb, 0, 0, 0, 0, 2000, 100, false, 0),
	('organize', 'Organize', '["100 active members", "2000 contacts"]'::jsonb, 2500, 30000, 294500, 3094100, 2000, 100, false, 1),
	('expand', 'Growth', '["250 active members", "10K contacts", "Mobile app", "Custom domains"]'::jsonb, 6500, 66000, 478600, 4862000, 10000, 250, false, 2),
	('leap', 'Leap', '["Unlimited members", "50K contacts", "Custom mobile app (iOS and Android)", "Custom domains"]'::jsonb, 12900, 132000, 949800, 9724000, 50000, NULL, true, 3)
ON CONFLICT ("slug") DO NOTHING;
