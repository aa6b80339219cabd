CREATE TABLE "retailer_delivery_states" (
	"delivery_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"last_update_id" bigint NOT NULL,
	"last_status" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "retailer_delivery_states" ADD CONSTRAINT "retailer_delivery_states_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retailer_delivery_states" ADD CONSTRAINT "retailer_delivery_states_account_id_retailer_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."retailer_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retailer_delivery_states_account_idx" ON "retailer_delivery_states" USING btree ("account_id","mode");