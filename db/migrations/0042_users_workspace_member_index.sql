DROP INDEX "users_workspace_id_idx";--> statement-breakpoint
CREATE INDEX "users_workspace_member_idx" ON "users" USING btree ("workspace_id","id");