-- Each API process keeps a signed-in user's order-pickup list in memory with the user's
-- cached sessions (session-cache.ts, `userValue`). Any change to an order pickup (placed, paid,
-- moved on by the simulator or the curbside flow, cancelled) is announced with its user's id on
-- `session_changes`, in the writing transaction, so every process drops that user's copy when it
-- commits, whichever code or tool made the change (as addresses do, migration 0012).
CREATE FUNCTION notify_order_pickup_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' AND NEW.user_id IS NOT NULL THEN
    PERFORM pg_notify('session_changes', NEW.user_id::text);
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.user_id IS NOT NULL
    AND (TG_OP = 'DELETE' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM pg_notify('session_changes', OLD.user_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER order_pickups_session_change AFTER INSERT OR UPDATE OR DELETE ON order_pickups
  FOR EACH ROW EXECUTE FUNCTION notify_order_pickup_change();
--> statement-breakpoint
CREATE TRIGGER order_pickups_truncated AFTER TRUNCATE ON order_pickups
  FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_truncated();
