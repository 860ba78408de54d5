DROP INDEX "vehicle_search_groups_group_idx";--> statement-breakpoint
ALTER TABLE "vehicle_search_groups" ADD COLUMN "model" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicle_search_groups" ADD COLUMN "year" integer DEFAULT -1 NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicle_search_groups" ADD COLUMN "location_zip" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "vehicle_search_groups_group_idx" ON "vehicle_search_groups" USING btree ("search_text","condition","make","model","grade","year","location_zip");--> statement-breakpoint
-- The search groups (migration 0010) also by model, model year and place (a car's location ZIP,
-- '' for the lot; a missing year is -1, as the newest sort's key): a search by make, model, years
-- or distance, with its facets, is counted from these few hundred or thousand rows rather than by
-- reading every car it matches (issue #46: a distance of 250 miles from Dallas matched 30,000 of
-- 50,000 cars, ~40 ms). Prices and mileages are not grouped: each car has its own, so grouping by
-- them would make a group per car; such a search counts the cars in the range from the sort's
-- covering index below. The rows are built again with the new columns, and the triggers append them.
DELETE FROM "vehicle_search_groups";
--> statement-breakpoint
INSERT INTO "vehicle_search_groups" ("search_text", "condition", "make", "model", "grade", "year", "location_zip", "count")
  SELECT "search_text", coalesce("condition", ''), coalesce("make", ''), coalesce("model", ''), coalesce("grade", -1),
    coalesce("year", -1), coalesce("location_zip", ''), count(*)
  FROM "vehicles" WHERE "status" = 'active' AND "in_queue" = false
  GROUP BY 1, 2, 3, 4, 5, 6, 7;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION vehicle_search_groups_apply() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO "vehicle_search_groups" ("search_text", "condition", "make", "model", "grade", "year", "location_zip", "count")
      SELECT "search_text", coalesce("condition", ''), coalesce("make", ''), coalesce("model", ''), coalesce("grade", -1),
        coalesce("year", -1), coalesce("location_zip", ''), -count(*)
      FROM old_rows WHERE "status" = 'active' AND "in_queue" = false GROUP BY 1, 2, 3, 4, 5, 6, 7;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "vehicle_search_groups" ("search_text", "condition", "make", "model", "grade", "year", "location_zip", "count")
      SELECT "search_text", coalesce("condition", ''), coalesce("make", ''), coalesce("model", ''), coalesce("grade", -1),
        coalesce("year", -1), coalesce("location_zip", ''), count(*)
      FROM new_rows WHERE "status" = 'active' AND "in_queue" = false GROUP BY 1, 2, 3, 4, 5, 6, 7;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- A price or mileage range is counted from its sort's index alone (index-only): the columns a
-- search's other filters, words and facets read are carried in the index (drizzle's index builder
-- has no INCLUDE, so schema.ts declares these two without it). Counting 8,752 cars up to $15,000
-- read 4,189 pages of the table; now ~120 of the index.
DROP INDEX "vehicles_published_price_asc_idx";
--> statement-breakpoint
CREATE INDEX "vehicles_published_price_asc_idx" ON "vehicles" (coalesce("price", 100000000), (-"id"))
  INCLUDE ("price", "mileage", "year", "location_zip", "condition", "make", "model", "grade", "search_text")
  WHERE "status" = 'active' AND "in_queue" = false;
--> statement-breakpoint
DROP INDEX "vehicles_published_mileage_asc_idx";
--> statement-breakpoint
CREATE INDEX "vehicles_published_mileage_asc_idx" ON "vehicles" (coalesce("mileage", 2147483647), (-"id"))
  INCLUDE ("price", "mileage", "year", "location_zip", "condition", "make", "model", "grade", "search_text")
  WHERE "status" = 'active' AND "in_queue" = false;
--> statement-breakpoint
-- Statistics of the sorts' keys and the chosen make and model (as searches write them): the
-- planner reads no statistics of a partial index's expressions, so it took every range, make or
-- model to keep 0.5% of the cars and read a page by collecting and sorting 8,752 matches (418 ms
-- on a loaded machine) where walking the sort's index finds them in a fraction of a millisecond.
CREATE STATISTICS "vehicles_newest_key_stats" ON (coalesce("year", -1)) FROM "vehicles";
--> statement-breakpoint
CREATE STATISTICS "vehicles_price_asc_key_stats" ON (coalesce("price", 100000000)) FROM "vehicles";
--> statement-breakpoint
CREATE STATISTICS "vehicles_price_desc_key_stats" ON (coalesce("price", 0)) FROM "vehicles";
--> statement-breakpoint
CREATE STATISTICS "vehicles_mileage_key_stats" ON (coalesce("mileage", 2147483647)) FROM "vehicles";
--> statement-breakpoint
CREATE STATISTICS "vehicles_make_model_stats" ON lower("make"), lower("model") FROM "vehicles";
