-- Every foreign key gets an index led by its columns (db/schema/foreign-key-indexes.int.test.ts): a parent's
-- delete (a workspace by account deletion or the demo clean-up, a contact, a flow) looked its children up
-- by a sequential scan of each child table. Plain CREATE INDEX (migrations run in a transaction): on a
-- large existing install this locks writes to each table while its index builds.
CREATE INDEX "posts_workspace_id_idx" ON "posts" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "comments_contact_id_idx" ON "comments" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "comments_workspace_id_idx" ON "comments" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "contacts_workspace_id_idx" ON "contacts" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "conversations_contact_id_idx" ON "conversations" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "messages_workspace_id_idx" ON "messages" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "sandbox_deliveries_workspace_id_idx" ON "sandbox_deliveries" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "flow_runs_account_id_idx" ON "flow_runs" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "flow_runs_version_id_idx" ON "flow_runs" USING btree ("version_id");--> statement-breakpoint
CREATE INDEX "flow_versions_workspace_id_idx" ON "flow_versions" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "ai_chat_messages_user_id_idx" ON "ai_chat_messages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "ai_feedback_user_id_idx" ON "ai_feedback" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_workspace_id_idx" ON "notifications" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "onboarding_progress_workspace_id_idx" ON "onboarding_progress" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "template_flows_workspace_id_idx" ON "template_flows" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "leads_contact_id_idx" ON "leads" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "leads_conversation_id_idx" ON "leads" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "broadcast_recipients_account_id_idx" ON "broadcast_recipients" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "broadcast_recipients_contact_id_idx" ON "broadcast_recipients" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "broadcast_recipients_workspace_id_idx" ON "broadcast_recipients" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "analytics_flow_daily_flow_id_idx" ON "analytics_flow_daily" USING btree ("flow_id");--> statement-breakpoint
CREATE INDEX "conversions_contact_id_idx" ON "conversions" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "conversions_flow_id_idx" ON "conversions" USING btree ("flow_id");--> statement-breakpoint
CREATE INDEX "conversions_lead_id_idx" ON "conversions" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "conversions_run_id_idx" ON "conversions" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "link_clicks_workspace_id_idx" ON "link_clicks" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "tracked_links_broadcast_id_idx" ON "tracked_links" USING btree ("broadcast_id");--> statement-breakpoint
CREATE INDEX "tracked_links_contact_id_idx" ON "tracked_links" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "tracked_links_flow_id_idx" ON "tracked_links" USING btree ("flow_id");--> statement-breakpoint
CREATE INDEX "account_reconciliations_workspace_id_idx" ON "account_reconciliations" USING btree ("workspace_id");