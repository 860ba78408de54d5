CREATE TABLE "guide_fits" (
	"id" serial PRIMARY KEY NOT NULL,
	"fitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"beta_year" double precision NOT NULL,
	"beta_miles" double precision NOT NULL,
	"beta_grade" double precision NOT NULL,
	"mean_grade" double precision NOT NULL,
	"resid_p_10" double precision NOT NULL,
	"resid_p_90" double precision NOT NULL,
	"sales_used" integer NOT NULL,
	"outliers_dropped" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sale_guides" (
	"transaction_id" integer PRIMARY KEY NOT NULL,
	"guide" numeric(10, 2),
	"low" numeric(10, 2),
	"high" numeric(10, 2),
	"comparables" integer NOT NULL,
	"outlier" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "uploaded_by" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "listed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sale_guides" ADD CONSTRAINT "sale_guides_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Who uploaded the cars already here (the audit log says it), and when the published ones were listed.
UPDATE "vehicles" v SET "uploaded_by" = CASE a."actor_type" WHEN 'admin' THEN 'admin:' || a."actor_id" ELSE a."actor_type" END
FROM (
  SELECT DISTINCT ON ("entity_id") "entity_id", "actor_type", "actor_id"
  FROM "audit_log" WHERE "entity" = 'vehicle' AND "action" = 'uploaded' ORDER BY "entity_id", "id"
) a
WHERE a."entity_id" = v."id";
--> statement-breakpoint
UPDATE "vehicles" v SET "uploaded_by" = 'sync'
FROM "audit_log" a
WHERE v."uploaded_by" IS NULL AND a."entity" = 'vehicle' AND a."action" = 'sheet_sync'
  AND jsonb_typeof(a."after" -> 'createdVins') = 'array' AND (a."after" -> 'createdVins') ? v."vin";
--> statement-breakpoint
UPDATE "vehicles" v SET "listed_at" = coalesce(
  (SELECT min(a."created_at") FROM "audit_log" a
    WHERE a."entity" = 'vehicle' AND a."entity_id" = v."id" AND a."action" IN ('listing_completed', 'first_look_released')),
  v."created_at")
WHERE v."listed_at" IS NULL AND (v."status" = 'sold' OR (v."status" = 'active' AND NOT v."in_queue"));
--> statement-breakpoint
-- listed_at is set once, by the database, the first time a row is published (whatever path publishes it).
CREATE FUNCTION "vehicles_set_listed_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."listed_at" IS NULL AND NEW."status" = 'active' AND NOT NEW."in_queue" THEN
    NEW."listed_at" := now();
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "vehicles_set_listed_at" BEFORE INSERT OR UPDATE OF "status", "in_queue" ON "vehicles"
FOR EACH ROW EXECUTE FUNCTION "vehicles_set_listed_at"();
--> statement-breakpoint
-- Each sale with its ledger's event-recorded lines summed (docs/design.md §16; the fold of sale-state.ts
-- in SQL, a claim adjustment only for a claim of the sale, a funding only of a request of the sale): the price net of claim adjustments, charges, credits, payments and refunds in cents, the day
-- the car reached the dealer, and the car's facts. Refreshed after changes and nightly (insight-facts.ts).
CREATE MATERIALIZED VIEW "sale_facts" AS
WITH "ev" AS (
  SELECT e."transaction_id",
    sum(CASE WHEN e."type" IN ('recon_package', 'transport_ordered')
      THEN round((e."data" ->> 'amount')::numeric * 100) ELSE 0 END) AS "charge_cents",
    sum(CASE WHEN e."type" = 'claim_answered' AND e."data" ->> 'decision' = 'adjusted'
      AND EXISTS (SELECT 1 FROM "transaction_events" c WHERE c."transaction_id" = e."transaction_id"
        AND c."type" = 'claim_opened' AND c."id"::text = e."data" ->> 'claimId')
      THEN round((e."data" ->> 'amount')::numeric * 100) ELSE 0 END) AS "claim_credit_cents",
    sum(CASE WHEN e."type" = 'transport_cancelled'
      THEN round((e."data" ->> 'amount')::numeric * 100) ELSE 0 END) AS "transport_credit_cents",
    sum(CASE WHEN e."type" = 'payment_recorded' OR (e."type" = 'floor_plan_funded'
      AND EXISTS (SELECT 1 FROM "transaction_events" r WHERE r."transaction_id" = e."transaction_id"
        AND r."type" = 'floor_plan_requested' AND r."data" ->> 'requestId' = e."data" ->> 'requestId'))
      THEN round((e."data" ->> 'amount')::numeric * 100) ELSE 0 END) AS "paid_cents",
    sum(CASE WHEN e."type" = 'refund_recorded'
      THEN round((e."data" ->> 'amount')::numeric * 100) ELSE 0 END) AS "refunded_cents",
    bool_or(e."type" = 'cancelled') AS "cancelled_event",
    min(CASE
      WHEN e."type" IN ('picked_up', 'delivered', 'delivery_confirmed') AND e."data" ->> 'on' ~ '^\d{4}-\d{2}-\d{2}$'
        THEN (e."data" ->> 'on')::date
      WHEN e."type" = 'transport_status' AND e."data" ->> 'status' = 'delivered'
        THEN (coalesce(e."data" ->> 'at', e."created_at"::text)::timestamptz AT TIME ZONE (t."terms" ->> 'timeZone'))::date
    END) AS "handed_over_on"
  FROM "transaction_events" e JOIN "transactions" t ON t."id" = e."transaction_id"
  GROUP BY e."transaction_id"
)
SELECT t."id" AS "transaction_id", t."vehicle_id", t."dealer_id", t."buyer_user_id", t."offer_id",
  t."created_at" AS "sold_at",
  (t."created_at" AT TIME ZONE (t."terms" ->> 'timeZone'))::date AS "sold_on",
  (t."cancelled" OR coalesce(ev."cancelled_event", false)) AS "cancelled",
  round(t."amount" * 100)::bigint AS "price_cents",
  coalesce(ev."claim_credit_cents", 0)::bigint AS "claim_credit_cents",
  (round(t."amount" * 100) - coalesce(ev."claim_credit_cents", 0))::bigint AS "net_price_cents",
  coalesce(ev."charge_cents", 0)::bigint AS "charge_cents",
  coalesce(ev."transport_credit_cents", 0)::bigint AS "transport_credit_cents",
  coalesce(ev."paid_cents", 0)::bigint AS "paid_cents",
  coalesce(ev."refunded_cents", 0)::bigint AS "refunded_cents",
  CASE WHEN t."cancelled" OR coalesce(ev."cancelled_event", false) THEN 0
    ELSE round(t."amount" * 100) + coalesce(ev."charge_cents", 0) - coalesce(ev."claim_credit_cents", 0)
      - coalesce(ev."transport_credit_cents", 0)
  END::bigint AS "spend_cents",
  ev."handed_over_on",
  v."make", v."model", lower(btrim(v."make")) AS "make_key", lower(btrim(v."model")) AS "model_key",
  v."year", v."mileage", v."grade"::float8 AS "grade",
  v."created_at" AS "uploaded_at", v."listed_at", v."uploaded_by"
