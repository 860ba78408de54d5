CREATE TABLE "transaction_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"dealer_id" integer NOT NULL,
	"type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "terms" jsonb DEFAULT '{"paymentDays":3,"titleDaysWithDeal":5,"titleDaysAbsent":21,"guaranteeDays":7,"lateFeePercent":0,"timeZone":"America/New_York"}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "transaction_events" ADD CONSTRAINT "transaction_events_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_events" ADD CONSTRAINT "transaction_events_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transaction_events_transaction_idx" ON "transaction_events" USING btree ("transaction_id","id");--> statement-breakpoint
-- The timeline is append-only: a step is corrected by another step, never by rewriting history.
CREATE OR REPLACE FUNCTION refuse_transaction_event_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'transaction_events is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER transaction_events_append_only BEFORE UPDATE OR DELETE ON transaction_events
  FOR EACH ROW EXECUTE FUNCTION refuse_transaction_event_change();
--> statement-breakpoint
-- Each step is live news for the admins and for the buying dealer only (migration 0005's function).
CREATE TRIGGER transaction_events_live_event AFTER INSERT ON transaction_events
  FOR EACH ROW EXECUTE FUNCTION record_live_event('transactions', 'dealer_id');
