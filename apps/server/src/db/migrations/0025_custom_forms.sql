CREATE TABLE "custom_forms" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"form_type" text NOT NULL,
	"custom_form_name" text DEFAULT '' NOT NULL,
	"is_name" boolean DEFAULT true NOT NULL,
	"is_email" boolean DEFAULT true NOT NULL,
	"is_phone" boolean DEFAULT true NOT NULL,
	"is_show_emergency_contact" boolean DEFAULT false NOT NULL,
	"is_show_birthdate" boolean DEFAULT false NOT NULL,
	"is_show_guardian" boolean DEFAULT false NOT NULL,
	"is_sign_required" boolean DEFAULT false NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"before_form" text DEFAULT '' NOT NULL,
	"sub_header" text DEFAULT '' NOT NULL,
	"after_form" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_forms_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "form_submissions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"form_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"form_name" text NOT NULL,
	"form_type" text NOT NULL,
	"content" jsonb NOT NULL,
	"document_hash" text NOT NULL,
	"signature" text DEFAULT '' NOT NULL,
	"typed_signature" text DEFAULT '' NOT NULL,
	"signer_name" text NOT NULL,
	"signer_email" text NOT NULL,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'IN_PROGRESS' NOT NULL,
	"document_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_submissions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "custom_fields" ADD COLUMN "form_id" uuid;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD COLUMN "is_phone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "custom_forms" ADD CONSTRAINT "custom_forms_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_form_fk" FOREIGN KEY ("tenant_id","form_id") REFERENCES "public"."custom_forms"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submissions" ADD CONSTRAINT "form_submissions_contact_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_forms_tenant_type_idx" ON "custom_forms" USING btree ("tenant_id","form_type","is_published");--> statement-breakpoint
CREATE INDEX "form_submissions_contact_idx" ON "form_submissions" USING btree ("tenant_id","contact_id","signed_at");--> statement-breakpoint
CREATE INDEX "form_submissions_form_idx" ON "form_submissions" USING btree ("tenant_id","form_id");--> statement-breakpoint
CREATE INDEX "form_submissions_waiver_idx" ON "form_submissions" USING btree ("tenant_id","contact_id") WHERE "form_submissions"."form_type" = 'WAIVER';--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_form_fk" FOREIGN KEY ("tenant_id","form_id") REFERENCES "public"."custom_forms"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_fields_tenant_form_idx" ON "custom_fields" USING btree ("tenant_id","form_id","sequence");