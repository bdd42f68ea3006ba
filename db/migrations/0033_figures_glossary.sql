ALTER TABLE "workspaces" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "automation_activity" ADD COLUMN "ledger_key" text;--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD COLUMN "automated_replies" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- One set of numbers (docs/product-spec.md, Glossary): what the rollups count is now what each
-- glossary term says, and every page reads the same rollups (db/figures/).
-- 1. A day is a calendar day in the workspace's time zone (workspaces.time_zone, 'UTC' until set):
--    analytics_add / analytics_flow_add stamp each event with analytics_day(workspace, instant), one
--    primary-key probe of the workspace per transaction and workspace (below).
-- 2. Sandbox (simulator) accounts are accounts like any other, so their figures are counted; their
--    rows carry the platform 'simulator', so pages can say how much of a figure was simulated.
-- 3. A comment is answered once: the first time a reply to it (private or public) is sent. The
--    ledger trigger marks the comment (comments.answered_at) and counts it only if it was not
--    marked yet; a second reply, even committed at the same moment, waits for the first one's row
--    lock and then finds it marked.
-- 4. automated_replies: sends by a comment rule or a flow (private replies, public replies, DMs)
--    that reached `sent`. Inbox replies and broadcasts are DMs sent, not automated replies.
-- 5. A lead set to converted is a conversion with or without a value; its value is the conversion's
--    value (changing it changes the revenue); a lead moved out of converted is no longer one. A
--    deleted lead is no longer counted among the leads (its conversion stays: the sale happened).
-- 6. A row written straight as sent / failed / completed (the demo seed, a test) counts as if it
--    had been updated to it.
-- The zone is looked up once per workspace in a row: one event's rollups call this 3-5 times for
-- the same workspace in one transaction, so the last workspace's zone is kept in a transaction-local
-- setting (reverted at commit or rollback). Measured on the shared 2-core machine (load ~17): a
-- lookup 21 µs a call, a hit 8 µs, the UTC day without any zone 2 µs.
CREATE FUNCTION analytics_day(p_ws uuid, p_at timestamptz) RETURNS date LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  cached text := current_setting('replypilot.day_zone', true);
  tz text;
BEGIN
  IF cached IS NOT NULL AND left(cached, 36) = p_ws::text THEN
    tz := substr(cached, 38);
  ELSE
    tz := coalesce((SELECT time_zone FROM workspaces WHERE id = p_ws), 'UTC');
    PERFORM set_config('replypilot.day_zone', p_ws::text || '|' || tz, true);
  END IF;
  RETURN (p_at AT TIME ZONE tz)::date;
