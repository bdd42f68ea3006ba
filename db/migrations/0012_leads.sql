-- Self-contained: pg_trgm (trusted, PostgreSQL 13+) backs the lead search index; a no-op where 0010 made it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "lead_counts" (
	"workspace_id" uuid NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_counts_workspace_id_status_source_pk" PRIMARY KEY("workspace_id","status","source")
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"contact_id" uuid,
	"conversation_id" uuid,
	"name" text DEFAULT '' NOT NULL,
	"email" text,
	"social_handle" text,
	"source" text DEFAULT 'manual' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"score" integer DEFAULT 0 NOT NULL,
	"value_cents" integer DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"inbound_count" integer DEFAULT 0 NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"link_clicks" integer DEFAULT 0 NOT NULL,
	"last_activity_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce("name", '') || ' ' || coalesce("email", '') || ' ' || coalesce("social_handle", ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leads_source_check" CHECK ("leads"."source" in ('instagram', 'twitter', 'facebook', 'manual')),
	CONSTRAINT "leads_status_check" CHECK ("leads"."status" in ('new', 'contacted', 'qualified', 'converted', 'lost')),
	CONSTRAINT "leads_value_check" CHECK ("leads"."value_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "lead_counts" ADD CONSTRAINT "lead_counts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leads_workspace_contact_key" ON "leads" USING btree ("workspace_id","contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_workspace_email_key" ON "leads" USING btree ("workspace_id",lower("email"));--> statement-breakpoint
CREATE INDEX "leads_workspace_recent_idx" ON "leads" USING btree ("workspace_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_workspace_status_recent_idx" ON "leads" USING btree ("workspace_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_workspace_source_recent_idx" ON "leads" USING btree ("workspace_id","source","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_search_trgm_idx" ON "leads" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- lead_counts follows leads (db/schema/leads.ts). A re-status touches two counter rows; taking them
-- in key order means two opposite changes at once wait for each other instead of deadlocking.
CREATE FUNCTION leads_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.status, NEW.source) < (OLD.status, OLD.source) THEN
    INSERT INTO lead_counts (workspace_id, status, source, n) VALUES (NEW.workspace_id, NEW.status, NEW.source, 1)
      ON CONFLICT (workspace_id, status, source) DO UPDATE SET n = lead_counts.n + 1;
    UPDATE lead_counts SET n = n - 1 WHERE workspace_id = OLD.workspace_id AND status = OLD.status AND source = OLD.source;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE lead_counts SET n = n - 1 WHERE workspace_id = OLD.workspace_id AND status = OLD.status AND source = OLD.source;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO lead_counts (workspace_id, status, source, n) VALUES (NEW.workspace_id, NEW.status, NEW.source, 1)
      ON CONFLICT (workspace_id, status, source) DO UPDATE SET n = lead_counts.n + 1;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER leads_count_insert_delete AFTER INSERT OR DELETE ON leads FOR EACH ROW EXECUTE FUNCTION leads_count_change();--> statement-breakpoint
CREATE TRIGGER leads_count_update AFTER UPDATE OF status, source ON leads FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.source IS DISTINCT FROM NEW.source) EXECUTE FUNCTION leads_count_change();
