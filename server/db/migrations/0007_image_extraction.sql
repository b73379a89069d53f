-- The label reader's whole output for an uploaded photo, kept by the server when it reads the photo,
-- so a submission can carry the reading it came from (comics.extraction) without trusting a copy
-- sent back by the browser. Null for photos whose label could not be read, and for older uploads.
ALTER TABLE "images" ADD COLUMN "extraction" jsonb;
