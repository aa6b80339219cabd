CREATE TABLE "release_builds" (
	"remote" text NOT NULL,
	"release" text NOT NULL,
	"state" text NOT NULL,
	"reason" text NOT NULL,
	"state_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deployed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"counted_since" timestamp with time zone DEFAULT now() NOT NULL,
	"pages_served" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "release_builds_remote_release_pk" PRIMARY KEY("remote","release")
);
--> statement-breakpoint
CREATE TABLE "release_commands" (
	"id" text PRIMARY KEY NOT NULL,
	"remote" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_error_samples" (
	"remote" text NOT NULL,
	"release" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"message" text NOT NULL,
	"page_views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "release_error_samples_remote_release_kind_name_message_pk" PRIMARY KEY("remote","release","kind","name","message")
);
--> statement-breakpoint
CREATE TABLE "release_page_views" (
	"page_id" text NOT NULL,
	"remote" text NOT NULL,
	"release" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"manifest_failed" boolean DEFAULT false NOT NULL,
	"entry_failed" boolean DEFAULT false NOT NULL,
	"chunk_failed" boolean DEFAULT false NOT NULL,
	"render_failed" boolean DEFAULT false NOT NULL,
	"unhandled_error" boolean DEFAULT false NOT NULL,
	"lcp" real,
	"inp" real,
	"cls" real,
	CONSTRAINT "release_page_views_page_id_remote_pk" PRIMARY KEY("page_id","remote")
);
--> statement-breakpoint
CREATE TABLE "release_remotes" (
	"remote" text PRIMARY KEY NOT NULL,
	"stable" text NOT NULL,
	"canary" text,
	"canary_percent" integer DEFAULT 0 NOT NULL,
	"canary_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_secrets" (
	"id" smallint PRIMARY KEY NOT NULL,
	"secret" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_transitions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"remote" text NOT NULL,
	"release" text NOT NULL,
	"state" text NOT NULL,
	"actor" text NOT NULL,
	"reason" text NOT NULL,
	"figures" jsonb,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "release_page_views_release_idx" ON "release_page_views" USING btree ("remote","release","created_at");--> statement-breakpoint
CREATE INDEX "release_transitions_remote_id_idx" ON "release_transitions" USING btree ("remote","id");--> statement-breakpoint
-- Every API process keeps the release state in memory (releases/registry.ts) and reloads it on
-- this NOTIFY, sent in the writing transaction by whichever process or tool changed it; each also
-- re-reads every few seconds in case a notification was lost while its LISTEN reconnected.
CREATE FUNCTION notify_release_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('release_changes', COALESCE(NEW.remote, OLD.remote));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER release_remotes_change AFTER INSERT OR UPDATE OR DELETE ON release_remotes
  FOR EACH ROW EXECUTE FUNCTION notify_release_change();
