DROP INDEX "contacts_name_trgm_idx";--> statement-breakpoint
DROP INDEX "channels_token_key";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "search_name" text GENERATED ALWAYS AS (translate(lower("contacts"."name"), 'áàâãäåéèêëíìîïóòôõöúùûüçñý', 'aaaaaaeeeeiiiiooooouuuucny')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_search_name_trgm_idx" ON "contacts" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_search_name_words_idx" ON "contacts" USING gin (to_tsvector('simple', "search_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "channels_token_key" ON "channels" USING btree ("type","token") WHERE "channels"."token" <> '' and "channels"."type" in ('webchat', 'telegram');