ALTER TABLE "channels" ADD COLUMN "session_owner" text;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "session_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "session_command" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "channels_session_owner_idx" ON "channels" USING btree ("session_owner") WHERE "channels"."session_owner" is not null;