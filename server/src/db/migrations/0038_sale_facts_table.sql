-- The sale facts become a table refreshed in parts (issue #47, ADR 0047's addendum): a materialized
-- view is refreshed in one statement, which on PGlite (one connection) held every request for as long
-- as it took (0.7 s for the demo's 3,000 sales). Its rows are now those of the view "sale_facts_rows",
-- the same columns worked out the same way as migration 0021's view, each sale's events read through
-- LATERAL so that a range of sales reads only its own events (insight-facts.ts refreshes ranges of ids).
CREATE VIEW "sale_facts_rows" AS
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
LEFT JOIN LATERAL (
  SELECT
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
  FROM "transaction_events" e WHERE e."transaction_id" = t."id"
) ev ON true;
--> statement-breakpoint
DROP MATERIALIZED VIEW "sale_facts";
--> statement-breakpoint
CREATE TABLE "sale_facts" AS SELECT * FROM "sale_facts_rows";
--> statement-breakpoint
CREATE UNIQUE INDEX "sale_facts_transaction_idx" ON "sale_facts" ("transaction_id");
--> statement-breakpoint
CREATE INDEX "sale_facts_comparables_idx" ON "sale_facts" ("make_key", "model_key", "year", "sold_at") WHERE NOT "cancelled";
--> statement-breakpoint
CREATE INDEX "sale_facts_sold_at_idx" ON "sale_facts" ("sold_at");
--> statement-breakpoint
CREATE INDEX "sale_facts_dealer_idx" ON "sale_facts" ("dealer_id", "sold_at");
