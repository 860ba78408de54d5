ALTER TABLE "vehicles" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce("vehicles"."make", '') || ' ' || coalesce("vehicles"."model", '') || ' ' || coalesce("vehicles"."trim", '') || ' ' || coalesce("vehicles"."year"::text, ''))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "vehicles_published_newest_idx" ON "vehicles" USING btree (coalesce("year", -1),"id") WHERE "vehicles"."status" = 'active' and "vehicles"."in_queue" = false;--> statement-breakpoint
CREATE INDEX "vehicles_published_price_asc_idx" ON "vehicles" USING btree (coalesce("price", 100000000),(-"id")) WHERE "vehicles"."status" = 'active' and "vehicles"."in_queue" = false;--> statement-breakpoint
CREATE INDEX "vehicles_published_price_desc_idx" ON "vehicles" USING btree (coalesce("price", 0),"id") WHERE "vehicles"."status" = 'active' and "vehicles"."in_queue" = false;--> statement-breakpoint
CREATE INDEX "vehicles_published_mileage_asc_idx" ON "vehicles" USING btree (coalesce("mileage", 2147483647),(-"id")) WHERE "vehicles"."status" = 'active' and "vehicles"."in_queue" = false;--> statement-breakpoint
CREATE INDEX "vehicles_published_facets_idx" ON "vehicles" USING btree ("condition","make","model","grade") WHERE "vehicles"."status" = 'active' and "vehicles"."in_queue" = false;--> statement-breakpoint
-- Vehicle search (GET /api/vehicles/search, docs/design.md §9, ADR 0012). pg_trgm is a trusted
-- extension (PostgreSQL 13+): a database owner may create it without being a superuser. PGlite
-- loads it from @electric-sql/pglite/contrib/pg_trgm (server/src/db/client.ts PGLITE_OPTIONS).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- A search word is a substring of search_text (found by trigrams), or the start of the VIN
-- (server/src/db/schema.ts vehicleSearchVin); every index here covers published vehicles only.
-- The trigram index is written at once (fastupdate off): vehicles change rarely next to how often
-- they are searched, and entries left in GIN's pending list until the next vacuum make the
-- planner pass the index by (after 50,000 unvacuumed inserts: a sequential scan instead).
CREATE INDEX "vehicles_published_search_text_trgm_idx" ON "vehicles" USING gin ("search_text" gin_trgm_ops)
  WITH (fastupdate = off)
  WHERE "status" = 'active' and "in_queue" = false;
--> statement-breakpoint
CREATE INDEX "vehicles_published_vin_prefix_idx" ON "vehicles" USING btree (lower("vin") text_pattern_ops)
  WHERE "status" = 'active' and "in_queue" = false;
