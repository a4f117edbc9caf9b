CREATE TABLE "message_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"message_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "action_failed" text;--> statement-breakpoint
ALTER TABLE "message_actions" ADD CONSTRAINT "message_actions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_actions" ADD CONSTRAINT "message_actions_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_actions_pending_key" ON "message_actions" USING btree ("message_id","kind") WHERE "message_actions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "message_actions_pending_idx" ON "message_actions" USING btree ("updated_at") WHERE "message_actions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "message_actions_message_idx" ON "message_actions" USING btree ("tenant_id","message_id");