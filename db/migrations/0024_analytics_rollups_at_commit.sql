-- The rollups (migrations 0016, 0021) cost a flow turn more than its own rows did (flows benchmark,
-- tests/perf/results/README.md "flows"):
-- 1. analytics_add, analytics_flow_add and analytics_account_platform were LANGUAGE sql functions.
--    PostgreSQL plans the body of a SQL function again on every call from a new statement (a
--    trigger's PERFORM is one), so each event paid parse + plan of an INSERT ... ON CONFLICT: about
--    0.3 ms of backend CPU, 4 events per sandbox run turn. The same statements in plpgsql are
--    planned once per connection. Same signatures, same rows.
-- 2. The rollup row of a (workspace, day, platform | flow, shard) was locked from the turn's first
--    event (its outbound message) until commit, and every writer whose connection shares the shard
--    (pg_backend_pid() % 16; 16+ job connections share 16 shards) queued behind the whole rest of
--    that transaction. The triggers of the busy event tables (messages, outbound_ledger, flow_runs)
--    are now constraint triggers DEFERRABLE INITIALLY DEFERRED: the same functions run with the same
--    OLD/NEW rows, still inside the event's transaction (a rolled-back event still never counts),
--    but at its commit, so the rollup row is held only while the transaction commits.
CREATE OR REPLACE FUNCTION analytics_add(p_ws uuid, p_at timestamptz, p_platform text, p_in int, p_out int, p_answered int,
  p_queued int, p_sent int, p_failed int, p_leads int, p_conv int, p_rev bigint, p_clicks int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_daily AS a (workspace_id, day, platform, shard, messages_in, messages_out, comments_answered,
    dms_queued, dms_sent, dms_failed, leads_created, conversions, revenue_cents, link_clicks)
  VALUES (p_ws, (p_at AT TIME ZONE 'UTC')::date, coalesce(p_platform, 'none'), pg_backend_pid() % 16, p_in, p_out, p_answered,
    p_queued, p_sent, p_failed, p_leads, p_conv, p_rev, p_clicks)
  ON CONFLICT (workspace_id, day, platform, shard) DO UPDATE SET
    messages_in = a.messages_in + excluded.messages_in, messages_out = a.messages_out + excluded.messages_out,
    comments_answered = a.comments_answered + excluded.comments_answered, dms_queued = a.dms_queued + excluded.dms_queued,
    dms_sent = a.dms_sent + excluded.dms_sent, dms_failed = a.dms_failed + excluded.dms_failed,
    leads_created = a.leads_created + excluded.leads_created, conversions = a.conversions + excluded.conversions,
    revenue_cents = a.revenue_cents + excluded.revenue_cents, link_clicks = a.link_clicks + excluded.link_clicks;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_flow_add(p_ws uuid, p_at timestamptz, p_flow uuid, p_started int, p_completed int, p_failed int,
  p_conv int, p_rev bigint) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_flow_daily AS a (workspace_id, day, flow_id, shard, runs_started, runs_completed, runs_failed, conversions, revenue_cents)
  VALUES (p_ws, (p_at AT TIME ZONE 'UTC')::date, p_flow, pg_backend_pid() % 16, p_started, p_completed, p_failed, p_conv, p_rev)
  ON CONFLICT (workspace_id, day, flow_id, shard) DO UPDATE SET
    runs_started = a.runs_started + excluded.runs_started, runs_completed = a.runs_completed + excluded.runs_completed,
    runs_failed = a.runs_failed + excluded.runs_failed, conversions = a.conversions + excluded.conversions,
    revenue_cents = a.revenue_cents + excluded.revenue_cents;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_account_platform(p_account uuid) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT platform FROM social_accounts WHERE id = p_account);
END $$;
--> statement-breakpoint
DROP TRIGGER analytics_messages ON messages;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER analytics_messages AFTER INSERT ON messages
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION analytics_on_message();
--> statement-breakpoint
DROP TRIGGER analytics_ledger ON outbound_ledger;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER analytics_ledger AFTER INSERT OR UPDATE OF status ON outbound_ledger
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION analytics_on_ledger();
--> statement-breakpoint
DROP TRIGGER analytics_runs ON flow_runs;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER analytics_runs AFTER INSERT OR UPDATE OF status ON flow_runs
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION analytics_on_run();
