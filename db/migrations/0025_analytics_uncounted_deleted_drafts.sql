-- A send whose idempotency key is already taken writes its draft message and its ledger row in one
-- statement, finds the key taken and deletes the draft again (db/pipeline/queue-outbound-message.ts).
-- The message rollup runs at commit (migration 0024) with the inserted row, so it counted that draft
-- as an outbound message that was never kept. At commit the trigger now counts a message only if its
-- row still exists: one primary-key probe per message, and a message written and deleted in the same
-- transaction never counts.
CREATE OR REPLACE FUNCTION analytics_on_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM messages WHERE id = NEW.id) THEN
    RETURN NULL;
  END IF;
  PERFORM analytics_add(NEW.workspace_id, NEW.created_at, analytics_account_platform(NEW.account_id),
    (NEW.direction = 'inbound')::int, (NEW.direction = 'outbound')::int, 0, 0, 0, 0, 0, 0, 0, 0);
  RETURN NULL;
END $$;
