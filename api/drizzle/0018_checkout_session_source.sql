ALTER TABLE "checkout_sessions" ADD COLUMN "source" text DEFAULT 'development' NOT NULL;--> statement-breakpoint
-- Sessions made through a retailer key keep being judged by their key; every other existing one
-- came from the development route (the default).
UPDATE "checkout_sessions" SET "source" = 'retailer_api' WHERE "id" IN (SELECT "checkout_session_id" FROM "retailer_checkouts");--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_source_check" CHECK ("checkout_sessions"."source" in ('retailer_api', 'partner', 'development'));