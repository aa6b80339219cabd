CREATE TABLE "api_account_rate_windows" (
	"account_id" uuid NOT NULL,
	"bucket" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "api_account_rate_windows_pkey" PRIMARY KEY("account_id","bucket","window_start")
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "console" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "api_account_rate_windows" ADD CONSTRAINT "api_account_rate_windows_account_id_retailer_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."retailer_accounts"("id") ON DELETE cascade ON UPDATE no action;