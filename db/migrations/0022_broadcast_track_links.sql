ALTER TABLE "broadcasts" ADD COLUMN "track_links" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tracked_links" ADD COLUMN "broadcast_id" uuid;--> statement-breakpoint
ALTER TABLE "tracked_links" ADD CONSTRAINT "tracked_links_broadcast_id_broadcasts_id_fk" FOREIGN KEY ("broadcast_id") REFERENCES "public"."broadcasts"("id") ON DELETE set null ON UPDATE no action;