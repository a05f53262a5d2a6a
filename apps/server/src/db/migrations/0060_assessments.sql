CREATE TABLE "assessment_answers" (
	"tenant_id" uuid NOT NULL,
	"attempt_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"question_id" uuid,
	"type" text NOT NULL,
	"question" text NOT NULL,
	"options" jsonb NOT NULL,
	"points" integer NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"media_url" text,
	"selected" integer[],
	"text" text,
	"saved_at" timestamp with time zone,
	"awarded" integer,
	"comment" text DEFAULT '' NOT NULL,
	"graded_by" uuid,
	"graded_at" timestamp with time zone,
	CONSTRAINT "assessment_answers_tenant_id_attempt_id_position_pk" PRIMARY KEY("tenant_id","attempt_id","position"),
	CONSTRAINT "assessment_answers_type_check" CHECK ("assessment_answers"."type" in ('graded', 'singlechoice', 'multichoice', 'openended'))
);
--> statement-breakpoint
CREATE TABLE "assessment_attempts" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"test_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"attempt_no" integer NOT NULL,
	"quiz_type" text NOT NULL,
	"status" text NOT NULL,
	"is_pass" boolean,
	"score" integer,
	"max_score" integer NOT NULL,
	"pass_percent" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"scored_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_attempts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "assessment_attempts_number_unique" UNIQUE("tenant_id","test_id","contact_id","attempt_no")
);
--> statement-breakpoint
CREATE TABLE "assessment_tests" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"draw" text NOT NULL,
	"question_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"banks" text[] DEFAULT '{}'::text[] NOT NULL,
	"random_count" integer,
	"time_limit_minutes" integer,
	"attempts_allowed" integer DEFAULT 1 NOT NULL,
	"pass_percent" integer DEFAULT 60 NOT NULL,
	"opens_at" timestamp with time zone,
	"closes_at" timestamp with time zone,
	"assignments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"course_id" uuid,
	"chapter_id" uuid,
	"is_published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_tests_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "assessment_answers" ADD CONSTRAINT "assessment_answers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_answers" ADD CONSTRAINT "assessment_answers_attempt_fk" FOREIGN KEY ("tenant_id","attempt_id") REFERENCES "public"."assessment_attempts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_attempts" ADD CONSTRAINT "assessment_attempts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_attempts" ADD CONSTRAINT "assessment_attempts_test_fk" FOREIGN KEY ("tenant_id","test_id") REFERENCES "public"."assessment_tests"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_attempts" ADD CONSTRAINT "assessment_attempts_contact_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_tests" ADD CONSTRAINT "assessment_tests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_attempts_tenant_contact_idx" ON "assessment_attempts" USING btree ("tenant_id","contact_id","test_id");--> statement-breakpoint
CREATE INDEX "assessment_attempts_tenant_status_idx" ON "assessment_attempts" USING btree ("tenant_id","status","started_at");--> statement-breakpoint
CREATE INDEX "assessment_tests_tenant_kind_idx" ON "assessment_tests" USING btree ("tenant_id","kind","created_at");