ALTER TABLE "comment_rules" ADD COLUMN "track_links" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tracked_links" ADD COLUMN "message_id" uuid;--> statement-breakpoint
ALTER TABLE "tracked_links" ADD CONSTRAINT "tracked_links_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tracked_links_message_url" ON "tracked_links" USING btree ("message_id","target_url");--> statement-breakpoint
CREATE INDEX "tracked_links_workspace_created_idx" ON "tracked_links" USING btree ("workspace_id","created_at");