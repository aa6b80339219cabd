-- Every API process keeps the public catalogue (retailers, stores) serialized in memory (ADR 008)
-- and drops it on a NOTIFY sent by these triggers, from whichever process or tool wrote the change.
-- Retailer accounts count too: onboarding a retailer takes it out of the partner lists.
CREATE FUNCTION notify_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER retailers_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON retailers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER stores_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON stores
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER retailer_accounts_catalogue_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON retailer_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION notify_catalogue_change();
