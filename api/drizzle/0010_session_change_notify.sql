-- API processes keep a signed-in request's session and user in memory for a few seconds (ADR 008).
-- Any change to a session (revoked, sensitive window opened, deleted) or to a user (profile, email,
-- verification, deletion) is announced with the user's id on `session_changes`, in the writing
-- transaction, so every process drops that user's cached sessions when it commits, whichever code
-- or tool made the change.
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('session_changes', OLD.id::text);
  ELSE
    PERFORM pg_notify('session_changes', OLD.user_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_session_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
CREATE TRIGGER users_session_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
--> statement-breakpoint
-- TRUNCATE has no rows: everyone is told to drop everything.
CREATE FUNCTION notify_sessions_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('session_changes', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_truncated AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_truncated();
--> statement-breakpoint
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_sessions_truncated();
