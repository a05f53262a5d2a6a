CREATE TABLE "video_assets" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"original_name" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"mime_type" text,
	"status" text DEFAULT 'uploading' NOT NULL,
	"failure_reason" text,
	"progress_percent" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer,
	"width" integer,
	"height" integer,
	"poster_key" text,
	"hls_prefix" text,
	"hls_master_key" text,
	"renditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"captions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"join_intro" boolean DEFAULT false NOT NULL,
	"join_outro" boolean DEFAULT false NOT NULL,
	"tenant_role" text,
	"created_by" uuid NOT NULL,
	"transcode_started_at" timestamp with time zone,
	"ready_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "video_assets_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "video_assets_status_known" CHECK ("video_assets"."status" in ('uploading', 'processing', 'ready', 'failed')),
	CONSTRAINT "video_assets_tenant_role_known" CHECK ("video_assets"."tenant_role" is null or "video_assets"."tenant_role" in ('introTenant', 'outroTenant')),
	CONSTRAINT "video_assets_progress_range" CHECK ("video_assets"."progress_percent" between 0 and 100),
	CONSTRAINT "video_assets_size_positive" CHECK ("video_assets"."size_bytes" >= 0),
	CONSTRAINT "video_assets_failed_has_reason" CHECK ("video_assets"."status" <> 'failed' or "video_assets"."failure_reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "video_assets" ADD CONSTRAINT "video_assets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_assets_tenant_created_idx" ON "video_assets" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "video_assets_tenant_role_uq" ON "video_assets" USING btree ("tenant_id","tenant_role") WHERE "video_assets"."tenant_role" is not null;