-- A search word of 5 characters or more also matches anywhere in the VIN (a dealer's "last six"
-- or "last eight"; server/src/modules/vehicles/search-vehicles.ts), found by trigrams like
-- search_text (migration 0008), published vehicles only, written at once for the same reason.
CREATE INDEX "vehicles_published_vin_trgm_idx" ON "vehicles" USING gin (lower("vin") gin_trgm_ops)
  WITH (fastupdate = off)
  WHERE "status" = 'active' and "in_queue" = false;
--> statement-breakpoint
-- Published vehicles counted by what a search without VIN matches and filters on (searched text,
-- certification, make, grade): a search's total and facets are the sums of these rows instead of a
-- count of up to every vehicle (a one-letter word matched ~40,000 of 50,000: ~50 ms; now ~1 ms).
-- Each statement that changes vehicles appends its changes (+1 for a row that became published in
-- a group, -1 for one that left it) in the same transaction: rows are only ever added, so writers
-- never wait for each other here (a purchase and a sheet sync could otherwise deadlock on a shared
-- group's row). Housekeeping folds the rows into one per group. Missing values are '' and -1.
CREATE TABLE "vehicle_search_groups" (
  "search_text" text NOT NULL,
  "condition" text NOT NULL,
  "make" text NOT NULL,
  "grade" numeric(2, 1) NOT NULL,
  "count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "vehicle_search_groups_group_idx" ON "vehicle_search_groups" ("search_text", "condition", "make", "grade");
--> statement-breakpoint
INSERT INTO "vehicle_search_groups"
  SELECT "search_text", coalesce("condition", ''), coalesce("make", ''), coalesce("grade", -1), count(*)
  FROM "vehicles" WHERE "status" = 'active' AND "in_queue" = false
  GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vehicle_search_groups_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "vehicle_search_groups"
      SELECT "search_text", coalesce("condition", ''), coalesce("make", ''), coalesce("grade", -1), -count(*)
      FROM old_rows WHERE "status" = 'active' AND "in_queue" = false GROUP BY 1, 2, 3, 4;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "vehicle_search_groups"
      SELECT "search_text", coalesce("condition", ''), coalesce("make", ''), coalesce("grade", -1), count(*)
      FROM new_rows WHERE "status" = 'active' AND "in_queue" = false GROUP BY 1, 2, 3, 4;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER vehicle_search_groups_insert AFTER INSERT ON "vehicles"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vehicle_search_groups_apply();
--> statement-breakpoint
CREATE TRIGGER vehicle_search_groups_update AFTER UPDATE ON "vehicles"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION vehicle_search_groups_apply();
--> statement-breakpoint
CREATE TRIGGER vehicle_search_groups_delete AFTER DELETE ON "vehicles"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION vehicle_search_groups_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vehicle_search_groups_clear() RETURNS trigger AS $$
BEGIN
  DELETE FROM "vehicle_search_groups";
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER vehicle_search_groups_truncate AFTER TRUNCATE ON "vehicles"
  FOR EACH STATEMENT EXECUTE FUNCTION vehicle_search_groups_clear();
