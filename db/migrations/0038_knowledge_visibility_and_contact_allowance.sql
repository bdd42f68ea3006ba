-- Knowledge retrieval that finds answers in more words (ADR 0037, tests/perf/kb-eval): unaccent before
-- English stemming, so "café" finds "cafe" and a Spanish or German question's accents do not matter.
-- unaccent, like pg_trgm and btree_gin, is a trusted extension (PostgreSQL 13+) shipped in contrib.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_ts_config WHERE cfgname = 'replypilot_text' AND cfgnamespace = current_schema()::regnamespace) THEN
    CREATE TEXT SEARCH CONFIGURATION replypilot_text (COPY = english);
    ALTER TEXT SEARCH CONFIGURATION replypilot_text
      ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part WITH unaccent, english_stem;
  END IF;
END $$;--> statement-breakpoint
CREATE TABLE "ai_contact_usage" (
	"contact_id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"day" date NOT NULL,
	"answers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_contact_usage_answers_check" CHECK ("ai_contact_usage"."answers" >= 0)
);
--> statement-breakpoint
ALTER TABLE "knowledge_entries" drop column "search";--> statement-breakpoint
ALTER TABLE "knowledge_entries" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('replypilot_text'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('replypilot_text'::regconfig, coalesce("body", '')), 'B') || setweight(to_tsvector('replypilot_text'::regconfig, coalesce("duration", '') || ' ' || coalesce("author", '')), 'C')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "knowledge_entries" ADD COLUMN "visibility" text DEFAULT 'internal' NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_contact_usage" ADD CONSTRAINT "ai_contact_usage_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_contact_usage" ADD CONSTRAINT "ai_contact_usage_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The tenant key (migration 0035, db/schema/tenant-keys.int.test.ts): workspace_id in a unique index.
CREATE UNIQUE INDEX "ai_contact_usage_workspace_contact_key" ON "ai_contact_usage" USING btree ("workspace_id","contact_id");--> statement-breakpoint
ALTER TABLE "knowledge_entries" ADD CONSTRAINT "knowledge_entries_visibility_check" CHECK ("knowledge_entries"."visibility" in ('public', 'internal'));
--> statement-breakpoint
-- Dropping the column dropped its GIN (migration 0015): the same index on the new column.
CREATE INDEX "knowledge_entries_workspace_search_idx" ON "knowledge_entries" USING gin ("workspace_id","search");--> statement-breakpoint
-- Existing entries (ADR 0037): documents are the one kind written as free text for the owner, and the
-- kind the attack report's "Internal pricing" was: they become internal. Offers, FAQs, profile answers,
-- testimonials and scanned pages are written for customers (pages are on the public website already):
-- they stay public, so the AI Reply flows that answer from them keep working.
UPDATE "knowledge_entries" SET "visibility" = 'public' WHERE "kind" <> 'document';
