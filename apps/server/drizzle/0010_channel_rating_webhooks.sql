CREATE TABLE "channel_webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"ticket_id" integer,
	"ticket_status" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"response_status" integer,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "rating_wait_minutes" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "rating_thanks_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "rating_invalid_message" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "rated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "rating_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "rating_invalid_sent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "channel_webhook_deliveries" ADD CONSTRAINT "channel_webhook_deliveries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_webhook_deliveries" ADD CONSTRAINT "channel_webhook_deliveries_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_webhook_deliveries_channel_idx" ON "channel_webhook_deliveries" USING btree ("tenant_id","channel_id","id");--> statement-breakpoint
CREATE INDEX "channel_webhook_deliveries_pending_idx" ON "channel_webhook_deliveries" USING btree ("next_attempt_at") WHERE "channel_webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "channel_webhook_deliveries_ticket_idx" ON "channel_webhook_deliveries" USING btree ("tenant_id","ticket_id","id") WHERE "channel_webhook_deliveries"."ticket_status" is not null;--> statement-breakpoint
CREATE INDEX "tickets_rating_wait_idx" ON "tickets" USING btree ("tenant_id","channel_id","contact_id") WHERE "tickets"."rating_until" is not null;