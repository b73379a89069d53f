CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"next_run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_error" text,
	"runs" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "kind" text;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "submission_id" uuid;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "dedupe_key" text;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_dedupe_key_unique" ON "mail_outbox" USING btree ("dedupe_key");
--> statement-breakpoint
CREATE INDEX "mail_outbox_created_at_idx" ON "mail_outbox" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
--> statement-breakpoint
CREATE INDEX "mail_outbox_submission_id_idx" ON "mail_outbox" USING btree ("submission_id");
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mail_reminders" boolean DEFAULT true NOT NULL;
