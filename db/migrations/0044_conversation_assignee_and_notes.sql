ALTER TABLE "conversations" ADD COLUMN "assignee_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "author_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_workspace_assignee_idx" ON "conversations" USING btree ("workspace_id","assignee_id","last_message_time" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE assignee_id is not null;--> statement-breakpoint
CREATE INDEX "messages_author_idx" ON "messages" USING btree ("author_id") WHERE author_id is not null;--> statement-breakpoint
-- An assignee is always a member of the conversation's workspace; removing the membership (removal,
-- leaving, account deletion's cascade) returns their conversations to Unassigned. SET NULL of the
-- one column (PostgreSQL 15+): drizzle's foreignKey() would null workspace_id too.
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_assignee_membership_fk" FOREIGN KEY ("workspace_id", "assignee_id")
  REFERENCES "workspace_members" ("workspace_id", "user_id") ON DELETE SET NULL ("assignee_id");
