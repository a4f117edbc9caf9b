CREATE TABLE "crm_lanes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"user_id" integer,
	"flow_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_lanes" ADD CONSTRAINT "crm_lanes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_lanes" ADD CONSTRAINT "crm_lanes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_lanes" ADD CONSTRAINT "crm_lanes_flow_id_chat_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."chat_flows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crm_lanes_tenant_user_idx" ON "crm_lanes" USING btree ("tenant_id","user_id","position");--> statement-breakpoint
CREATE INDEX "contacts_tenant_crm_lane_idx" ON "contacts" USING btree ("tenant_id","crm_lane_id") WHERE "contacts"."crm_lane_id" is not null;