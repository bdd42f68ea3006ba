CREATE TABLE "analytics_daily" (
	"workspace_id" uuid NOT NULL,
	"day" date NOT NULL,
	"platform" text NOT NULL,
	"messages_in" integer DEFAULT 0 NOT NULL,
	"messages_out" integer DEFAULT 0 NOT NULL,
	"comments_answered" integer DEFAULT 0 NOT NULL,
	"dms_queued" integer DEFAULT 0 NOT NULL,
	"dms_sent" integer DEFAULT 0 NOT NULL,
	"dms_failed" integer DEFAULT 0 NOT NULL,
	"leads_created" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	"link_clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_workspace_id_day_platform_pk" PRIMARY KEY("workspace_id","day","platform")
);
--> statement-breakpoint
CREATE TABLE "analytics_flow_daily" (
	"workspace_id" uuid NOT NULL,
	"day" date NOT NULL,
	"flow_id" uuid NOT NULL,
	"runs_started" integer DEFAULT 0 NOT NULL,
	"runs_completed" integer DEFAULT 0 NOT NULL,
	"runs_failed" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_flow_daily_workspace_id_day_flow_id_pk" PRIMARY KEY("workspace_id","day","flow_id")
);
--> statement-breakpoint
CREATE TABLE "conversions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"source" text NOT NULL,
	"lead_id" uuid,
	"contact_id" uuid,
	"flow_id" uuid,
	"run_id" uuid,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversions_source_check" CHECK ("conversions"."source" in ('lead', 'api', 'flow')),
	CONSTRAINT "conversions_amount_check" CHECK ("conversions"."amount_cents" >= 0),
	CONSTRAINT "conversions_currency_check" CHECK ("conversions"."currency" = 'USD')
);
--> statement-breakpoint
CREATE TABLE "link_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"code" text NOT NULL,
	"clicked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracked_links" (
	"code" text PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"target_url" text NOT NULL,
	"flow_id" uuid,
	"node_id" text,
	"rule_id" uuid,
	"contact_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_api_keys" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_flow_daily" ADD CONSTRAINT "analytics_flow_daily_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_flow_daily" ADD CONSTRAINT "analytics_flow_daily_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_run_id_flow_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."flow_runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_clicks" ADD CONSTRAINT "link_clicks_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_clicks" ADD CONSTRAINT "link_clicks_code_tracked_links_code_fk" FOREIGN KEY ("code") REFERENCES "public"."tracked_links"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_links" ADD CONSTRAINT "tracked_links_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_links" ADD CONSTRAINT "tracked_links_flow_id_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."flows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracked_links" ADD CONSTRAINT "tracked_links_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspace_api_keys" ADD CONSTRAINT "workspace_api_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversions_workspace_idempotency_key" ON "conversions" USING btree ("workspace_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "conversions_workspace_recent_idx" ON "conversions" USING btree ("workspace_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "link_clicks_code_idx" ON "link_clicks" USING btree ("code");--> statement-breakpoint
CREATE INDEX "tracked_links_workspace_idx" ON "tracked_links" USING btree ("workspace_id");--> statement-breakpoint
-- The rollups (db/schema/analytics.ts) follow their event tables: every trigger below adds to one
-- day's row in the transaction that writes the event, so a rolled-back event never counts and a
-- redone job (whose writes are keyed) never counts twice. Days are UTC.
CREATE FUNCTION analytics_add(p_ws uuid, p_at timestamptz, p_platform text, p_in int, p_out int, p_answered int,
  p_queued int, p_sent int, p_failed int, p_leads int, p_conv int, p_rev bigint, p_clicks int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_daily AS a (workspace_id, day, platform, messages_in, messages_out, comments_answered,
    dms_queued, dms_sent, dms_failed, leads_created, conversions, revenue_cents, link_clicks)
  VALUES (p_ws, (p_at AT TIME ZONE 'UTC')::date, coalesce(p_platform, 'none'), p_in, p_out, p_answered,
    p_queued, p_sent, p_failed, p_leads, p_conv, p_rev, p_clicks)
  ON CONFLICT (workspace_id, day, platform) DO UPDATE SET
    messages_in = a.messages_in + excluded.messages_in, messages_out = a.messages_out + excluded.messages_out,
    comments_answered = a.comments_answered + excluded.comments_answered, dms_queued = a.dms_queued + excluded.dms_queued,
    dms_sent = a.dms_sent + excluded.dms_sent, dms_failed = a.dms_failed + excluded.dms_failed,
    leads_created = a.leads_created + excluded.leads_created, conversions = a.conversions + excluded.conversions,
    revenue_cents = a.revenue_cents + excluded.revenue_cents, link_clicks = a.link_clicks + excluded.link_clicks
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_flow_add(p_ws uuid, p_at timestamptz, p_flow uuid, p_started int, p_completed int, p_failed int,
  p_conv int, p_rev bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_flow_daily AS a (workspace_id, day, flow_id, runs_started, runs_completed, runs_failed, conversions, revenue_cents)
  VALUES (p_ws, (p_at AT TIME ZONE 'UTC')::date, p_flow, p_started, p_completed, p_failed, p_conv, p_rev)
  ON CONFLICT (workspace_id, day, flow_id) DO UPDATE SET
    runs_started = a.runs_started + excluded.runs_started, runs_completed = a.runs_completed + excluded.runs_completed,
    runs_failed = a.runs_failed + excluded.runs_failed, conversions = a.conversions + excluded.conversions,
    revenue_cents = a.revenue_cents + excluded.revenue_cents
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_account_platform(p_account uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT platform FROM social_accounts WHERE id = p_account
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_on_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_add(NEW.workspace_id, NEW.created_at, analytics_account_platform(NEW.account_id),
    (NEW.direction = 'inbound')::int, (NEW.direction = 'outbound')::int, 0, 0, 0, 0, 0, 0, 0, 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_messages AFTER INSERT ON messages FOR EACH ROW EXECUTE FUNCTION analytics_on_message();
--> statement-breakpoint
-- DMs are ledger rows of kind dm or private_reply (a private reply lands in the inbox as a DM); a
-- comment counts as answered when its private or public reply is sent. Queued counts when the send
-- is queued, sent and failed when the row reaches that status.
CREATE FUNCTION analytics_on_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  is_dm int := (NEW.kind IN ('dm', 'private_reply'))::int;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF is_dm = 1 THEN
      PERFORM analytics_add(NEW.workspace_id, NEW.created_at, analytics_account_platform(NEW.account_id), 0, 0, 0, 1, 0, 0, 0, 0, 0, 0);
    END IF;
  ELSIF NEW.status IS DISTINCT FROM OLD.status AND NEW.status IN ('sent', 'failed') THEN
    PERFORM analytics_add(NEW.workspace_id, coalesce(NEW.sent_at, now()), analytics_account_platform(NEW.account_id), 0, 0,
      (NEW.status = 'sent' AND NEW.kind IN ('private_reply', 'public_reply'))::int, 0,
      (NEW.status = 'sent')::int * is_dm, (NEW.status = 'failed')::int * is_dm, 0, 0, 0, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_ledger AFTER INSERT OR UPDATE OF status ON outbound_ledger FOR EACH ROW EXECUTE FUNCTION analytics_on_ledger();
--> statement-breakpoint
CREATE FUNCTION analytics_on_run() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_flow_add(NEW.workspace_id, NEW.started_at, NEW.flow_id, 1, 0, 0, 0, 0);
  ELSIF NEW.status IS DISTINCT FROM OLD.status AND NEW.status IN ('completed', 'failed') THEN
    PERFORM analytics_flow_add(NEW.workspace_id, coalesce(NEW.finished_at, now()), NEW.flow_id, 0,
      (NEW.status = 'completed')::int, (NEW.status = 'failed')::int, 0, 0);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_runs AFTER INSERT OR UPDATE OF status ON flow_runs FOR EACH ROW EXECUTE FUNCTION analytics_on_run();
--> statement-breakpoint
-- A lead set to converted with a value is a sale, once per lead (its idempotency key).
CREATE FUNCTION analytics_on_lead() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_add(NEW.workspace_id, NEW.created_at, nullif(NEW.source, 'manual'), 0, 0, 0, 0, 0, 0, 1, 0, 0, 0);
  END IF;
  IF NEW.status = 'converted' AND NEW.value_cents > 0 THEN
    INSERT INTO conversions (workspace_id, source, lead_id, contact_id, amount_cents, idempotency_key)
    VALUES (NEW.workspace_id, 'lead', NEW.id, NEW.contact_id, NEW.value_cents, 'lead:' || NEW.id)
    ON CONFLICT (workspace_id, idempotency_key) DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_leads AFTER INSERT OR UPDATE OF status, value_cents ON leads FOR EACH ROW EXECUTE FUNCTION analytics_on_lead();
--> statement-breakpoint
-- A conversion's platform is its contact's account's, else its lead's source.
CREATE FUNCTION analytics_on_conversion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_add(NEW.workspace_id, NEW.created_at,
    coalesce((SELECT analytics_account_platform(c.account_id) FROM contacts c WHERE c.id = NEW.contact_id),
             (SELECT nullif(l.source, 'manual') FROM leads l WHERE l.id = NEW.lead_id)),
    0, 0, 0, 0, 0, 0, 0, 1, NEW.amount_cents, 0);
  IF NEW.flow_id IS NOT NULL THEN
    PERFORM analytics_flow_add(NEW.workspace_id, NEW.created_at, NEW.flow_id, 0, 0, 0, 1, NEW.amount_cents);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_conversions AFTER INSERT ON conversions FOR EACH ROW EXECUTE FUNCTION analytics_on_conversion();
--> statement-breakpoint
CREATE FUNCTION analytics_on_click() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_add(NEW.workspace_id, NEW.clicked_at,
    (SELECT analytics_account_platform(c.account_id) FROM tracked_links t JOIN contacts c ON c.id = t.contact_id WHERE t.code = NEW.code),
    0, 0, 0, 0, 0, 0, 0, 0, 0, 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER analytics_link_clicks AFTER INSERT ON link_clicks FOR EACH ROW EXECUTE FUNCTION analytics_on_click();
--> statement-breakpoint
-- Existing installs: what happened before this migration, rolled up once from the raw rows.
INSERT INTO analytics_daily (workspace_id, day, platform, messages_in, messages_out)
SELECT m.workspace_id, (m.created_at AT TIME ZONE 'UTC')::date, s.platform,
  count(*) FILTER (WHERE m.direction = 'inbound'), count(*) FILTER (WHERE m.direction = 'outbound')
FROM messages m JOIN social_accounts s ON s.id = m.account_id GROUP BY 1, 2, 3;
--> statement-breakpoint
SELECT analytics_add(l.workspace_id, l.created_at, analytics_account_platform(l.account_id), 0, 0, 0, (l.kind IN ('dm', 'private_reply'))::int, 0, 0, 0, 0, 0, 0)
FROM outbound_ledger l;
--> statement-breakpoint
SELECT analytics_add(l.workspace_id, coalesce(l.sent_at, l.created_at), analytics_account_platform(l.account_id), 0, 0,
  (l.status = 'sent' AND l.kind IN ('private_reply', 'public_reply'))::int, 0,
  (l.status = 'sent' AND l.kind IN ('dm', 'private_reply'))::int, (l.status = 'failed' AND l.kind IN ('dm', 'private_reply'))::int, 0, 0, 0, 0)
FROM outbound_ledger l WHERE l.status IN ('sent', 'failed');
--> statement-breakpoint
SELECT analytics_add(l.workspace_id, l.created_at, nullif(l.source, 'manual'), 0, 0, 0, 0, 0, 0, 1, 0, 0, 0) FROM leads l;
--> statement-breakpoint
INSERT INTO analytics_flow_daily (workspace_id, day, flow_id, runs_started)
SELECT workspace_id, (started_at AT TIME ZONE 'UTC')::date, flow_id, count(*) FROM flow_runs GROUP BY 1, 2, 3;
--> statement-breakpoint
SELECT analytics_flow_add(r.workspace_id, coalesce(r.finished_at, r.updated_at), r.flow_id, 0, (r.status = 'completed')::int, (r.status = 'failed')::int, 0, 0)
FROM flow_runs r WHERE r.status IN ('completed', 'failed');
--> statement-breakpoint
INSERT INTO conversions (workspace_id, source, lead_id, contact_id, amount_cents, idempotency_key)
SELECT workspace_id, 'lead', id, contact_id, value_cents, 'lead:' || id FROM leads WHERE status = 'converted' AND value_cents > 0;
