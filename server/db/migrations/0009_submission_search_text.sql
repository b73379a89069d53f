-- Staff search over comic titles and publishers without reading every matching comic (issue 9,
-- docs/decisions/0026): each submission carries its comics' titles and publishers, one per line, kept
-- by the triggers below, and the search matches that one row per submission through a trigram index.
-- A broad word ('spider', in 5% of comics spread over nearly every page of the comics table) then reads
-- the matching submissions' rows instead of the whole comics heap.
ALTER TABLE "submissions" ADD COLUMN "comic_search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- A submission's search text: every comic's title and publisher, each on its own line (a search
-- without a newline can then match only within one title or one publisher, as a per-comic match does).
CREATE FUNCTION "submission_comic_search_text"(submission uuid) RETURNS text
  LANGUAGE sql STABLE AS $$
  SELECT coalesce(string_agg(c.title || E'\n' || c.publisher, E'\n' ORDER BY c.position, c.id), '')
  FROM comics c WHERE c.submission_id = submission
$$;
--> statement-breakpoint
-- Comics inserted, deleted, or with a changed title, publisher or submission: rebuild the search text
-- of each submission concerned, once per statement (a submit inserts all its comics in one). Updates
-- that touch neither (offers, answers) change nothing. A comic deleted by its submission's cascade
-- finds no submission left to update.
CREATE FUNCTION "submission_search_text_comics"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE submissions s SET comic_search_text = submission_comic_search_text(s.id)
    WHERE s.id IN (SELECT n.submission_id FROM new_rows n);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE submissions s SET comic_search_text = submission_comic_search_text(s.id)
    WHERE s.id IN (SELECT o.submission_id FROM old_rows o);
  ELSE
    UPDATE submissions s SET comic_search_text = submission_comic_search_text(s.id)
    WHERE s.id IN (
      SELECT unnest(ARRAY[n.submission_id, o.submission_id])
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE n.title IS DISTINCT FROM o.title
         OR n.publisher IS DISTINCT FROM o.publisher
         OR n.submission_id IS DISTINCT FROM o.submission_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "comics_search_text_insert" AFTER INSERT ON "comics"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_search_text_comics"();
--> statement-breakpoint
CREATE TRIGGER "comics_search_text_update" AFTER UPDATE ON "comics"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_search_text_comics"();
--> statement-breakpoint
CREATE TRIGGER "comics_search_text_delete" AFTER DELETE ON "comics"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "submission_search_text_comics"();
--> statement-breakpoint
-- Submissions made before this migration.
UPDATE "submissions" s SET "comic_search_text" = x.text
FROM (
  SELECT c.submission_id, string_agg(c.title || E'\n' || c.publisher, E'\n' ORDER BY c.position, c.id) AS text
  FROM comics c GROUP BY c.submission_id
) x
WHERE x.submission_id = s.id;
--> statement-breakpoint
-- After the backfill: one index build instead of an index update per row.
CREATE INDEX "submissions_comic_search_text_trgm_idx" ON "submissions" USING gin ("comic_search_text" gin_trgm_ops);
