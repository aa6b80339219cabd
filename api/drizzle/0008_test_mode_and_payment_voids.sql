CREATE TABLE "payment_voids" (
	"base_key" text NOT NULL,
	"attempt" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_charge_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "payment_voids_base_key_attempt_pk" PRIMARY KEY("base_key","attempt")
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "mode" text DEFAULT 'live' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD COLUMN "livemode" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "livemode" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_mode_check" CHECK ("checkout_sessions"."mode" in ('test', 'live'));--> statement-breakpoint
UPDATE "checkout_sessions" SET "mode" = rc."mode" FROM "retailer_checkouts" rc WHERE rc."checkout_session_id" = "checkout_sessions"."id";--> statement-breakpoint
UPDATE "order_pickups" SET "livemode" = false FROM "checkout_sessions" cs WHERE cs."order_pickup_id" = "order_pickups"."id" AND cs."mode" = 'test';
