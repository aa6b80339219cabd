CREATE TABLE "curbside_pickups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"order_pickup_id" uuid NOT NULL,
	"order_number" text NOT NULL,
	"store_id" text NOT NULL,
	"customer_name" text NOT NULL,
	"parking_spot_number" text NOT NULL,
	"phone_number" text NOT NULL,
	"vehicle_description" text,
	"special_instructions" text,
	"status" text NOT NULL,
	"pin_hash" text,
	"verification_attempts" integer DEFAULT 0 NOT NULL,
	"max_verification_attempts" integer NOT NULL,
	"robot_id" uuid,
	"estimated_delivery_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "curbside_pickups_status_check" CHECK ("curbside_pickups"."status" in ('order_ready', 'customer_arrived', 'robot_dispatched', 'robot_collecting', 'robot_en_route', 'awaiting_verification', 'verified', 'delivered', 'failed', 'cancelled')),
	CONSTRAINT "curbside_pickups_attempts_check" CHECK ("curbside_pickups"."verification_attempts" >= 0 and "curbside_pickups"."verification_attempts" <= "curbside_pickups"."max_verification_attempts")
);
--> statement-breakpoint
CREATE TABLE "curbside_tracking_updates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pickup_id" uuid NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"estimated_arrival" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "curbside_tracking_updates_status_check" CHECK ("curbside_tracking_updates"."status" in ('order_ready', 'customer_arrived', 'robot_dispatched', 'robot_collecting', 'robot_en_route', 'awaiting_verification', 'verified', 'delivered', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "robots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" text NOT NULL,
	"name" text NOT NULL,
	"current_pickup_id" uuid,
	"assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "curbside_pickups" ADD CONSTRAINT "curbside_pickups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curbside_pickups" ADD CONSTRAINT "curbside_pickups_order_pickup_id_order_pickups_id_fk" FOREIGN KEY ("order_pickup_id") REFERENCES "public"."order_pickups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curbside_pickups" ADD CONSTRAINT "curbside_pickups_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curbside_pickups" ADD CONSTRAINT "curbside_pickups_robot_id_robots_id_fk" FOREIGN KEY ("robot_id") REFERENCES "public"."robots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "curbside_tracking_updates" ADD CONSTRAINT "curbside_tracking_updates_pickup_id_curbside_pickups_id_fk" FOREIGN KEY ("pickup_id") REFERENCES "public"."curbside_pickups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "robots" ADD CONSTRAINT "robots_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "curbside_pickups_user_id_created_at_idx" ON "curbside_pickups" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "curbside_pickups_active_order_key" ON "curbside_pickups" USING btree ("order_pickup_id") WHERE "curbside_pickups"."status" not in ('delivered', 'failed', 'cancelled');--> statement-breakpoint
CREATE INDEX "curbside_tracking_updates_pickup_id_idx" ON "curbside_tracking_updates" USING btree ("pickup_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "robots_store_id_name_key" ON "robots" USING btree ("store_id","name");--> statement-breakpoint
CREATE INDEX "robots_current_pickup_id_idx" ON "robots" USING btree ("current_pickup_id");