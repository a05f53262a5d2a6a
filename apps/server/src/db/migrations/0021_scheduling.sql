CREATE TABLE "class_bookings" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"status" text NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "class_bookings_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"attended_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_bookings_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "class_rules" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"days_of_week" smallint[] NOT NULL,
	"start_time" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"start_date" text NOT NULL,
	"end_date" text,
	"exception_dates" text[] DEFAULT '{}'::text[] NOT NULL,
	"capacity" integer NOT NULL,
	"room_id" uuid,
	"teacher_id" uuid,
	"price_minor" integer,
	"time_zone" text NOT NULL,
	"generated_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_rules_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "class_rules_capacity_positive" CHECK ("class_rules"."capacity" > 0),
	CONSTRAINT "class_rules_duration" CHECK ("class_rules"."duration_minutes" between 5 and 720),
	CONSTRAINT "class_rules_dates_ordered" CHECK ("class_rules"."end_date" is null or "class_rules"."end_date" >= "class_rules"."start_date"),
	CONSTRAINT "class_rules_price" CHECK ("class_rules"."price_minor" is null or "class_rules"."price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "class_sessions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"rule_id" uuid NOT NULL,
	"local_date" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"room_id" uuid,
	"teacher_id" uuid,
	"booked_count" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_sessions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "class_sessions_ordered" CHECK ("class_sessions"."ends_at" > "class_sessions"."starts_at"),
	CONSTRAINT "class_sessions_booked" CHECK ("class_sessions"."booked_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"capacity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rooms_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "rooms_capacity_positive" CHECK ("rooms"."capacity" > 0)
);
--> statement-breakpoint
ALTER TABLE "class_bookings" ADD CONSTRAINT "class_bookings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_bookings" ADD CONSTRAINT "class_bookings_tenant_id_session_id_class_sessions_tenant_id_id_fk" FOREIGN KEY ("tenant_id","session_id") REFERENCES "public"."class_sessions"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_bookings" ADD CONSTRAINT "class_bookings_tenant_id_contact_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","contact_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_rules" ADD CONSTRAINT "class_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_rules" ADD CONSTRAINT "class_rules_tenant_id_room_id_rooms_tenant_id_id_fk" FOREIGN KEY ("tenant_id","room_id") REFERENCES "public"."rooms"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_rules" ADD CONSTRAINT "class_rules_tenant_id_teacher_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","teacher_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_tenant_id_rule_id_class_rules_tenant_id_id_fk" FOREIGN KEY ("tenant_id","rule_id") REFERENCES "public"."class_rules"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_tenant_id_room_id_rooms_tenant_id_id_fk" FOREIGN KEY ("tenant_id","room_id") REFERENCES "public"."rooms"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_tenant_id_teacher_id_contacts_tenant_id_id_fk" FOREIGN KEY ("tenant_id","teacher_id") REFERENCES "public"."contacts"("tenant_id","id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_bookings_live_uq" ON "class_bookings" USING btree ("tenant_id","session_id","contact_id") WHERE "class_bookings"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "class_bookings_session_idx" ON "class_bookings" USING btree ("tenant_id","session_id","status","seq");--> statement-breakpoint
CREATE INDEX "class_bookings_contact_idx" ON "class_bookings" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE INDEX "class_rules_generated_idx" ON "class_rules" USING btree ("generated_until");--> statement-breakpoint
CREATE UNIQUE INDEX "class_sessions_rule_date_uq" ON "class_sessions" USING btree ("tenant_id","rule_id","local_date");--> statement-breakpoint
CREATE INDEX "class_sessions_tenant_start_idx" ON "class_sessions" USING btree ("tenant_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_tenant_name_uq" ON "rooms" USING btree ("tenant_id",lower("name"));