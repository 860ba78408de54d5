-- A search word of 5 characters or more also matches anywhere in the VIN (a dealer's "last six"
-- or "last eight"; server/src/modules/vehicles/search-vehicles.ts), found by trigrams like
-- search_text (migration 0008), published vehicles only, written at once for the same reason.
CREATE INDEX "vehicles_published_vin_trgm_idx" ON "vehicles" USING gin (lower("vin") gin_trgm_ops)
  WITH (fastupdate = off)
  WHERE "status" = 'active' and "in_queue" = false;
