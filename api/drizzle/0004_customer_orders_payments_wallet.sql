CREATE SEQUENCE "public"."order_pickup_number_seq" INCREMENT BY 1 MINVALUE 100500 MAXVALUE 999999 START WITH 100500 CACHE 1;--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"label" text,
	"line1" text NOT NULL,
	"line2" text,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"instructions" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"metro_area" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addresses_metro_area_check" CHECK ("addresses"."metro_area" in ('Dallas–Fort Worth', 'Houston', 'Austin'))
);
--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"retailer_id" text NOT NULL,
	"store_id" text,
	"retailer_order_number" text NOT NULL,
	"items" jsonb NOT NULL,
	"customer_info" jsonb NOT NULL,
	"bags" integer NOT NULL,
	"weight_class" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"order_pickup_id" uuid,
	"completed_by_user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_sessions_order_pickup_id_key" UNIQUE("order_pickup_id"),
	CONSTRAINT "checkout_sessions_status_check" CHECK ("checkout_sessions"."status" in ('open', 'completed', 'expired')),
	CONSTRAINT "checkout_sessions_weight_class_check" CHECK ("checkout_sessions"."weight_class" in ('small', 'medium', 'large', 'extra_large')),
	CONSTRAINT "checkout_sessions_bags_check" CHECK ("checkout_sessions"."bags" between 1 and 20)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"route" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" jsonb,
	"locked_until" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "order_pickup_status_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_pickup_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"name_on_card" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "payment_methods_brand_check" CHECK ("payment_methods"."brand" in ('visa', 'mastercard', 'amex', 'discover', 'unknown')),
	CONSTRAINT "payment_methods_last4_check" CHECK ("payment_methods"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"payment_method_id" uuid,
	"card_brand" text,
	"card_last4" text,
	"amount_cents" integer NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"provider" text,
	"provider_charge_id" text,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('order', 'wallet_top_up', 'subscription')),
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('card', 'wallet')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('succeeded', 'partially_refunded', 'refunded')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_refunded_check" CHECK ("payments"."refunded_cents" >= 0 and "payments"."refunded_cents" <= "payments"."amount_cents"),
	CONSTRAINT "payments_card_check" CHECK (("payments"."method" = 'card') = ("payments"."provider_charge_id" is not null and "payments"."card_last4" is not null))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"destination" text NOT NULL,
	"reason" text NOT NULL,
	"provider_refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_cents" > 0),
	CONSTRAINT "refunds_destination_check" CHECK ("refunds"."destination" in ('original_method', 'wallet'))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"plan_id" text NOT NULL,
	"status" text NOT NULL,
	"price_cents" integer NOT NULL,
	"current_period_start" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"renew_with" text NOT NULL,
	"payment_method_id" uuid,
	"latest_payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_plan_check" CHECK ("subscriptions"."plan_id" in ('plus', 'premium')),
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('active', 'cancelled', 'expired')),
	CONSTRAINT "subscriptions_renew_with_check" CHECK ("subscriptions"."renew_with" in ('wallet', 'card'))
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"balance_after_cents" integer NOT NULL,
	"description" text NOT NULL,
	"payment_id" uuid,
	"refund_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_entries_seq_key" UNIQUE("seq"),
	CONSTRAINT "wallet_entries_kind_check" CHECK ("wallet_entries"."kind" in ('top_up', 'payment', 'tip', 'refund', 'credit')),
	CONSTRAINT "wallet_entries_amount_check" CHECK ("wallet_entries"."amount_cents" <> 0),
	CONSTRAINT "wallet_entries_balance_check" CHECK ("wallet_entries"."balance_after_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_pickups" ALTER COLUMN "order_number" SET DEFAULT 'CR-' || nextval('order_pickup_number_seq')::text;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD COLUMN "source" text DEFAULT 'schedule' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD COLUMN "delivery_type" text DEFAULT 'curbside' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD COLUMN "retailer_order_number" text;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD COLUMN "customer_name" text;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD COLUMN "bags" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD COLUMN "weight_class" text DEFAULT 'small' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD COLUMN "delivery_address" jsonb;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD COLUMN "address_id" uuid;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD COLUMN "delivery_window" text;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD COLUMN "window_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD COLUMN "window_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD COLUMN "zone" text;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD COLUMN "distance_miles" double precision;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD COLUMN "fee_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD COLUMN "fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD COLUMN "tip_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD COLUMN "total_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD COLUMN "payment_id" uuid;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_retailer_id_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."retailers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_order_pickup_id_order_pickups_id_fk" FOREIGN KEY ("order_pickup_id") REFERENCES "public"."order_pickups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_completed_by_user_id_users_id_fk" FOREIGN KEY ("completed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_pickup_status_changes" ADD CONSTRAINT "order_pickup_status_changes_order_pickup_id_order_pickups_id_fk" FOREIGN KEY ("order_pickup_id") REFERENCES "public"."order_pickups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_latest_payment_id_payments_id_fk" FOREIGN KEY ("latest_payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_id_idx" ON "addresses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_per_user" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default";--> statement-breakpoint
CREATE INDEX "checkout_sessions_retailer_id_idx" ON "checkout_sessions" USING btree ("retailer_id","created_at");--> statement-breakpoint
CREATE INDEX "order_pickup_status_changes_order_idx" ON "order_pickup_status_changes" USING btree ("order_pickup_id","id");--> statement-breakpoint
CREATE INDEX "payment_methods_user_id_idx" ON "payment_methods" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_one_default_per_user" ON "payment_methods" USING btree ("user_id") WHERE "payment_methods"."is_default" and "payment_methods"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "payments_user_id_idx" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_payment_id_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "subscriptions_user_id_idx" ON "subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_one_current_per_user" ON "subscriptions" USING btree ("user_id") WHERE "subscriptions"."status" in ('active', 'cancelled');--> statement-breakpoint
CREATE INDEX "wallet_entries_user_seq_idx" ON "wallet_entries" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "wallet_entries_payment_id_idx" ON "wallet_entries" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "order_pickups" ADD CONSTRAINT "order_pickups_address_id_addresses_id_fk" FOREIGN KEY ("address_id") REFERENCES "public"."addresses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_pickups" ADD CONSTRAINT "order_pickups_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_pickups_payment_id_idx" ON "order_pickups" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "order_pickups" ADD CONSTRAINT "order_pickups_source_check" CHECK ("order_pickups"."source" in ('schedule', 'checkout'));--> statement-breakpoint
ALTER TABLE "order_pickups" ADD CONSTRAINT "order_pickups_delivery_type_check" CHECK ("order_pickups"."delivery_type" in ('curbside', 'home'));--> statement-breakpoint
ALTER TABLE "order_pickups" ADD CONSTRAINT "order_pickups_weight_class_check" CHECK ("order_pickups"."weight_class" in ('small', 'medium', 'large', 'extra_large'));--> statement-breakpoint
ALTER TABLE "order_pickups" ADD CONSTRAINT "order_pickups_window_check" CHECK ("order_pickups"."delivery_window" is null or "order_pickups"."delivery_window" in ('asap', '2h', '4h', '6h', 'next_day'));--> statement-breakpoint
ALTER TABLE "order_pickups" ADD CONSTRAINT "order_pickups_zone_check" CHECK ("order_pickups"."zone" is null or "order_pickups"."zone" in ('curbside', 'core', 'extended', 'next_day_only'));--> statement-breakpoint
ALTER TABLE "order_pickups" ADD CONSTRAINT "order_pickups_bags_check" CHECK ("order_pickups"."bags" between 1 and 20);--> statement-breakpoint
ALTER TABLE "order_pickups" ADD CONSTRAINT "order_pickups_money_check" CHECK ("order_pickups"."fee_cents" >= 0 and "order_pickups"."discount_cents" >= 0 and "order_pickups"."tip_cents" >= 0 and "order_pickups"."total_cents" = "order_pickups"."fee_cents" + "order_pickups"."tip_cents");--> statement-breakpoint
ALTER TABLE "order_pickups" ADD CONSTRAINT "order_pickups_home_address_check" CHECK ("order_pickups"."delivery_type" <> 'home' or "order_pickups"."delivery_address" is not null);