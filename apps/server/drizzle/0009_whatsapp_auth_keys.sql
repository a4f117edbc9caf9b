CREATE TABLE "whatsapp_auth_keys" (
	"tenant_id" integer NOT NULL,
	"channel_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_auth_keys" ADD CONSTRAINT "whatsapp_auth_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_auth_keys" ADD CONSTRAINT "whatsapp_auth_keys_channel_id_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_auth_keys_channel_key" ON "whatsapp_auth_keys" USING btree ("channel_id","key");--> statement-breakpoint
CREATE INDEX "whatsapp_auth_keys_tenant_channel_idx" ON "whatsapp_auth_keys" USING btree ("tenant_id","channel_id");