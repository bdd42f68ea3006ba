ALTER TABLE "conversations" ADD COLUMN "first_inbound_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tracked_links" ADD COLUMN "clicks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tracked_links" ADD COLUMN "message_sent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_workspace_first_inbound_idx" ON "conversations" USING btree ("workspace_id","first_inbound_at") WHERE first_inbound_at is not null;--> statement-breakpoint
-- The automation card (GET /api/analytics/automation) from rollups kept at write time, not from the
-- raw messages and link_clicks (a min() over each conversation's messages and a count(*) of clicks
-- per link made its 90-day answer 126 ms at a million messages). Same answers:
-- 1. conversations.first_inbound_at = min(created_at) of its inbound messages;
--    conversations.first_response_at = min(created_at) of its outbound messages at or after that
--    (null: not answered yet). Kept by a deferred constraint trigger on messages (ADR 0018: it runs
--    at commit, in plpgsql). Almost every message changes neither: the function reads the
--    conversation without a lock and returns. Only a message that may move one of them (the first
--    inbound, the first reply, one dated earlier, a deleted first) locks the conversation row, reads
--    it again and recomputes from the messages in a statement after the lock, so two transactions
--    committing together (an inbound and a reply) cannot both miss each other. The lock is FOR NO
--    KEY UPDATE (what an UPDATE of these columns takes anyway): it does not wait for the KEY SHARE
--    locks that open transactions inserting messages hold on their conversation (the foreign key).
-- 2. tracked_links.clicks = count of its link_clicks rows, by a deferred trigger on link_clicks;
--    tracked_links.message_sent = its message's status is 'sent': set when the link is inserted (in
--    the transaction that queues the message: nobody else can change that status before it commits)
--    and by a deferred trigger when an outbound message's status changes (one probe of
--    tracked_links_message_url). The CTR read then scans only the links made in the window; joining
--    every link's message took 0.6 s at 33,000 links in 90 days.
CREATE FUNCTION analytics_first_response_on_message() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  m messages;
  c_in timestamptz;
  c_out timestamptz;
BEGIN
  IF TG_OP = 'DELETE' THEN m := OLD; ELSE m := NEW; END IF;
  SELECT first_inbound_at, first_response_at INTO c_in, c_out FROM conversations WHERE id = m.conversation_id;
  IF NOT FOUND THEN RETURN NULL; END IF;
  -- Unchanged whatever else commits meanwhile: first_inbound_at only ever moves earlier (until a
  -- delete), and a later reply never beats first_response_at.
  IF TG_OP = 'INSERT' AND m.direction = 'inbound' AND c_in IS NOT NULL AND m.created_at >= c_in THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' AND m.direction = 'outbound' AND c_out IS NOT NULL AND m.created_at >= c_out THEN RETURN NULL; END IF;
  IF TG_OP = 'DELETE' AND m.created_at IS DISTINCT FROM (CASE m.direction WHEN 'inbound' THEN c_in ELSE c_out END) THEN RETURN NULL; END IF;
  SELECT first_inbound_at, first_response_at INTO c_in, c_out FROM conversations WHERE id = m.conversation_id FOR NO KEY UPDATE;
  IF TG_OP = 'INSERT' AND m.direction = 'outbound' THEN
    IF c_in IS NOT NULL AND m.created_at >= c_in AND (c_out IS NULL OR m.created_at < c_out) THEN
      UPDATE conversations SET first_response_at = m.created_at WHERE id = m.conversation_id;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' AND c_in IS NOT NULL AND m.created_at >= c_in THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    c_in := m.created_at;
  ELSE
    c_in := (SELECT min(i.created_at) FROM messages i WHERE i.conversation_id = m.conversation_id AND i.direction = 'inbound');
  END IF;
  c_out := (SELECT min(o.created_at) FROM messages o WHERE o.conversation_id = m.conversation_id AND o.direction = 'outbound' AND o.created_at >= c_in);
  UPDATE conversations SET first_inbound_at = c_in, first_response_at = c_out
  WHERE id = m.conversation_id AND (first_inbound_at, first_response_at) IS DISTINCT FROM (c_in, c_out);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER analytics_first_response AFTER INSERT OR DELETE ON messages
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION analytics_first_response_on_message();
--> statement-breakpoint
CREATE FUNCTION analytics_clicks_on_link_click() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE tracked_links SET clicks = clicks + 1 WHERE code = NEW.code;
  ELSE
    UPDATE tracked_links SET clicks = clicks - 1 WHERE code = OLD.code;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER analytics_link_click_counts AFTER INSERT OR DELETE ON link_clicks
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION analytics_clicks_on_link_click();
--> statement-breakpoint
CREATE FUNCTION tracked_link_message_sent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.message_sent := coalesce((SELECT status = 'sent' FROM messages WHERE id = NEW.message_id), false);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tracked_links_message_sent BEFORE INSERT OR UPDATE OF message_id ON tracked_links
  FOR EACH ROW EXECUTE FUNCTION tracked_link_message_sent();
--> statement-breakpoint
-- The message's status as committed (read again, not NEW: the last of several changes wins).
CREATE FUNCTION analytics_link_message_status() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tracked_links t SET message_sent = (m.status = 'sent') FROM messages m
  WHERE m.id = NEW.id AND t.message_id = m.id AND t.message_sent IS DISTINCT FROM (m.status = 'sent');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER analytics_link_message_status AFTER UPDATE OF status ON messages
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.direction = 'outbound')
  EXECUTE FUNCTION analytics_link_message_status();
--> statement-breakpoint
-- Existing installs: the rollups computed once from the raw rows.
UPDATE conversations c SET first_inbound_at = f.first_in,
  first_response_at = (SELECT min(o.created_at) FROM messages o WHERE o.conversation_id = c.id AND o.direction = 'outbound' AND o.created_at >= f.first_in)
FROM (SELECT conversation_id, min(created_at) AS first_in FROM messages WHERE direction = 'inbound' GROUP BY conversation_id) f
WHERE f.conversation_id = c.id;
--> statement-breakpoint
UPDATE tracked_links t SET clicks = k.n FROM (SELECT code, count(*)::int AS n FROM link_clicks GROUP BY code) k WHERE k.code = t.code;
--> statement-breakpoint
UPDATE tracked_links t SET message_sent = (m.status = 'sent') FROM messages m WHERE m.id = t.message_id AND m.status = 'sent';
