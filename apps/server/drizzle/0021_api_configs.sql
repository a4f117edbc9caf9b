CREATE TABLE "api_configs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"channel_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"token_last4" text NOT NULL,
	"hook_secret" text NOT NULL,
	"status_url" text DEFAULT '' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"api_config_id" integer NOT NULL,
	"external_key" text NOT NULL,
	"message_id" bigint NOT NULL,
	"ticket_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_webhook_deliveries" ADD COLUMN "api_config_id" integer;--> statement-breakpoint
ALTER TABLE "api_configs" ADD CONSTRAINT "api_configs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_configs" ADD CONSTRAINT "api_configs_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_messages" ADD CONSTRAINT "api_messages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_messages" ADD CONSTRAINT "api_messages_api_config_id_api_configs_id_fk" FOREIGN KEY ("api_config_id") REFERENCES "public"."api_configs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_messages" ADD CONSTRAINT "api_messages_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_messages" ADD CONSTRAINT "api_messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_configs_name_key" ON "api_configs" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "api_configs_token_key" ON "api_configs" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_configs_channel_idx" ON "api_configs" USING btree ("tenant_id","channel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_messages_key" ON "api_messages" USING btree ("tenant_id","api_config_id","external_key");--> statement-breakpoint
CREATE INDEX "api_messages_message_idx" ON "api_messages" USING btree ("tenant_id","message_id");--> statement-breakpoint
ALTER TABLE "channel_webhook_deliveries" ADD CONSTRAINT "channel_webhook_deliveries_api_config_id_api_configs_id_fk" FOREIGN KEY ("api_config_id") REFERENCES "public"."api_configs"("id") ON DELETE cascade ON UPDATE no action;