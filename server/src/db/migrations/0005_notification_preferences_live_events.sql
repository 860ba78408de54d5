CREATE TABLE "live_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"dealer_id" integer,
	"entity_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"dealer_id" integer NOT NULL,
	"event" text NOT NULL,
	"channel" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_dealer_id_event_channel_pk" PRIMARY KEY("dealer_id","event","channel")
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_events_created_idx" ON "live_events" USING btree ("created_at");--> statement-breakpoint
-- Live updates (docs/design.md §6): each change writes an event row in its own transaction and NOTIFYs
-- live_events with it (delivered only if the change commits). Row triggers name the dealer the row
-- belongs to (TG_ARGV[1] is the column holding it), so a dealer's stream gets only its own events.
CREATE OR REPLACE FUNCTION record_live_event() RETURNS trigger AS $$
DECLARE
  changed jsonb;
  event_id bigint;
  owner integer;
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    IF TG_OP = 'DELETE' THEN changed := to_jsonb(OLD); ELSE changed := to_jsonb(NEW); END IF;
    owner := (changed ->> TG_ARGV[1])::integer;
  END IF;
  INSERT INTO live_events (topic, dealer_id, entity_id)
    VALUES (TG_ARGV[0], owner, (changed ->> 'id')::integer)
    RETURNING id INTO event_id;
  PERFORM pg_notify('live_events', json_build_object('id', event_id, 'topic', TG_ARGV[0], 'dealerId', owner)::text);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER vehicles_live_event AFTER INSERT OR UPDATE OR DELETE ON vehicles
  FOR EACH STATEMENT EXECUTE FUNCTION record_live_event('vehicles');
--> statement-breakpoint
CREATE TRIGGER notifications_live_event AFTER INSERT OR UPDATE OR DELETE ON notifications
  FOR EACH STATEMENT EXECUTE FUNCTION record_live_event('notifications');
--> statement-breakpoint
CREATE TRIGGER offers_live_event AFTER INSERT OR UPDATE OR DELETE ON offers
  FOR EACH ROW EXECUTE FUNCTION record_live_event('offers', 'dealer_id');
--> statement-breakpoint
CREATE TRIGGER transactions_live_event AFTER INSERT OR UPDATE OR DELETE ON transactions
  FOR EACH ROW EXECUTE FUNCTION record_live_event('transactions', 'dealer_id');
--> statement-breakpoint
CREATE TRIGGER buy_codes_live_event AFTER INSERT OR UPDATE OR DELETE ON buy_codes
  FOR EACH ROW EXECUTE FUNCTION record_live_event('buy_codes', 'dealer_id');
--> statement-breakpoint
CREATE TRIGGER dealers_live_event AFTER INSERT OR UPDATE OR DELETE ON dealers
  FOR EACH ROW EXECUTE FUNCTION record_live_event('dealers', 'id');
