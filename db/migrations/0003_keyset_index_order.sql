DROP INDEX "conversations_workspace_recent_idx";--> statement-breakpoint
DROP INDEX "messages_conversation_recent_idx";--> statement-breakpoint
CREATE INDEX "conversations_workspace_recent_idx" ON "conversations" USING btree ("workspace_id","last_message_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_conversation_recent_idx" ON "messages" USING btree ("conversation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);