CREATE TABLE "integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"model" text,
	"prompt" text,
	"api_key_sealed" text,
	"api_key_last4" text,
	"transfer_queue_id" integer,
	"typebot_slug" text,
	"expires_minutes" integer DEFAULT 0 NOT NULL,
	"delay_ms" integer DEFAULT 0 NOT NULL,
	"finish_keyword" text,
	"restart_keyword" text,
	"unknown_message" text,
	"max_tokens" integer DEFAULT 512 NOT NULL,
	"max_messages" integer DEFAULT 10 NOT NULL,
	"temperature" double precision DEFAULT 0.7 NOT NULL,
	"response_format" text DEFAULT 'text' NOT NULL,
	"voice_key_sealed" text,
	"voice_key_last4" text,
	"signing_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "queues" ADD COLUMN "integration_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "integration_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "integration_state" jsonb;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integrations" ADD CONSTRAINT "integrations_transfer_queue_id_queues_id_fk" FOREIGN KEY ("transfer_queue_id") REFERENCES "public"."queues"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_tenant_name_key" ON "integrations" USING btree ("tenant_id","name");