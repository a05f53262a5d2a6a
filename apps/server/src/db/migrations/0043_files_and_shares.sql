CREATE TABLE "file_shares" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"file_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"contact_id" uuid,
	"course_id" uuid,
	"shared_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_shares_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "file_shares_target" CHECK (("file_shares"."kind" = 'contact' and "file_shares"."contact_id" is not null and "file_shares"."course_id" is null)
        or ("file_shares"."kind" = 'students' and "file_shares"."contact_id" is null and "file_shares"."course_id" is null)
        or ("file_shares"."kind" = 'course' and "file_shares"."course_id" is not null and "file_shares"."contact_id" is null))
);
--> statement-breakpoint
CREATE TABLE "files" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" uuid NOT NULL,
	"source" text NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"uploaded_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "files_size_positive" CHECK ("files"."size" > 0)
);
--> statement-breakpoint
ALTER TABLE "file_shares" ADD CONSTRAINT "file_shares_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_shares" ADD CONSTRAINT "file_shares_file_fk" FOREIGN KEY ("tenant_id","file_id") REFERENCES "public"."files"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_shares" ADD CONSTRAINT "file_shares_contact_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "file_shares_contact_uq" ON "file_shares" USING btree ("tenant_id","file_id","contact_id") WHERE "file_shares"."kind" = 'contact';--> statement-breakpoint
CREATE UNIQUE INDEX "file_shares_students_uq" ON "file_shares" USING btree ("tenant_id","file_id") WHERE "file_shares"."kind" = 'students';--> statement-breakpoint
CREATE UNIQUE INDEX "file_shares_course_uq" ON "file_shares" USING btree ("tenant_id","file_id","course_id") WHERE "file_shares"."kind" = 'course';--> statement-breakpoint
CREATE INDEX "file_shares_tenant_contact_idx" ON "file_shares" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE INDEX "file_shares_tenant_course_idx" ON "file_shares" USING btree ("tenant_id","course_id");--> statement-breakpoint
CREATE INDEX "files_tenant_created_idx" ON "files" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "files_tenant_uploader_idx" ON "files" USING btree ("tenant_id","uploaded_by","created_at");