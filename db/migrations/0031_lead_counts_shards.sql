-- The lead counters (migration 0012) serialised every inbound batch of a workspace: each new lead
-- updated the one lead_counts row of (workspace, 'new', source) in a row trigger and held its lock
-- until the batch committed, so the 8 inbound shards' transactions queued behind each other
-- (measured at 300 comments/s, tests/perf/results/README.md "comment-dm": that statement waited
-- 101 ms per batch, the counter upsert 10 ms per lead). As the analytics rollups do (migrations 0021,
-- 0024): each key now has up to 16 rows, one per `shard` chosen by the writer's connection
-- (pg_backend_pid() % 16), reads sum them, and the triggers run at commit (constraint triggers,
-- DEFERRABLE INITIALLY DEFERRED: same OLD/NEW rows, same transaction, a rolled-back change still
-- never counts), so a counter row is locked only while its transaction commits. The lead's own
-- analytics rollup (and the conversion a converted lead records) moves to commit likewise.
ALTER TABLE "lead_counts" ADD COLUMN "shard" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_counts" DROP CONSTRAINT "lead_counts_workspace_id_status_source_pk";--> statement-breakpoint
ALTER TABLE "lead_counts" ADD CONSTRAINT "lead_counts_workspace_id_status_source_shard_pk" PRIMARY KEY("workspace_id","status","source","shard");--> statement-breakpoint
-- A decrement lands in the writer's shard too (a shard's n may go below 0; the sum is the count).
-- At commit after a workspace was deleted (its leads cascade), the workspace and its counters are
-- gone: nothing is written.
CREATE OR REPLACE FUNCTION leads_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND NOT EXISTS (SELECT 1 FROM workspaces WHERE id = OLD.workspace_id) THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW.workspace_id, NEW.status, NEW.source) = (OLD.workspace_id, OLD.status, OLD.source) THEN
    RETURN NULL;
  END IF;
  -- Two counter rows in key order: two opposite re-statuses at once wait for each other instead of deadlocking.
  INSERT INTO lead_counts AS c (workspace_id, status, source, shard, n)
  SELECT d.workspace_id, d.status, d.source, pg_backend_pid() % 16, d.n
  FROM (
    SELECT OLD.workspace_id, OLD.status, OLD.source, -1 WHERE TG_OP <> 'INSERT'
    UNION ALL
    SELECT NEW.workspace_id, NEW.status, NEW.source, 1 WHERE TG_OP <> 'DELETE'
  ) AS d(workspace_id, status, source, n)
  ORDER BY d.workspace_id, d.status, d.source
  ON CONFLICT (workspace_id, status, source, shard) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER leads_count_insert_delete ON leads;--> statement-breakpoint
DROP TRIGGER leads_count_update ON leads;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER leads_count_insert_delete AFTER INSERT OR DELETE ON leads
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION leads_count_change();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER leads_count_update AFTER UPDATE OF status, source ON leads
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.source IS DISTINCT FROM NEW.source) EXECUTE FUNCTION leads_count_change();--> statement-breakpoint
DROP TRIGGER analytics_leads ON leads;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER analytics_leads AFTER INSERT OR UPDATE OF status, value_cents ON leads
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION analytics_on_lead();
