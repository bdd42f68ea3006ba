-- The monthly message count leaves the owner's users row (ADR 0019): every metered send updated that
-- row, so a workspace's sends queued on its lock until they committed, and each update evicted the
-- owner's cached sessions (ADR 0016). It is now 16 rows per (owner, UTC month), one per connection
-- shard, summed on read (the sharded-rollup pattern of ADR 0015).
CREATE TABLE "usage_counts" (
	"user_id" uuid NOT NULL,
	"month" date NOT NULL,
	"shard" smallint NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_counts_user_id_month_shard_pk" PRIMARY KEY("user_id","month","shard")
);
--> statement-breakpoint
ALTER TABLE "usage_counts" ADD CONSTRAINT "usage_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- This month's counts move over (shard 0); an older month's count has started again anyway.
INSERT INTO "usage_counts" ("user_id", "month", "shard", "messages")
SELECT "id", ("usage_period_start" AT TIME ZONE 'UTC')::date, 0, "messages_used" FROM "users"
WHERE "messages_used" > 0 AND "usage_period_start" >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC';--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "messages_used";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "usage_period_start";--> statement-breakpoint
-- The 80 % / 100 % notices a count of p_own on shard p_shard (this statement's own row) makes due:
-- the thresholds not yet announced this month that the month's total reaches. Other shards are read
-- here, in a snapshot of their own (plpgsql, volatile), not the calling statement's. Two statements
-- committing at once do not see each other's counts, so near a threshold that is not announced yet
-- (within 4 × max_connections messages: more than can be in flight at once) the total is read again
-- under a per-owner advisory lock held until commit: the last of them sees all the others. Far from
-- any threshold nothing waits.
CREATE FUNCTION usage_due(p_user uuid, p_month date, p_shard smallint, p_own int, p_percents int[], p_titles text[])
  RETURNS TABLE (key text, title text, body text) LANGUAGE plpgsql AS $$
DECLARE
  v_limit int;
  v_period text := to_char(p_month, 'YYYY-MM');
  v_open int[];
  v_total bigint;
  v_margin bigint := 4 * current_setting('max_connections')::bigint;
BEGIN
  SELECT u.message_limit INTO v_limit FROM users u WHERE u.id = p_user;
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
-- Cached sessions (ADR 0016) are dropped only when a column the cache serves changes: an update
-- that changes nothing a session or PublicUser shows (updated_at alone) leaves them cached.
DROP TRIGGER session_cache_user_changed ON users;--> statement-breakpoint
CREATE TRIGGER session_cache_user_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION session_cache_user_changed();--> statement-breakpoint
CREATE TRIGGER session_cache_user_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.id, OLD.workspace_id, OLD.email, OLD.password_hash, OLD.first_name, OLD.last_name, OLD.profile_image_url, OLD.subscription_tier,
         OLD.message_limit, OLD.onboarding_step, OLD.google_id, OLD.facebook_id, OLD.is_demo, OLD.created_at)
    IS DISTINCT FROM (NEW.id, NEW.workspace_id, NEW.email, NEW.password_hash, NEW.first_name, NEW.last_name, NEW.profile_image_url,
         NEW.subscription_tier, NEW.message_limit, NEW.onboarding_step, NEW.google_id, NEW.facebook_id, NEW.is_demo, NEW.created_at))
  EXECUTE FUNCTION session_cache_user_changed();
