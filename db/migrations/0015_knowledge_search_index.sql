-- Knowledge retrieval filters by workspace and full text (or title trigrams) at once: a GIN on
-- (workspace_id, search) and one on (workspace_id, title trigrams) read only the workspace's
-- postings, where the single-column GINs matched every workspace's rows and intersected them with
-- the workspace's 10,000 afterwards (tests/perf/results/README.md, ai; plans in ai-explain.txt). btree_gin gives GIN its uuid operator
-- class; like pg_trgm it is a trusted extension (PostgreSQL 13+), created without superuser.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "knowledge_entries_search_idx";--> statement-breakpoint
CREATE INDEX "knowledge_entries_workspace_search_idx" ON "knowledge_entries" USING gin ("workspace_id","search");
--> statement-breakpoint
-- Hand-written like the index it replaces (migration 0010): drizzle does not model operator classes of extensions.
DROP INDEX "knowledge_entries_title_trgm_idx";--> statement-breakpoint
CREATE INDEX "knowledge_entries_workspace_title_trgm_idx" ON "knowledge_entries" USING gin ("workspace_id", "title" gin_trgm_ops);