END $$;
--> statement-breakpoint
DROP FUNCTION analytics_add(uuid, timestamptz, text, int, int, int, int, int, int, int, int, bigint, int);
--> statement-breakpoint
CREATE FUNCTION analytics_add(p_ws uuid, p_at timestamptz, p_platform text, p_in int DEFAULT 0, p_out int DEFAULT 0, p_answered int DEFAULT 0,
  p_queued int DEFAULT 0, p_sent int DEFAULT 0, p_failed int DEFAULT 0, p_leads int DEFAULT 0, p_conv int DEFAULT 0, p_rev bigint DEFAULT 0,
  p_clicks int DEFAULT 0, p_automated int DEFAULT 0) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_daily AS a (workspace_id, day, platform, shard, messages_in, messages_out, comments_answered,
    dms_queued, dms_sent, dms_failed, leads_created, conversions, revenue_cents, link_clicks, automated_replies)
  VALUES (p_ws, analytics_day(p_ws, p_at), coalesce(p_platform, 'none'), pg_backend_pid() % 16, p_in, p_out, p_answered,
    p_queued, p_sent, p_failed, p_leads, p_conv, p_rev, p_clicks, p_automated)
  ON CONFLICT (workspace_id, day, platform, shard) DO UPDATE SET
    messages_in = a.messages_in + excluded.messages_in, messages_out = a.messages_out + excluded.messages_out,
    comments_answered = a.comments_answered + excluded.comments_answered, dms_queued = a.dms_queued + excluded.dms_queued,
    dms_sent = a.dms_sent + excluded.dms_sent, dms_failed = a.dms_failed + excluded.dms_failed,
    leads_created = a.leads_created + excluded.leads_created, conversions = a.conversions + excluded.conversions,
    revenue_cents = a.revenue_cents + excluded.revenue_cents, link_clicks = a.link_clicks + excluded.link_clicks,
    automated_replies = a.automated_replies + excluded.automated_replies;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_flow_add(p_ws uuid, p_at timestamptz, p_flow uuid, p_started int, p_completed int, p_failed int,
  p_conv int, p_rev bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_flow_daily AS a (workspace_id, day, flow_id, shard, runs_started, runs_completed, runs_failed, conversions, revenue_cents)
  VALUES (p_ws, analytics_day(p_ws, p_at), p_flow, pg_backend_pid() % 16, p_started, p_completed, p_failed, p_conv, p_rev)
  ON CONFLICT (workspace_id, day, flow_id, shard) DO UPDATE SET
    runs_started = a.runs_started + excluded.runs_started, runs_completed = a.runs_completed + excluded.runs_completed,
    runs_failed = a.runs_failed + excluded.runs_failed, conversions = a.conversions + excluded.conversions,
    revenue_cents = a.revenue_cents + excluded.revenue_cents;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_account_platform(p_account uuid) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT CASE WHEN provider = 'sandbox' THEN 'simulator' ELSE platform END FROM social_accounts WHERE id = p_account);
END $$;
--> statement-breakpoint
-- A lead's or a conversion's platform: its contact's account's, else the lead's source ('none' for manual).
CREATE FUNCTION analytics_contact_platform(p_contact uuid, p_lead uuid, p_source text) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN coalesce((SELECT analytics_account_platform(c.account_id) FROM contacts c WHERE c.id = p_contact),
                  nullif(coalesce(p_source, (SELECT l.source FROM leads l WHERE l.id = p_lead)), 'manual'));
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_on_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM messages WHERE id = NEW.id) THEN
    RETURN NULL;
  END IF;
  PERFORM analytics_add(NEW.workspace_id, NEW.created_at, analytics_account_platform(NEW.account_id),
    p_in => (NEW.direction = 'inbound')::int, p_out => (NEW.direction = 'outbound')::int);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_on_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  is_dm int := (NEW.kind IN ('dm', 'private_reply'))::int;
  answered int := 0;
  automated int := 0;
