ALTER TABLE "transactions" ADD COLUMN "title_sent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "transactions" SET "title_sent" = true WHERE EXISTS (SELECT 1 FROM "transaction_events" e WHERE e."transaction_id" = "transactions"."id" AND e."type" IN ('title_sent', 'title_confirmed'));--> statement-breakpoint
CREATE INDEX "transactions_unpaid_idx" ON "transactions" USING btree ("created_at") WHERE not "transactions"."is_paid" and not "transactions"."cancelled";--> statement-breakpoint
CREATE INDEX "transactions_title_due_idx" ON "transactions" USING btree ("created_at") WHERE not "transactions"."title_sent" and not "transactions"."cancelled";--> statement-breakpoint
CREATE FUNCTION "transactions_title_sent"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "transactions" SET "title_sent" = true
  WHERE NOT "title_sent" AND "id" IN (SELECT "transaction_id" FROM inserted WHERE "type" IN ('title_sent', 'title_confirmed'));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "transaction_events_title_sent" AFTER INSERT ON "transaction_events" REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION "transactions_title_sent"();--> statement-breakpoint
ANALYZE "transactions";
