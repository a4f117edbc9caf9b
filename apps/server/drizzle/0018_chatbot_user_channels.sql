CREATE TABLE "user_channels" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	CONSTRAINT "user_channels_user_id_channel_id_pk" PRIMARY KEY("user_id","channel_id")
);
--> statement-breakpoint
CREATE TABLE "chat_flow_keywords" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"keyword" text NOT NULL,
	"chat_flow_id" integer NOT NULL,
	"channel_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"available_for_transfer" boolean DEFAULT false NOT NULL,
	"available_in_crm" boolean DEFAULT false NOT NULL,
	"test_number" text DEFAULT '' NOT NULL,
	"flow" jsonb NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channels" ADD COLUMN "chat_flow_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "interactive" jsonb;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "bot_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "absence_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_channels" ADD CONSTRAINT "user_channels_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_channels" ADD CONSTRAINT "user_channels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_channels" ADD CONSTRAINT "user_channels_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_flow_keywords" ADD CONSTRAINT "chat_flow_keywords_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_flow_keywords" ADD CONSTRAINT "chat_flow_keywords_chat_flow_id_chat_flows_id_fk" FOREIGN KEY ("chat_flow_id") REFERENCES "public"."chat_flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_flow_keywords" ADD CONSTRAINT "chat_flow_keywords_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_flows" ADD CONSTRAINT "chat_flows_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_flows" ADD CONSTRAINT "chat_flows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_channels_tenant_channel_idx" ON "user_channels" USING btree ("tenant_id","channel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_flow_keywords_key" ON "chat_flow_keywords" USING btree ("tenant_id",lower("keyword"),coalesce("channel_id", 0));--> statement-breakpoint
CREATE INDEX "chat_flow_keywords_flow_idx" ON "chat_flow_keywords" USING btree ("tenant_id","chat_flow_id");--> statement-breakpoint
CREATE INDEX "chat_flows_tenant_name_idx" ON "chat_flows" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "tickets_bot_due_idx" ON "tickets" USING btree ("bot_due_at") WHERE "tickets"."bot_due_at" is not null;