DROP INDEX "invoices_tenant_created_idx";--> statement-breakpoint
CREATE INDEX "invoices_tenant_failed_idx" ON "invoices" USING btree ("tenant_id") WHERE "invoices"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "class_bookings_session_counts_idx" ON "class_bookings" USING btree ("tenant_id","session_id","status","attended_at","no_show","late_cancel","id");--> statement-breakpoint
CREATE INDEX "invoices_tenant_created_idx" ON "invoices" USING btree ("tenant_id","created_at","id","currency","status");