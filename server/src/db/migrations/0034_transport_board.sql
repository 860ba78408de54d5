CREATE INDEX "transport_orders_pickup_idx" ON "transport_orders" USING btree ("pickup_by","id");--> statement-breakpoint
CREATE INDEX "transport_orders_created_idx" ON "transport_orders" USING btree ("created_at","id");--> statement-breakpoint
-- An order released before its row followed the release's windows keeps the quote's pickup day:
-- it takes the latest window its sale's timeline gives that order, as the fold reads it.
UPDATE "transport_orders" AS o SET "pickup_by" = w.pickup_to
FROM (
  SELECT DISTINCT ON ((e."data" ->> 'orderId')::int)
    (e."data" ->> 'orderId')::int AS order_id,
    e."data" -> 'pickupWindow' ->> 'to' AS pickup_to
  FROM "transaction_events" AS e
  WHERE e."type" = 'transport_status'
    AND jsonb_typeof(e."data" -> 'pickupWindow') = 'object'
    AND coalesce(e."data" -> 'pickupWindow' ->> 'to', '') <> ''
  ORDER BY (e."data" ->> 'orderId')::int, e."id" DESC
) AS w
WHERE w.order_id = o."id" AND o."pickup_by" <> w.pickup_to;
