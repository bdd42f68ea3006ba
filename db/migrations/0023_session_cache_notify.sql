-- Web processes cache sessions and their users (ADR 0016). Whoever changes or deletes a user row
-- (profile, password, onboarding, usage counts, a workspace deleted with its users) tells them in
-- the same transaction, on commit: they drop that user from their cache.
CREATE FUNCTION session_cache_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('replypilot_session_cache', json_build_object('userId', OLD.id)::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER session_cache_user_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION session_cache_user_changed();
