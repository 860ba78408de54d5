-- The newest and price-desc sorts' indexes carry what a search's words and filters read, as the
-- price-asc and mileage-asc ones do since migration 0036 (drizzle's index builder has no INCLUDE,
-- so schema.ts declares all four without it): a page found by walking the sort's index reads the
-- index alone until the page is full, and only the page's rows from the table (search-vehicles.ts
-- findPage). "hyundai" among 50,000 cars newest first passed 3,649 others before its first: 6.5 ms
-- reading each from the table, 1.5 ms from the index.
DROP INDEX "vehicles_published_newest_idx";
--> statement-breakpoint
CREATE INDEX "vehicles_published_newest_idx" ON "vehicles" (coalesce("year", -1), "id")
  INCLUDE ("price", "mileage", "year", "location_zip", "condition", "make", "model", "grade", "search_text")
  WHERE "status" = 'active' AND "in_queue" = false;
--> statement-breakpoint
DROP INDEX "vehicles_published_price_desc_idx";
--> statement-breakpoint
CREATE INDEX "vehicles_published_price_desc_idx" ON "vehicles" (coalesce("price", 0), "id")
  INCLUDE ("price", "mileage", "year", "location_zip", "condition", "make", "model", "grade", "search_text")
  WHERE "status" = 'active' AND "in_queue" = false;
