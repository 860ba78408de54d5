CREATE TABLE "vehicle_mileage_groups" (
	"mileage_band" integer NOT NULL,
	"search_text" text NOT NULL,
	"condition" text NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"grade" numeric(2, 1) NOT NULL,
	"year" integer NOT NULL,
	"location_zip" text NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "vehicle_mileage_groups_group_idx" ON "vehicle_mileage_groups" USING btree ("mileage_band","search_text","condition","make","model","grade","year","location_zip");--> statement-breakpoint
-- The search groups (migrations 0010 and 0036) again by mileage band: a car's band is its mileage
-- sort key divided by 10,000 (MILEAGE_BAND in search-filters.ts) in whole numbers. A search with
-- the most miles and no price range counts the whole bands below it from these ~10,000 rows and the
-- one band it cuts from the mileage index (issue #46: "Kia, 2016 on, at most 80,000 miles, within
-- 1,000 miles of Chicago" read the 23,500 cars under 80,000 miles, ~13 ms, for its facets).
INSERT INTO "vehicle_mileage_groups" ("mileage_band", "search_text", "condition", "make", "model", "grade", "year", "location_zip", "count")
  SELECT coalesce("mileage", 2147483647) / 10000, "search_text", coalesce("condition", ''), coalesce("make", ''),
    coalesce("model", ''), coalesce("grade", -1), coalesce("year", -1), coalesce("location_zip", ''), count(*)
  FROM "vehicles" WHERE "status" = 'active' AND "in_queue" = false
  GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vehicle_search_groups_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "vehicle_search_groups" ("search_text", "condition", "make", "model", "grade", "year", "location_zip", "count")
      SELECT "search_text", coalesce("condition", ''), coalesce("make", ''), coalesce("model", ''), coalesce("grade", -1),
        coalesce("year", -1), coalesce("location_zip", ''), -count(*)
      FROM old_rows WHERE "status" = 'active' AND "in_queue" = false GROUP BY 1, 2, 3, 4, 5, 6, 7;
    INSERT INTO "vehicle_mileage_groups" ("mileage_band", "search_text", "condition", "make", "model", "grade", "year", "location_zip", "count")
      SELECT coalesce("mileage", 2147483647) / 10000, "search_text", coalesce("condition", ''), coalesce("make", ''),
        coalesce("model", ''), coalesce("grade", -1), coalesce("year", -1), coalesce("location_zip", ''), -count(*)
      FROM old_rows WHERE "status" = 'active' AND "in_queue" = false GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "vehicle_search_groups" ("search_text", "condition", "make", "model", "grade", "year", "location_zip", "count")
      SELECT "search_text", coalesce("condition", ''), coalesce("make", ''), coalesce("model", ''), coalesce("grade", -1),
        coalesce("year", -1), coalesce("location_zip", ''), count(*)
      FROM new_rows WHERE "status" = 'active' AND "in_queue" = false GROUP BY 1, 2, 3, 4, 5, 6, 7;
    INSERT INTO "vehicle_mileage_groups" ("mileage_band", "search_text", "condition", "make", "model", "grade", "year", "location_zip", "count")
      SELECT coalesce("mileage", 2147483647) / 10000, "search_text", coalesce("condition", ''), coalesce("make", ''),
        coalesce("model", ''), coalesce("grade", -1), coalesce("year", -1), coalesce("location_zip", ''), count(*)
      FROM new_rows WHERE "status" = 'active' AND "in_queue" = false GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vehicle_search_groups_clear() RETURNS trigger AS $$
BEGIN
  DELETE FROM "vehicle_search_groups";
  DELETE FROM "vehicle_mileage_groups";
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
