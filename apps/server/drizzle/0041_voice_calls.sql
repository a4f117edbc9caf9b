CREATE TABLE "call_intents" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"ticket_id" integer,
	"contact_id" integer NOT NULL,
	"phone" text NOT NULL,
	"direction" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "call_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"provider" text DEFAULT 'wavoip' NOT NULL,
	"token" text NOT NULL,
	"channel_id" integer,
	"webhook_secret" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_call_lines" (
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	CONSTRAINT "user_call_lines_user_id_line_id_pk" PRIMARY KEY("user_id","line_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calls_blocked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "line_id" integer;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "tag" text;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "record_status" text;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "recording_url" text;--> statement-breakpoint
ALTER TABLE "call_intents" ADD CONSTRAINT "call_intents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_intents" ADD CONSTRAINT "call_intents_line_id_call_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."call_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_intents" ADD CONSTRAINT "call_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_intents" ADD CONSTRAINT "call_intents_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_intents" ADD CONSTRAINT "call_intents_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_lines" ADD CONSTRAINT "call_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_lines" ADD CONSTRAINT "call_lines_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_call_lines" ADD CONSTRAINT "user_call_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_call_lines" ADD CONSTRAINT "user_call_lines_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_call_lines" ADD CONSTRAINT "user_call_lines_line_id_call_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."call_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_intents_line_phone_idx" ON "call_intents" USING btree ("tenant_id","line_id","phone","created_at");--> statement-breakpoint
CREATE INDEX "call_lines_tenant_idx" ON "call_lines" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "call_lines_token_key" ON "call_lines" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "call_lines_webhook_secret_key" ON "call_lines" USING btree ("webhook_secret");--> statement-breakpoint
CREATE INDEX "user_call_lines_tenant_line_idx" ON "user_call_lines" USING btree ("tenant_id","line_id");--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_line_id_call_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."call_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "call_logs_line_call_key" ON "call_logs" USING btree ("line_id","provider_call_id") WHERE "call_logs"."provider_call_id" is not null;