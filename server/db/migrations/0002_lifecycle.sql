-- Lifecycle (issue 8, docs/decisions/0006-submission-lifecycle.md): the store-credit payment reference,
-- and the action and payload of every status event (the timeline and the mail read them).
ALTER TABLE "submissions" ADD COLUMN "store_credit_reference" text;--> statement-breakpoint
ALTER TABLE "status_events" ADD COLUMN "action" text DEFAULT 'status_change' NOT NULL;--> statement-breakpoint
ALTER TABLE "status_events" ADD COLUMN "payload" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "status_events" SET "action" = 'created' WHERE "from_status" IS NULL;
