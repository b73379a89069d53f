-- Staff dashboard (issue 9, docs/decisions/0010-staff-dashboard-and-scale.md): trigram indexes for the
-- admin text search (ILIKE '%term%' over comic title and publisher, seller email and username), and
-- indexes matching the admin list's orders (date or estimated value, id as tie-break) with and without
-- a status filter, so a page is an index walk at 100,000 submissions.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "comics_title_trgm_idx" ON "comics" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "comics_publisher_trgm_idx" ON "comics" USING gin ("publisher" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX "comics_publisher_submission_id_idx" ON "comics" USING btree ("publisher","submission_id");
--> statement-breakpoint
CREATE INDEX "submissions_created_at_id_idx" ON "submissions" USING btree ("created_at","id");
--> statement-breakpoint
CREATE INDEX "submissions_status_created_at_id_idx" ON "submissions" USING btree ("status","created_at","id");
--> statement-breakpoint
CREATE INDEX "submissions_value_id_idx" ON "submissions" USING btree ((coalesce("total_estimated_value_cents", -1)),"id");
--> statement-breakpoint
CREATE INDEX "submissions_status_value_id_idx" ON "submissions" USING btree ("status",(coalesce("total_estimated_value_cents", -1)),"id");
--> statement-breakpoint
CREATE INDEX "submissions_tracking_normalized_idx" ON "submissions" USING btree ((upper(regexp_replace("tracking_id", '\s', '', 'g')))) WHERE "tracking_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "status_events_to_status_created_at_idx" ON "status_events" USING btree ("to_status","created_at");
--> statement-breakpoint
-- How many submissions are in each status, kept exact by a trigger, so the dashboard's unfiltered and
-- status-filtered totals are one row read instead of a count over 100,000 submissions.
CREATE TABLE "submission_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "submission_status_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE submission_status_counts SET count = count - 1 WHERE status = OLD.status;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO submission_status_counts (status, count) VALUES (NEW.status, 1)
      ON CONFLICT (status) DO UPDATE SET count = submission_status_counts.count + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "submissions_status_counts_insert_delete" AFTER INSERT OR DELETE ON "submissions"
	FOR EACH ROW EXECUTE FUNCTION "submission_status_counts_apply"();
--> statement-breakpoint
CREATE TRIGGER "submissions_status_counts_update" AFTER UPDATE OF "status" ON "submissions"
	FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION "submission_status_counts_apply"();
--> statement-breakpoint
INSERT INTO "submission_status_counts" ("status", "count")
	SELECT "status", count(*) FROM "submissions" GROUP BY "status";