BEGIN
  IF TG_OP = 'INSERT' AND is_dm = 1 THEN
    PERFORM analytics_add(NEW.workspace_id, NEW.created_at, analytics_account_platform(NEW.account_id), p_queued => 1);
  END IF;
  IF NEW.status NOT IN ('sent', 'failed') OR (TG_OP = 'UPDATE' AND NEW.status IS NOT DISTINCT FROM OLD.status) THEN
    RETURN NULL;
  END IF;
  IF NEW.status = 'sent' THEN
    IF NEW.kind IN ('private_reply', 'public_reply') THEN
      UPDATE comments SET answered_at = coalesce(NEW.sent_at, now())
      WHERE account_id = NEW.account_id AND platform_comment_id = NEW.target AND answered_at IS NULL;
      GET DIAGNOSTICS answered = ROW_COUNT;
    END IF;
    -- Only rules and flows reply to comments; a DM is automated when its message came from one.
    automated := (NEW.kind <> 'dm' OR EXISTS (SELECT 1 FROM messages m WHERE m.id = NEW.message_id AND m.source IN ('comment_rule', 'flow')))::int;
  END IF;
  PERFORM analytics_add(NEW.workspace_id, coalesce(NEW.sent_at, now()), analytics_account_platform(NEW.account_id),
    p_answered => answered, p_sent => (NEW.status = 'sent')::int * is_dm, p_failed => (NEW.status = 'failed')::int * is_dm,
    p_automated => automated);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_on_run() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_flow_add(NEW.workspace_id, NEW.started_at, NEW.flow_id, 1, 0, 0, 0, 0);
  END IF;
  IF NEW.status IN ('completed', 'failed') AND (TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status) THEN
    PERFORM analytics_flow_add(NEW.workspace_id, coalesce(NEW.finished_at, now()), NEW.flow_id, 0,
      (NEW.status = 'completed')::int, (NEW.status = 'failed')::int, 0, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- At commit (a deferred trigger, migration 0031): after a delete of the workspace (its leads cascade)
-- nothing is written; a lead deleted later in its own transaction records no conversion.
CREATE OR REPLACE FUNCTION analytics_on_lead() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM workspaces WHERE id = OLD.workspace_id) THEN
      PERFORM analytics_add(OLD.workspace_id, OLD.created_at, analytics_contact_platform(OLD.contact_id, NULL, OLD.source), p_leads => -1);
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_add(NEW.workspace_id, NEW.created_at, analytics_contact_platform(NEW.contact_id, NULL, NEW.source), p_leads => 1);
  END IF;
  IF NOT EXISTS (SELECT 1 FROM leads WHERE id = NEW.id) THEN
    RETURN NULL;
  END IF;
  IF NEW.status = 'converted' THEN
    INSERT INTO conversions (workspace_id, source, lead_id, contact_id, amount_cents, idempotency_key)
    VALUES (NEW.workspace_id, 'lead', NEW.id, NEW.contact_id, NEW.value_cents, 'lead:' || NEW.id)
    ON CONFLICT (workspace_id, idempotency_key) DO UPDATE SET amount_cents = excluded.amount_cents
      WHERE conversions.amount_cents IS DISTINCT FROM excluded.amount_cents;
  ELSIF TG_OP = 'UPDATE' AND OLD.status = 'converted' THEN
    DELETE FROM conversions WHERE workspace_id = NEW.workspace_id AND idempotency_key = 'lead:' || NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER analytics_leads ON leads;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER analytics_leads AFTER INSERT OR UPDATE OF status, value_cents OR DELETE ON leads
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION analytics_on_lead();
--> statement-breakpoint
-- A conversion counts on the day it was recorded; a change of its value changes that day's revenue,
-- and a deleted one (a lead moved out of converted) is taken back from it.
CREATE OR REPLACE FUNCTION analytics_on_conversion() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c conversions;
  n int;
  rev bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM workspaces WHERE id = OLD.workspace_id) THEN
      RETURN NULL;
    END IF;
    c := OLD;
    n := -1;
    rev := -OLD.amount_cents;
  ELSIF TG_OP = 'UPDATE' THEN
    c := NEW;
    n := 0;
    rev := NEW.amount_cents - OLD.amount_cents;
  ELSE
    c := NEW;
    n := 1;
    rev := NEW.amount_cents;
  END IF;
  IF n = 0 AND rev = 0 THEN
    RETURN NULL;
  END IF;
  PERFORM analytics_add(c.workspace_id, c.created_at, analytics_contact_platform(c.contact_id, c.lead_id, NULL), p_conv => n, p_rev => rev);
  IF c.flow_id IS NOT NULL THEN
    PERFORM analytics_flow_add(c.workspace_id, c.created_at, c.flow_id, 0, 0, 0, n, rev);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER analytics_conversions ON conversions;
