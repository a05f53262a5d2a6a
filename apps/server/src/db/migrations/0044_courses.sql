CREATE TABLE "course_chapters" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"sequence" integer NOT NULL,
	"video_asset_id" uuid,
	"html" text DEFAULT '' NOT NULL,
	"file_id" uuid,
	"starts_at" timestamp with time zone,
	"duration_minutes" integer,
	"meeting_id" text,
	"join_url" text,
	"is_demo" boolean DEFAULT false NOT NULL,
	"join_intro" boolean DEFAULT false NOT NULL,
	"join_outro" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_chapters_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "course_enrolments" (
	"tenant_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"source" text NOT NULL,
	"invoice_id" uuid,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_chapter_id" uuid,
	"last_activity_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "course_enrolments_tenant_id_course_id_contact_id_pk" PRIMARY KEY("tenant_id","course_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "course_memberships" (
	"tenant_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	CONSTRAINT "course_memberships_tenant_id_course_id_membership_id_pk" PRIMARY KEY("tenant_id","course_id","membership_id")
);
--> statement-breakpoint
CREATE TABLE "course_progress" (
	"tenant_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"chapter_id" uuid NOT NULL,
	"course_id" uuid NOT NULL,
	"position_seconds" double precision DEFAULT 0 NOT NULL,
	"duration_seconds" double precision,
	"furthest_seconds" double precision DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"position_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_progress_tenant_id_contact_id_chapter_id_pk" PRIMARY KEY("tenant_id","contact_id","chapter_id")
);
--> statement-breakpoint
CREATE TABLE "course_sections" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"course_id" uuid NOT NULL,
	"title" text NOT NULL,
	"sequence" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_sections_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"teacher_id" uuid,
	"image_id" uuid,
	"pricing" text NOT NULL,
	"price_minor" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"preview_chapter_id" uuid,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "courses_price_ok" CHECK ("courses"."price_minor" >= 0 and (("courses"."pricing" = 'paid') = ("courses"."price_minor" > 0)))
);
--> statement-breakpoint
ALTER TABLE "course_chapters" ADD CONSTRAINT "course_chapters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_chapters" ADD CONSTRAINT "course_chapters_course_fk" FOREIGN KEY ("tenant_id","course_id") REFERENCES "public"."courses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_chapters" ADD CONSTRAINT "course_chapters_section_fk" FOREIGN KEY ("tenant_id","section_id") REFERENCES "public"."course_sections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrolments" ADD CONSTRAINT "course_enrolments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrolments" ADD CONSTRAINT "course_enrolments_course_fk" FOREIGN KEY ("tenant_id","course_id") REFERENCES "public"."courses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrolments" ADD CONSTRAINT "course_enrolments_contact_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_memberships" ADD CONSTRAINT "course_memberships_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_memberships" ADD CONSTRAINT "course_memberships_course_fk" FOREIGN KEY ("tenant_id","course_id") REFERENCES "public"."courses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_memberships" ADD CONSTRAINT "course_memberships_item_fk" FOREIGN KEY ("tenant_id","membership_id") REFERENCES "public"."items"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_chapter_fk" FOREIGN KEY ("tenant_id","chapter_id") REFERENCES "public"."course_chapters"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_contact_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sections" ADD CONSTRAINT "course_sections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_sections" ADD CONSTRAINT "course_sections_course_fk" FOREIGN KEY ("tenant_id","course_id") REFERENCES "public"."courses"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_category_fk" FOREIGN KEY ("tenant_id","id") REFERENCES "public"."item_categories"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_item_fk" FOREIGN KEY ("tenant_id","item_id") REFERENCES "public"."items"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "course_chapters_tenant_course_idx" ON "course_chapters" USING btree ("tenant_id","course_id");--> statement-breakpoint
CREATE INDEX "course_chapters_tenant_section_idx" ON "course_chapters" USING btree ("tenant_id","section_id","sequence");--> statement-breakpoint
CREATE INDEX "course_chapters_tenant_video_idx" ON "course_chapters" USING btree ("tenant_id","video_asset_id");--> statement-breakpoint
CREATE INDEX "course_enrolments_tenant_contact_idx" ON "course_enrolments" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE INDEX "course_memberships_tenant_membership_idx" ON "course_memberships" USING btree ("tenant_id","membership_id");--> statement-breakpoint
CREATE INDEX "course_progress_tenant_course_contact_idx" ON "course_progress" USING btree ("tenant_id","course_id","contact_id");--> statement-breakpoint
CREATE INDEX "course_sections_tenant_course_idx" ON "course_sections" USING btree ("tenant_id","course_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_tenant_slug_uq" ON "courses" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_tenant_item_uq" ON "courses" USING btree ("tenant_id","item_id");--> statement-breakpoint
CREATE INDEX "courses_tenant_status_name_idx" ON "courses" USING btree ("tenant_id","status","name");