-- One ledger per sale (issue #27): the spec's paid flag is derived from the payments on the
-- timeline. A sale marked paid by hand (the old one-click toggle) gets the payment that click
-- stood for: what was still owed (price less recorded payments and claim adjustments), received on
-- the sale day by a method nobody recorded.
INSERT INTO "transaction_events" ("transaction_id", "dealer_id", "type", "data", "actor_type", "actor_id", "created_at")
SELECT t."id", t."dealer_id", 'payment_recorded',
  jsonb_build_object(
    'amount', to_char(t."amount" - coalesce(p."paid", 0) - coalesce(a."adjusted", 0), 'FM99999990.00'),
    'method', 'unrecorded',
    'reference', 'Marked paid before payments were recorded',
    'receivedOn', to_char((t."created_at" AT TIME ZONE coalesce(t."terms" ->> 'timeZone', 'America/New_York'))::date, 'YYYY-MM-DD')
  ),
  'system', NULL, now()
FROM "transactions" t
LEFT JOIN (
  SELECT "transaction_id", sum(("data" ->> 'amount')::numeric) AS "paid"
  FROM "transaction_events" WHERE "type" = 'payment_recorded' GROUP BY "transaction_id"
) p ON p."transaction_id" = t."id"
LEFT JOIN (
  SELECT "transaction_id", sum(("data" ->> 'amount')::numeric) AS "adjusted"
  FROM "transaction_events" WHERE "type" = 'claim_answered' AND "data" ->> 'decision' = 'adjusted'
  GROUP BY "transaction_id"
) a ON a."transaction_id" = t."id"
WHERE t."is_paid" AND t."amount" - coalesce(p."paid", 0) - coalesce(a."adjusted", 0) > 0;
--> statement-breakpoint
-- A cancelled sale is not a paid one: its ledger shows the refund owed instead.
UPDATE "transactions" SET "is_paid" = false WHERE "cancelled" AND "is_paid";
