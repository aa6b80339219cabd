CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"author" text NOT NULL,
	"source" text NOT NULL,
	"body" text NOT NULL,
	"contact_name" text,
	"contact_email" text,
	"topic" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "support_messages_author_check" CHECK ("support_messages"."author" in ('customer', 'support')),
	CONSTRAINT "support_messages_source_check" CHECK ("support_messages"."source" in ('chat', 'contact')),
	CONSTRAINT "support_messages_topic_check" CHECK ("support_messages"."topic" is null or "support_messages"."topic" in ('general', 'order', 'delivery', 'retailer', 'careers', 'press'))
);
--> statement-breakpoint
CREATE TABLE "support_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"visitor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_threads_owner_check" CHECK (("support_threads"."user_id" is null) <> ("support_threads"."visitor_id" is null))
);
--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_thread_id_support_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."support_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_threads" ADD CONSTRAINT "support_threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_messages_thread_id_created_at_idx" ON "support_messages" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_threads_user_id_key" ON "support_threads" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "support_threads_visitor_id_key" ON "support_threads" USING btree ("visitor_id");