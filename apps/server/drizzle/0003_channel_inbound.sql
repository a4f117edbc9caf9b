DROP INDEX "inbound_events_pending_idx";--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "webhook_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "channels_webhook_key" ON "channels" USING btree ("webhook_key") WHERE "channels"."webhook_key" <> '';--> statement-breakpoint
CREATE INDEX "inbound_events_processed_idx" ON "inbound_events" USING btree ("processed_at");