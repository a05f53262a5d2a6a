CREATE TABLE "contact_custom_values" (
	"tenant_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"custom_field_id" uuid NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_custom_values_tenant_id_contact_id_custom_field_id_pk" PRIMARY KEY("tenant_id","contact_id","custom_field_id")
);
--> statement-breakpoint
CREATE TABLE "custom_fields" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"tag" text NOT NULL,
	"field_name" text DEFAULT '' NOT NULL,
	"placeholder" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"is_mandatory" boolean DEFAULT false NOT NULL,
	"is_form_field" boolean DEFAULT false NOT NULL,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_fields_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"template" text NOT NULL,
	"system_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"tenant_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"is_notify_sales" boolean DEFAULT false NOT NULL,
	"is_notify_contacts" boolean DEFAULT false NOT NULL,
	"is_notify_programs" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_tenant_id_contact_id_pk" PRIMARY KEY("tenant_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "widgets" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"misc" text DEFAULT '' NOT NULL,
	"width" integer,
	"height" integer,
	"is_published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "widgets_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "is_teacher" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_custom_values" ADD CONSTRAINT "contact_custom_values_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_custom_values" ADD CONSTRAINT "contact_custom_values_contact_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_custom_values" ADD CONSTRAINT "contact_custom_values_field_fk" FOREIGN KEY ("tenant_id","custom_field_id") REFERENCES "public"."custom_fields"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_fields" ADD CONSTRAINT "custom_fields_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_contact_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widgets" ADD CONSTRAINT "widgets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_custom_values_tenant_field_idx" ON "contact_custom_values" USING btree ("tenant_id","custom_field_id");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_fields_tenant_tag_uq" ON "custom_fields" USING btree ("tenant_id","tag");--> statement-breakpoint
CREATE INDEX "custom_fields_tenant_sequence_idx" ON "custom_fields" USING btree ("tenant_id","sequence");--> statement-breakpoint
CREATE INDEX "email_templates_tenant_created_idx" ON "email_templates" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_tenant_system_key_uq" ON "email_templates" USING btree ("tenant_id","system_key") WHERE "email_templates"."system_key" is not null;--> statement-breakpoint
CREATE INDEX "widgets_tenant_name_idx" ON "widgets" USING btree ("tenant_id","name");