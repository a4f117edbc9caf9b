CREATE TABLE "call_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer,
	"contact_id" integer NOT NULL,
	"ticket_id" integer,
	"channel_id" integer,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_seconds" integer,
	"recording_id" text,
	"provider_call_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "call_logs" ADD CONSTRAINT "call_logs_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_logs_tenant_started_idx" ON "call_logs" USING btree ("tenant_id","started_at");--> statement-breakpoint
CREATE INDEX "call_logs_tenant_ticket_idx" ON "call_logs" USING btree ("tenant_id","ticket_id");--> statement-breakpoint
CREATE INDEX "call_logs_tenant_contact_idx" ON "call_logs" USING btree ("tenant_id","contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "call_logs_provider_key" ON "call_logs" USING btree ("channel_id","provider_call_id") WHERE "call_logs"."provider_call_id" is not null;--> statement-breakpoint
CREATE INDEX "schedules_tenant_send_at_idx" ON "schedules" USING btree ("tenant_id","send_at");--> statement-breakpoint
CREATE INDEX "ticket_notes_tenant_created_idx" ON "ticket_notes" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_tenant_private_idx" ON "tickets" USING btree ("tenant_id","id") WHERE "tickets"."is_private";