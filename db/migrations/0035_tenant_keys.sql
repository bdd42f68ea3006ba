-- Every tenant table carries its tenant key in a unique key (checked against the catalog by
-- db/schema/tenant-keys.int.test.ts), so a workspace can be moved to another database or the tables
-- distributed by workspace later. The cheapest compliant key per table: an index led by workspace_id
-- that existed already is rebuilt unique with the row's key appended (no index added), and on the
-- tables that rows are appended to (messages, comments, contacts, the ledger, clicks…) the key is
-- (workspace_id, created_at, id) rather than (workspace_id, id): a new row's entry lands at the
-- index's right edge instead of on a random leaf page, which measured ~2.1 KB of WAL per single-row
-- insert after a checkpoint against ~4.1 KB with (workspace_id, id) and ~2.0 KB for the plain
-- (workspace_id) index it replaces (measured on the shared 2-core machine, commit 590baf6). Only outbound_ledger and
-- saved_replies gain an index. Plain CREATE INDEX (migrations run in a transaction): on a large
-- install each table's writes wait while its index builds (messages: 0.7 s per million rows, a 1M-message inbox bench run).
DROP INDEX "posts_workspace_id_idx";--> statement-breakpoint
DROP INDEX "social_accounts_workspace_idx";--> statement-breakpoint
DROP INDEX "comments_workspace_id_idx";--> statement-breakpoint
DROP INDEX "contacts_workspace_id_idx";--> statement-breakpoint
DROP INDEX "conversations_workspace_recent_idx";--> statement-breakpoint
DROP INDEX "messages_workspace_id_idx";--> statement-breakpoint
DROP INDEX "inbound_events_workspace_idx";--> statement-breakpoint
DROP INDEX "sandbox_deliveries_workspace_id_idx";--> statement-breakpoint
DROP INDEX "automation_activity_workspace_idx";--> statement-breakpoint
DROP INDEX "comment_rules_workspace_idx";--> statement-breakpoint
DROP INDEX "flow_runs_workspace_recent_idx";--> statement-breakpoint
DROP INDEX "flow_versions_workspace_id_idx";--> statement-breakpoint
DROP INDEX "flows_workspace_idx";--> statement-breakpoint
DROP INDEX "ai_chat_messages_conversation_idx";--> statement-breakpoint
DROP INDEX "ai_feedback_workspace_idx";--> statement-breakpoint
DROP INDEX "knowledge_entries_workspace_kind_idx";--> statement-breakpoint
DROP INDEX "notifications_workspace_id_idx";--> statement-breakpoint
DROP INDEX "onboarding_progress_workspace_id_idx";--> statement-breakpoint
DROP INDEX "template_flows_workspace_id_idx";--> statement-breakpoint
DROP INDEX "workspace_templates_workspace_idx";--> statement-breakpoint
DROP INDEX "leads_workspace_recent_idx";--> statement-breakpoint
DROP INDEX "broadcast_recipients_workspace_id_idx";--> statement-breakpoint
DROP INDEX "broadcasts_workspace_recent_idx";--> statement-breakpoint
DROP INDEX "link_clicks_workspace_id_idx";--> statement-breakpoint
DROP INDEX "tracked_links_workspace_idx";--> statement-breakpoint
DROP INDEX "tracked_links_workspace_created_idx";--> statement-breakpoint
DROP INDEX "account_reconciliations_workspace_id_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "posts_workspace_key" ON "posts" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "social_accounts_workspace_key" ON "social_accounts" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "comments_workspace_key" ON "comments" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_workspace_key" ON "contacts" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_workspace_recent_key" ON "conversations" USING btree ("workspace_id","last_message_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "messages_workspace_recent_key" ON "messages" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_events_workspace_key" ON "inbound_events" USING btree ("workspace_id","received_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "outbound_ledger_workspace_key" ON "outbound_ledger" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_deliveries_workspace_key" ON "sandbox_deliveries" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "automation_activity_workspace_key" ON "automation_activity" USING btree ("workspace_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "comment_rules_workspace_key" ON "comment_rules" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_runs_workspace_recent_key" ON "flow_runs" USING btree ("workspace_id","started_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "flow_versions_workspace_key" ON "flow_versions" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "flows_workspace_key" ON "flows" USING btree ("workspace_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "ai_chat_messages_conversation_key" ON "ai_chat_messages" USING btree ("workspace_id","conversation_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ai_feedback_workspace_key" ON "ai_feedback" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "knowledge_entries_workspace_kind_key" ON "knowledge_entries" USING btree ("workspace_id","kind","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_workspace_key" ON "notifications" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "onboarding_progress_workspace_key" ON "onboarding_progress" USING btree ("workspace_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "template_flows_workspace_key" ON "template_flows" USING btree ("workspace_id","flow_id");--> statement-breakpoint
CREATE UNIQUE INDEX "workspace_templates_workspace_key" ON "workspace_templates" USING btree ("workspace_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "leads_workspace_recent_key" ON "leads" USING btree ("workspace_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "broadcast_recipients_workspace_key" ON "broadcast_recipients" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "broadcasts_workspace_recent_key" ON "broadcasts" USING btree ("workspace_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "link_clicks_workspace_clicked_key" ON "link_clicks" USING btree ("workspace_id","clicked_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "tracked_links_workspace_created_key" ON "tracked_links" USING btree ("workspace_id","created_at","code");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_replies_workspace_key" ON "saved_replies" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "account_reconciliations_workspace_key" ON "account_reconciliations" USING btree ("workspace_id","account_id");