CREATE TABLE "whatsapp_contacts" (
	"tenant_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"jid" text NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"lid" text DEFAULT '' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"notify" text DEFAULT '' NOT NULL,
	"verified_name" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_contacts" ADD CONSTRAINT "whatsapp_contacts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_contacts" ADD CONSTRAINT "whatsapp_contacts_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_contacts_channel_jid" ON "whatsapp_contacts" USING btree ("channel_id","jid");--> statement-breakpoint
CREATE INDEX "whatsapp_contacts_tenant_channel_idx" ON "whatsapp_contacts" USING btree ("tenant_id","channel_id");