-- The session cache also keeps each signed-in user's default address line (shown by
-- GET /api/auth/me); a change to a user's addresses drops it on every process, like a change to
-- the user (migration 0010_session_change_notify).
CREATE FUNCTION notify_address_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('session_changes', NEW.user_id::text);
  ELSE
    PERFORM pg_notify('session_changes', OLD.user_id::text);
    IF TG_OP = 'UPDATE' AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
      PERFORM pg_notify('session_changes', NEW.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER addresses_session_change AFTER INSERT OR UPDATE OR DELETE ON addresses
  FOR EACH ROW EXECUTE FUNCTION notify_address_change();
--> statement-breakpoint
CREATE TRIGGER addresses_truncated AFTER TRUNCATE ON addresses
  FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_truncated();
