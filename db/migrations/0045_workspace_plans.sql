-- The plan moves from the owner's users row to the workspace (ADR 0041, contracts/plans.ts).
ALTER TABLE "workspaces" ADD COLUMN "plan" text DEFAULT 'free' NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "plan_source" text DEFAULT 'default' NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "trial_ends_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "workspaces_trial_ends_idx" ON "workspaces" USING btree ("trial_ends_at") WHERE "workspaces"."plan_source" = 'trial';--> statement-breakpoint
-- Each workspace takes its first owner's tier (what its sends counted against); names outside the
-- catalogue (lower-cased) become the free plan. Nobody chose these through billing, so the source is 'default'.
UPDATE "workspaces" w SET "plan" = CASE lower(u.subscription_tier) WHEN 'starter' THEN 'starter' WHEN 'pro' THEN 'pro' WHEN 'enterprise' THEN 'enterprise' ELSE 'free' END
FROM (SELECT DISTINCT ON (m.workspace_id) m.workspace_id, m.user_id FROM workspace_members m WHERE m.role = 'owner'
      ORDER BY m.workspace_id, m.created_at, m.user_id) o
JOIN users u ON u.id = o.user_id
WHERE w.id = o.workspace_id;--> statement-breakpoint
-- The session-cache trigger names both columns: recreate it without them before they go.
DROP TRIGGER session_cache_user_changed ON users;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "subscription_tier";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "message_limit";--> statement-breakpoint
CREATE TRIGGER session_cache_user_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.id, OLD.workspace_id, OLD.email, OLD.password_hash, OLD.first_name, OLD.last_name, OLD.profile_image_url,
         OLD.onboarding_step, OLD.google_id, OLD.facebook_id, OLD.is_demo, OLD.created_at)
    IS DISTINCT FROM (NEW.id, NEW.workspace_id, NEW.email, NEW.password_hash, NEW.first_name, NEW.last_name, NEW.profile_image_url,
         NEW.onboarding_step, NEW.google_id, NEW.facebook_id, NEW.is_demo, NEW.created_at))
  EXECUTE FUNCTION session_cache_user_changed();--> statement-breakpoint
-- Cached sessions carry their default workspace's plan name and allowance: a plan change drops its members'.
CREATE FUNCTION session_cache_workspace_plan_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('replypilot_session_cache', json_build_object('userId', m.user_id)::text)
  FROM workspace_members m WHERE m.workspace_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER session_cache_workspace_plan_changed AFTER UPDATE OF plan ON workspaces FOR EACH ROW
  WHEN (OLD.plan IS DISTINCT FROM NEW.plan) EXECUTE FUNCTION session_cache_workspace_plan_changed();--> statement-breakpoint
-- usage_due read users.message_limit; the allowance now comes from the catalogue, passed in (p_limit).
DROP FUNCTION usage_due(uuid, date, smallint, int, int[], text[]);--> statement-breakpoint
CREATE FUNCTION usage_due(p_user uuid, p_month date, p_shard smallint, p_own int, p_limit int, p_percents int[], p_titles text[])
  RETURNS TABLE (key text, title text, body text) LANGUAGE plpgsql AS $$
DECLARE
  v_limit int := p_limit;
  v_period text := to_char(p_month, 'YYYY-MM');
  v_open int[];
  v_total bigint;
  v_margin bigint := 4 * current_setting('max_connections')::bigint;
BEGIN
  IF v_limit IS NULL OR v_limit <= 0 THEN RETURN; END IF;
  SELECT coalesce(array_agg(t.pct), '{}') INTO v_open FROM unnest(p_percents) AS t(pct)
  WHERE NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = p_user AND n.key = 'usage-' || t.pct || ':' || v_period);
  IF cardinality(v_open) = 0 THEN RETURN; END IF;
  SELECT p_own + coalesce(sum(c.messages), 0) INTO v_total FROM usage_counts c
  WHERE c.user_id = p_user AND c.month = p_month AND c.shard <> p_shard;
  IF NOT EXISTS (SELECT 1 FROM unnest(v_open) AS o(pct) WHERE (v_total + v_margin) * 100 >= v_limit::bigint * o.pct) THEN RETURN; END IF;
  PERFORM pg_advisory_xact_lock(hashtext('usage_due'), hashtext(p_user::text));
  SELECT p_own + coalesce(sum(c.messages), 0) INTO v_total FROM usage_counts c
  WHERE c.user_id = p_user AND c.month = p_month AND c.shard <> p_shard;
  RETURN QUERY
    SELECT 'usage-' || t.pct || ':' || v_period, t.title,
           v_total || ' of ' || v_limit || ' messages used in ' || v_period
             || ' (AI answers and automated DMs). Nothing is paused; the count starts again next month.'
    FROM unnest(p_percents, p_titles) AS t(pct, title)
    WHERE t.pct = ANY (v_open) AND v_total * 100 >= v_limit::bigint * t.pct;
END $$;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_plan_source_check" CHECK ("workspaces"."plan_source" in ('default', 'admin', 'stripe', 'trial'));--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_trial_check" CHECK (("workspaces"."plan_source" = 'trial') = ("workspaces"."trial_ends_at" is not null));
