CREATE TABLE "qbank_questions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"bank" text NOT NULL,
	"type" text NOT NULL,
	"question" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"points" integer DEFAULT 1 NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"media_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "qbank_questions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "qbank_questions_type_check" CHECK ("qbank_questions"."type" in ('graded', 'singlechoice', 'multichoice', 'openended'))
);
--> statement-breakpoint
ALTER TABLE "qbank_questions" ADD CONSTRAINT "qbank_questions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qbank_questions_tenant_bank_idx" ON "qbank_questions" USING btree ("tenant_id","bank","created_at");