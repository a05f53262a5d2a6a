CREATE TABLE "sms_campaign_recipients" (
	"tenant_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"page" integer,
	"segments" integer DEFAULT 1 NOT NULL,
	"provider_message_id" text,
	"error" text,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_campaign_recipients_tenant_id_campaign_id_contact_id_pk" PRIMARY KEY("tenant_id","campaign_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "sms_campaigns" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"audience" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"paused_reason" text,
	"provider" text,
	"page_size" integer DEFAULT 250 NOT NULL,
	"page_wait_minutes" integer DEFAULT 3 NOT NULL,
	"next_page_at" timestamp with time zone,
	"pages_sent" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"left_out_no_mobile" integer DEFAULT 0 NOT NULL,
	"left_out_opted_out" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_campaigns_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"tenant_id" uuid NOT NULL,
	"phone" text NOT NULL,
	"source" text NOT NULL,
	"keyword" text DEFAULT 'STOP' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_opt_outs_tenant_id_phone_pk" PRIMARY KEY("tenant_id","phone")
);
--> statement-breakpoint
ALTER TABLE "sms_campaign_recipients" ADD CONSTRAINT "sms_campaign_recipients_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_campaign_recipients" ADD CONSTRAINT "sms_campaign_recipients_campaign_fk" FOREIGN KEY ("tenant_id","campaign_id") REFERENCES "public"."sms_campaigns"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_campaign_recipients" ADD CONSTRAINT "sms_campaign_recipients_contact_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_campaigns" ADD CONSTRAINT "sms_campaigns_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_opt_outs" ADD CONSTRAINT "sms_opt_outs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sms_campaign_recipients_phone_idx" ON "sms_campaign_recipients" USING btree ("tenant_id","campaign_id","phone");--> statement-breakpoint
CREATE INDEX "sms_campaign_recipients_status_idx" ON "sms_campaign_recipients" USING btree ("tenant_id","campaign_id","status");--> statement-breakpoint
CREATE INDEX "sms_campaign_recipients_contact_idx" ON "sms_campaign_recipients" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE INDEX "sms_campaign_recipients_message_idx" ON "sms_campaign_recipients" USING btree ("provider_message_id");--> statement-breakpoint
CREATE INDEX "sms_campaigns_tenant_created_idx" ON "sms_campaigns" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sms_campaigns_sending_idx" ON "sms_campaigns" USING btree ("next_page_at") WHERE "sms_campaigns"."status" = 'sending';