--> statement-breakpoint
CREATE TRIGGER analytics_conversions AFTER INSERT OR UPDATE OF amount_cents OR DELETE ON conversions
  FOR EACH ROW EXECUTE FUNCTION analytics_on_conversion();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_on_click() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_add(NEW.workspace_id, NEW.clicked_at,
    (SELECT analytics_account_platform(c.account_id) FROM tracked_links t JOIN contacts c ON c.id = t.contact_id WHERE t.code = NEW.code),
    p_clicks => 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The bell shows failed runs: one notice per flow and day for every user of the workspace, brought
-- back to the top (and unread) by each further failure that day, with the count and the last error.
-- At commit, after analytics_runs (deferred triggers of one event fire in name order), so that day's
-- runs_failed rollup already includes this run.
CREATE FUNCTION notify_failed_run() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d date;
  n int;
  flow_name text;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 'failed' THEN
    RETURN NULL;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM workspaces WHERE id = NEW.workspace_id) THEN
    RETURN NULL;
  END IF;
  d := analytics_day(NEW.workspace_id, coalesce(NEW.finished_at, now()));
  SELECT coalesce(sum(runs_failed), 0) INTO n FROM analytics_flow_daily WHERE workspace_id = NEW.workspace_id AND day = d AND flow_id = NEW.flow_id;
  SELECT name INTO flow_name FROM flows WHERE id = NEW.flow_id;
  INSERT INTO notifications (workspace_id, user_id, kind, key, title, body, link)
  SELECT NEW.workspace_id, u.id, 'runs_failed', 'runs-failed:' || NEW.flow_id || ':' || d,
    'Runs of "' || coalesce(nullif(flow_name, ''), 'a flow') || '" failed',
    CASE WHEN greatest(n, 1) = 1 THEN '1 run failed' ELSE n || ' runs failed' END || ' on ' || to_char(d, 'FMMonth FMDD')
      || coalesce('. The last one: ' || left(NEW.error, 200), '.'),
    '/runs?status=failed'
  FROM users u WHERE u.workspace_id = NEW.workspace_id
  ON CONFLICT (user_id, key) DO UPDATE SET title = excluded.title, body = excluded.body, read_at = NULL, created_at = now();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER notify_failed_run AFTER INSERT OR UPDATE OF status ON flow_runs
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.status = 'failed') EXECUTE FUNCTION notify_failed_run();
--> statement-breakpoint
-- Existing rows under the new definitions. Comments answered: the first sent reply to each.
UPDATE comments c SET answered_at = s.at
FROM (SELECT account_id, target, min(coalesce(sent_at, created_at)) AS at FROM outbound_ledger
      WHERE status = 'sent' AND kind IN ('private_reply', 'public_reply') GROUP BY account_id, target) s
WHERE c.account_id = s.account_id AND c.platform_comment_id = s.target;
--> statement-breakpoint
-- Conversions of converted leads: recorded for those without a value, the value brought up to date,
-- and taken back for leads no longer converted.
INSERT INTO conversions (workspace_id, source, lead_id, contact_id, amount_cents, idempotency_key, created_at)
SELECT workspace_id, 'lead', id, contact_id, value_cents, 'lead:' || id, updated_at FROM leads WHERE status = 'converted'
ON CONFLICT (workspace_id, idempotency_key) DO NOTHING;
--> statement-breakpoint
UPDATE conversions c SET amount_cents = l.value_cents FROM leads l
WHERE c.source = 'lead' AND c.idempotency_key = 'lead:' || l.id AND c.workspace_id = l.workspace_id AND l.status = 'converted'
  AND c.amount_cents <> l.value_cents;
--> statement-breakpoint
DELETE FROM conversions c USING leads l
WHERE c.source = 'lead' AND c.idempotency_key = 'lead:' || l.id AND c.workspace_id = l.workspace_id AND l.status <> 'converted';
--> statement-breakpoint
-- The daily rollup counted again from the raw rows, set-based (every workspace is on UTC here: the
-- time_zone column was just added). analytics_flow_daily keeps its counts: runs and flow conversions
-- are counted as before.
TRUNCATE analytics_daily;
--> statement-breakpoint
INSERT INTO analytics_daily (workspace_id, day, platform, shard, messages_in, messages_out, comments_answered, dms_queued, dms_sent,
  dms_failed, leads_created, conversions, revenue_cents, link_clicks, automated_replies)
SELECT x.workspace_id, x.day, coalesce(x.platform, 'none'), 0, sum(x.i), sum(x.o), sum(x.ans), sum(x.q), sum(x.s), sum(x.f), sum(x.l),
  sum(x.cv), sum(x.rev), sum(x.clk), sum(x.auto)
