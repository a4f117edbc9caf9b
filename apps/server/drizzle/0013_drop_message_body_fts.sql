DROP INDEX IF EXISTS "messages_body_fts_idx";
