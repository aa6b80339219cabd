CREATE TABLE "deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_pickup_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"store_id" text NOT NULL,
	"delivery_type" text NOT NULL,
	"status" text NOT NULL,
	"fleet" text NOT NULL,
	"dispatch_reason" text NOT NULL,
	"courier_cost_cents" integer NOT NULL,
	"courier_name" text,
	"vehicle" text,
	"speed_mph" double precision NOT NULL,
	"pickup_lead_minutes" double precision NOT NULL,
	"signature_required" boolean DEFAULT false NOT NULL,
	"origin" jsonb NOT NULL,
	"destination" jsonb NOT NULL,
	"holding_location" jsonb,
	"route" jsonb NOT NULL,
	"route_miles" double precision NOT NULL,
	"traffic" jsonb NOT NULL,
	"leg_started_at" timestamp with time zone,
	"leg_duration_ms" integer,
	"time_scale" double precision NOT NULL,
	"eta_at" timestamp with time zone,
	"attempt" integer DEFAULT 1 NOT NULL,
	"curbside_pickup_id" uuid,
	"curbside_status" text,
	"delivered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deliveries_status_check" CHECK ("deliveries"."status" in ('pickup_confirmed', 'en_route', 'arriving', 'awaiting_customer', 'delivered', 'held', 'cancelled')),
	CONSTRAINT "deliveries_fleet_check" CHECK ("deliveries"."fleet" in ('curbrun_robots', 'curbrun_drivers', 'doordash_drive', 'lone_star_couriers')),
	CONSTRAINT "deliveries_delivery_type_check" CHECK ("deliveries"."delivery_type" in ('curbside', 'home')),
	CONSTRAINT "deliveries_attempt_check" CHECK ("deliveries"."attempt" >= 1)
);
--> statement-breakpoint
CREATE TABLE "delivery_proofs" (
	"delivery_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"content_type" text,
	"image" "bytea",
	"captured_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_proofs_kind_check" CHECK ("delivery_proofs"."kind" in ('photo', 'signature', 'pin')),
	CONSTRAINT "delivery_proofs_image_check" CHECK (("delivery_proofs"."kind" = 'pin') = ("delivery_proofs"."image" is null and "delivery_proofs"."content_type" is null))
);
--> statement-breakpoint
CREATE TABLE "delivery_updates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" uuid NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"eta_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"mobile_number" text,
	"events" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refund_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"refund_request_id" uuid,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"image" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_photos_content_type_check" CHECK ("refund_photos"."content_type" in ('image/jpeg', 'image/png', 'image/webp'))
);
--> statement-breakpoint
CREATE TABLE "refund_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"order_pickup_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"item_value_cents" integer,
	"destination" text NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"decision" text,
	"approved_cents" integer,
	"payment_refund_id" uuid,
	"wallet_entry_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "refund_requests_reason_check" CHECK ("refund_requests"."reason" in ('late', 'damaged_item', 'missing_item', 'other')),
	CONSTRAINT "refund_requests_status_check" CHECK ("refund_requests"."status" in ('submitted', 'approved', 'rejected', 'needs_review')),
	CONSTRAINT "refund_requests_destination_check" CHECK ("refund_requests"."destination" in ('wallet', 'original_method')),
	CONSTRAINT "refund_requests_amounts_check" CHECK (("refund_requests"."item_value_cents" is null or "refund_requests"."item_value_cents" > 0) and ("refund_requests"."approved_cents" is null or "refund_requests"."approved_cents" >= 0))
);
--> statement-breakpoint
ALTER TABLE "email_verification_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_order_pickup_id_order_pickups_id_fk" FOREIGN KEY ("order_pickup_id") REFERENCES "public"."order_pickups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_proofs" ADD CONSTRAINT "delivery_proofs_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_updates" ADD CONSTRAINT "delivery_updates_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_photos" ADD CONSTRAINT "refund_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_photos" ADD CONSTRAINT "refund_photos_refund_request_id_refund_requests_id_fk" FOREIGN KEY ("refund_request_id") REFERENCES "public"."refund_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_order_pickup_id_order_pickups_id_fk" FOREIGN KEY ("order_pickup_id") REFERENCES "public"."order_pickups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_payment_refund_id_refunds_id_fk" FOREIGN KEY ("payment_refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_requests" ADD CONSTRAINT "refund_requests_wallet_entry_id_wallet_entries_id_fk" FOREIGN KEY ("wallet_entry_id") REFERENCES "public"."wallet_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_order_pickup_id_key" ON "deliveries" USING btree ("order_pickup_id");--> statement-breakpoint
CREATE INDEX "deliveries_user_id_created_at_idx" ON "deliveries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "deliveries_store_fleet_status_idx" ON "deliveries" USING btree ("store_id","fleet","status");--> statement-breakpoint
CREATE INDEX "delivery_updates_delivery_id_idx" ON "delivery_updates" USING btree ("delivery_id","id");--> statement-breakpoint
CREATE INDEX "refund_photos_user_id_idx" ON "refund_photos" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "refund_photos_refund_request_id_idx" ON "refund_photos" USING btree ("refund_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refund_requests_order_reason_key" ON "refund_requests" USING btree ("order_pickup_id","reason");--> statement-breakpoint
CREATE INDEX "refund_requests_user_id_created_at_idx" ON "refund_requests" USING btree ("user_id","created_at");