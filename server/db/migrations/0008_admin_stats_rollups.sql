-- Staff dashboard stats without a scan per request (issue 9, docs/decisions/0019): "Total Offers Made"
-- is kept in one row by triggers instead of summing every comic (1.3 s at 300,000 comics), and each
-- status event carries its submission's creation time so "Avg Response Time" reads only the recent
-- events instead of looking up each one's submission.
CREATE TABLE "admin_offer_totals" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"offers_made_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "status_events" ADD COLUMN "submission_created_at" timestamp with time zone;
--> statement-breakpoint
-- Whether a submission's offers count as made: it left review, and a cancelled one only if it had been
-- processed (offers sent) first. The same rule as docs/decisions/0010 "Stats".
CREATE FUNCTION "admin_offers_count"(status text, processed_at timestamptz) RETURNS boolean
  LANGUAGE sql IMMUTABLE AS $$
  SELECT status <> 'awaiting_review' AND (status <> 'cancelled' OR processed_at IS NOT NULL)
$$;
--> statement-breakpoint
-- What one comic adds to the total: its cash offer, else its credit offer (the alternative, not an
-- addition); nothing when the comic was rejected.
CREATE FUNCTION "admin_offer_cents"(admin_status text, cash integer, credit integer) RETURNS bigint
  LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN admin_status <> 'rejected' THEN coalesce(cash, credit, 0) ELSE 0 END
$$;
--> statement-breakpoint
-- Comics inserted, updated or deleted: add what the new rows contribute, take away what the old rows
-- did, each only while its submission counts. One statement-level trigger per event (transition
-- tables), so a bulk insert updates the total row once, not once per comic. The submissions read are
-- locked FOR SHARE: a concurrent status change of the same submission waits for this transaction, and
-- its own trigger (below) then sums comics that include this change. A comic deleted by the cascade of
-- its submission's delete finds no submission (already gone): the submission's own trigger took its
-- comics out.
CREATE FUNCTION "admin_offer_totals_comics"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta bigint := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    delta := delta + coalesce((
      SELECT sum(admin_offer_cents(x.admin_status, x.cash_offer_cents, x.store_credit_offer_cents))
      FROM (SELECT n.admin_status, n.cash_offer_cents, n.store_credit_offer_cents
            FROM new_rows n JOIN submissions s ON s.id = n.submission_id
            WHERE admin_offers_count(s.status, s.processed_at) FOR SHARE OF s) x), 0);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    delta := delta - coalesce((
      SELECT sum(admin_offer_cents(x.admin_status, x.cash_offer_cents, x.store_credit_offer_cents))
      FROM (SELECT o.admin_status, o.cash_offer_cents, o.store_credit_offer_cents
            FROM old_rows o JOIN submissions s ON s.id = o.submission_id
            WHERE admin_offers_count(s.status, s.processed_at) FOR SHARE OF s) x), 0);
  END IF;
  -- Unchanged totals (drafts on a submission in review, answers that keep the offer) leave the row alone.
  IF delta <> 0 THEN
    UPDATE admin_offer_totals SET offers_made_cents = offers_made_cents + delta WHERE id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "comics_offer_totals_insert" AFTER INSERT ON "comics"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "admin_offer_totals_comics"();
--> statement-breakpoint
CREATE TRIGGER "comics_offer_totals_update" AFTER UPDATE ON "comics"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "admin_offer_totals_comics"();
--> statement-breakpoint
CREATE TRIGGER "comics_offer_totals_delete" AFTER DELETE ON "comics"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "admin_offer_totals_comics"();
--> statement-breakpoint
-- A submission starting or stopping to count (sent offers, cancelled unprocessed, deleted) adds or takes
-- away all its comics. Before the delete, while its comics are still there.
CREATE FUNCTION "admin_offer_totals_submissions"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sign integer;
  delta bigint;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF NOT admin_offers_count(OLD.status, OLD.processed_at) THEN RETURN OLD; END IF;
    sign := -1;
  ELSIF admin_offers_count(NEW.status, NEW.processed_at) = admin_offers_count(OLD.status, OLD.processed_at) THEN
    RETURN NULL;
  ELSIF admin_offers_count(NEW.status, NEW.processed_at) THEN
    sign := 1;
  ELSE
    sign := -1;
  END IF;
  SELECT coalesce(sum(admin_offer_cents(c.admin_status, c.cash_offer_cents, c.store_credit_offer_cents)), 0)
    INTO delta FROM comics c WHERE c.submission_id = coalesce(NEW.id, OLD.id);
  IF delta <> 0 THEN
    UPDATE admin_offer_totals SET offers_made_cents = offers_made_cents + sign * delta WHERE id;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "submissions_offer_totals_update" AFTER UPDATE OF "status", "processed_at" ON "submissions"
	FOR EACH ROW EXECUTE FUNCTION "admin_offer_totals_submissions"();
--> statement-breakpoint
CREATE TRIGGER "submissions_offer_totals_delete" BEFORE DELETE ON "submissions"
	FOR EACH ROW EXECUTE FUNCTION "admin_offer_totals_submissions"();
--> statement-breakpoint
INSERT INTO "admin_offer_totals" ("id", "offers_made_cents")
	SELECT true, coalesce(sum(admin_offer_cents(c.admin_status, c.cash_offer_cents, c.store_credit_offer_cents)), 0)
	FROM comics c JOIN submissions s ON s.id = c.submission_id
	WHERE admin_offers_count(s.status, s.processed_at);
--> statement-breakpoint
-- Each event's submission creation time, set on insert (one primary-key read per event written).
CREATE FUNCTION "status_events_submission_created_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.submission_created_at IS NULL THEN
    NEW.submission_created_at := (SELECT s.created_at FROM submissions s WHERE s.id = NEW.submission_id);
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "status_events_submission_created_at" BEFORE INSERT ON "status_events"
	FOR EACH ROW EXECUTE FUNCTION "status_events_submission_created_at"();
--> statement-breakpoint
UPDATE "status_events" e SET "submission_created_at" = s."created_at" FROM "submissions" s WHERE s."id" = e."submission_id";
