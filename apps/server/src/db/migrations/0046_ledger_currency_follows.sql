-- An invoice whose currency is changed takes its payments with it (their copy of the currency, and so their
-- hourly sums, move to the new currency): the ledger's sums stay those of the rows. Nothing in the product
-- changes a paid invoice's currency today; this keeps the sums exact if anything (or a repair) does.
CREATE OR REPLACE FUNCTION invoices_currency_to_payments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE invoice_payments SET currency = NEW.currency WHERE tenant_id = NEW.tenant_id AND invoice_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER invoices_currency_to_payments AFTER UPDATE OF currency ON invoices FOR EACH ROW
  WHEN (OLD.currency IS DISTINCT FROM NEW.currency) EXECUTE FUNCTION invoices_currency_to_payments();