FROM "transactions" t
JOIN "vehicles" v ON v."id" = t."vehicle_id"
LEFT JOIN "ev" ON ev."transaction_id" = t."id";
--> statement-breakpoint
CREATE UNIQUE INDEX "sale_facts_transaction_idx" ON "sale_facts" ("transaction_id");
--> statement-breakpoint
CREATE INDEX "sale_facts_comparables_idx" ON "sale_facts" ("make_key", "model_key", "year", "sold_at") WHERE NOT "cancelled";
--> statement-breakpoint
CREATE INDEX "sale_facts_sold_at_idx" ON "sale_facts" ("sold_at");
--> statement-breakpoint
CREATE INDEX "sale_facts_dealer_idx" ON "sale_facts" ("dealer_id", "sold_at");
--> statement-breakpoint
-- Each offer with what became of it: countered or replaced on the way, accepted into a sale.
CREATE MATERIALIZED VIEW "offer_facts" AS
SELECT o."id" AS "offer_id", o."vehicle_id", o."dealer_id", o."created_at", o."status",
  EXISTS (SELECT 1 FROM "offer_activities" a WHERE a."offer_id" = o."id" AND a."action_type" IN ('countered', 'replaced'))
    AS "negotiated",
  v."uploaded_by"
FROM "offers" o JOIN "vehicles" v ON v."id" = o."vehicle_id";
--> statement-breakpoint
CREATE UNIQUE INDEX "offer_facts_offer_idx" ON "offer_facts" ("offer_id");
--> statement-breakpoint
CREATE INDEX "offer_facts_created_idx" ON "offer_facts" ("created_at");
--> statement-breakpoint
-- Each car: uploaded, listed, its live sale if any (upload-to-listed, aging, by uploader).
CREATE MATERIALIZED VIEW "vehicle_facts" AS
SELECT v."id" AS "vehicle_id", v."status", v."in_queue", v."created_at" AS "uploaded_at", v."listed_at",
  v."uploaded_by", round(v."price" * 100)::bigint AS "price_cents", s."created_at" AS "sold_at", s."dealer_id"
FROM "vehicles" v
LEFT JOIN "transactions" s ON s."vehicle_id" = v."id" AND NOT s."cancelled";
--> statement-breakpoint
CREATE UNIQUE INDEX "vehicle_facts_vehicle_idx" ON "vehicle_facts" ("vehicle_id");
--> statement-breakpoint
CREATE INDEX "vehicle_facts_uploaded_idx" ON "vehicle_facts" ("uploaded_at");
