-- The ledger's hourly sums for the dashboard's twelve months (docs/decisions/reports.md "The dashboard reads
-- hourly sums"). Each payment carries its invoice's currency, copied when it is written, so a sum by
-- currency needs no join and the sums can follow a payment that is deleted with its invoice.
ALTER TABLE "invoice_payments" ADD COLUMN "currency" text;--> statement-breakpoint
UPDATE "invoice_payments" p SET "currency" = i."currency" FROM "invoices" i
  WHERE i."tenant_id" = p."tenant_id" AND i."id" = p."invoice_id";--> statement-breakpoint
ALTER TABLE "invoice_payments" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_payments_currency() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT i.currency INTO NEW.currency FROM invoices i WHERE i.tenant_id = NEW.tenant_id AND i.id = NEW.invoice_id;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER invoice_payments_currency BEFORE INSERT OR UPDATE OF invoice_id, currency ON invoice_payments
  FOR EACH ROW EXECUTE FUNCTION invoice_payments_currency();--> statement-breakpoint
CREATE TABLE "ledger_hours" (
	"tenant_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"net" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_hours_tenant_id_currency_hour_pk" PRIMARY KEY("tenant_id","currency","hour")
);--> statement-breakpoint
ALTER TABLE "ledger_hours" ADD CONSTRAINT "ledger_hours_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A payment adds to its hour, a refund takes off; a moved or deleted row takes its old amount back. Deferred to
-- the commit, so the hour's row is locked only for the commit itself: concurrent payments of a studio do not
-- queue behind each other's whole transaction. A deleted row only updates (never inserts) its hour: when the
-- studio itself is being deleted, its sums are already gone.
CREATE OR REPLACE FUNCTION ledger_hours_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE ledger_hours SET net = net - (CASE WHEN OLD.kind = 'refund' THEN -OLD.amount ELSE OLD.amount END)
    WHERE tenant_id = OLD.tenant_id AND currency = OLD.currency
      AND hour = date_trunc('hour', OLD.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO ledger_hours AS l (tenant_id, currency, hour, net)
    VALUES (NEW.tenant_id, NEW.currency, date_trunc('hour', NEW.created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
      CASE WHEN NEW.kind = 'refund' THEN -NEW.amount ELSE NEW.amount END)
    ON CONFLICT (tenant_id, currency, hour) DO UPDATE SET net = l.net + excluded.net;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER invoice_payments_ledger_hours
  AFTER INSERT OR DELETE OR UPDATE OF amount, kind, created_at, currency, tenant_id ON invoice_payments
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_hours_follow();--> statement-breakpoint
INSERT INTO ledger_hours (tenant_id, currency, hour, net)
SELECT tenant_id, currency, date_trunc('hour', created_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC',
  sum(CASE WHEN kind = 'refund' THEN -amount ELSE amount END)
FROM invoice_payments GROUP BY 1, 2, 3;
