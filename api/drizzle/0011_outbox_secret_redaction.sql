ALTER TABLE "outbox" ADD COLUMN "redacted_text" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "secret_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "outbox_secret_expires_at_idx" ON "outbox" USING btree ("secret_expires_at") WHERE "outbox"."secret_expires_at" is not null;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_secret_check" CHECK (("outbox"."redacted_text" is null) = ("outbox"."secret_expires_at" is null));--> statement-breakpoint
-- Messages queued before redaction existed: mark their secrets (the curbside PIN, the token of a
-- verification or email-change link) for redaction when they would have expired: 2 hours for a
-- PIN, 24 hours for a link. Rows already past that are redacted at once.
UPDATE "outbox" SET
  "redacted_text" = regexp_replace("text", '(PIN for order CR-[0-9]+ is )[0-9]{4}', '\1[redacted]', 'g'),
  "secret_expires_at" = "created_at" + interval '2 hours'
WHERE "subject" = 'Your curbside pickup PIN' AND "text" ~ 'PIN for order CR-[0-9]+ is [0-9]{4}';--> statement-breakpoint
UPDATE "outbox" SET
  "redacted_text" = regexp_replace("text", 'token=[A-Za-z0-9_%-]+', 'token=[redacted]', 'g'),
  "secret_expires_at" = "created_at" + interval '24 hours'
WHERE "redacted_text" IS NULL AND "text" ~ 'token=[A-Za-z0-9_%-]+';--> statement-breakpoint
UPDATE "outbox" SET "text" = "redacted_text", "redacted_text" = NULL, "secret_expires_at" = NULL
WHERE "secret_expires_at" <= now();