FROM (
  SELECT m.workspace_id, (m.created_at AT TIME ZONE 'UTC')::date AS day, CASE WHEN a.provider = 'sandbox' THEN 'simulator' ELSE a.platform END AS platform,
    (m.direction = 'inbound')::int AS i, (m.direction = 'outbound')::int AS o, 0 AS ans, 0 AS q, 0 AS s, 0 AS f, 0 AS l, 0 AS cv, 0::bigint AS rev,
    0 AS clk, 0 AS auto
  FROM messages m LEFT JOIN social_accounts a ON a.id = m.account_id
  UNION ALL
  SELECT l.workspace_id, (l.created_at AT TIME ZONE 'UTC')::date, CASE WHEN a.provider = 'sandbox' THEN 'simulator' ELSE a.platform END,
    0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0
  FROM outbound_ledger l LEFT JOIN social_accounts a ON a.id = l.account_id WHERE l.kind IN ('dm', 'private_reply')
  UNION ALL
  SELECT l.workspace_id, (coalesce(l.sent_at, l.created_at) AT TIME ZONE 'UTC')::date, CASE WHEN a.provider = 'sandbox' THEN 'simulator' ELSE a.platform END,
    0, 0, 0, 0, (l.status = 'sent' AND l.kind <> 'public_reply')::int, (l.status = 'failed' AND l.kind <> 'public_reply')::int, 0, 0, 0, 0,
    (l.status = 'sent' AND (l.kind <> 'dm' OR m.source IN ('comment_rule', 'flow')))::int
  FROM outbound_ledger l LEFT JOIN social_accounts a ON a.id = l.account_id LEFT JOIN messages m ON m.id = l.message_id
  WHERE l.status IN ('sent', 'failed')
  UNION ALL
  SELECT c.workspace_id, (c.answered_at AT TIME ZONE 'UTC')::date, CASE WHEN a.provider = 'sandbox' THEN 'simulator' ELSE a.platform END,
    0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0
  FROM comments c LEFT JOIN social_accounts a ON a.id = c.account_id WHERE c.answered_at IS NOT NULL
  UNION ALL
  SELECT l.workspace_id, (l.created_at AT TIME ZONE 'UTC')::date,
    coalesce(CASE WHEN a.provider = 'sandbox' THEN 'simulator' ELSE a.platform END, nullif(l.source, 'manual')), 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0
  FROM leads l LEFT JOIN contacts ct ON ct.id = l.contact_id LEFT JOIN social_accounts a ON a.id = ct.account_id
  UNION ALL
  SELECT cv.workspace_id, (cv.created_at AT TIME ZONE 'UTC')::date,
    coalesce(CASE WHEN a.provider = 'sandbox' THEN 'simulator' ELSE a.platform END, nullif(ld.source, 'manual')), 0, 0, 0, 0, 0, 0, 0, 1,
    cv.amount_cents, 0, 0
  FROM conversions cv LEFT JOIN contacts ct ON ct.id = cv.contact_id LEFT JOIN social_accounts a ON a.id = ct.account_id
    LEFT JOIN leads ld ON ld.id = cv.lead_id
  UNION ALL
  SELECT k.workspace_id, (k.clicked_at AT TIME ZONE 'UTC')::date, CASE WHEN a.provider = 'sandbox' THEN 'simulator' ELSE a.platform END,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0
  FROM link_clicks k JOIN tracked_links t ON t.code = k.code LEFT JOIN contacts ct ON ct.id = t.contact_id
    LEFT JOIN social_accounts a ON a.id = ct.account_id
) x
GROUP BY x.workspace_id, x.day, coalesce(x.platform, 'none');
--> statement-breakpoint
-- The feed's "private reply queued" was true only until the reply went: lines now carry the reply's
-- ledger key and show its status when read (db/automation/activity-lines.ts). Older lines have no
-- key, so they lose the claim instead.
UPDATE automation_activity SET message = left(message, length(message) - length(': private reply queued'))
WHERE action = 'comment_rule_matched' AND message LIKE '%: private reply queued';
