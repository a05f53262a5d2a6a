CREATE TABLE "studio_signup_guards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "studio_signup_guards_check_unique" ON "studio_signup_guards" USING btree ("key") WHERE "studio_signup_guards"."kind" = 'check';--> statement-breakpoint
CREATE INDEX "studio_signup_guards_attempts_idx" ON "studio_signup_guards" USING btree ("key","created_at") WHERE "studio_signup_guards"."kind" = 'attempt';