-- A bulk write of rows nobody is waiting for row by row (the demo's sales history, issue #47) can
-- switch the per-row live events off for its own transaction (set_config('app.live_events', 'off',
-- true)) and record one event per topic and dealership itself: the per-row events were a third to half the
-- time of writing 3,000 past sales (docs/decisions/0045-bulk-writes-one-live-event.md). Otherwise
-- migration 0005's function, unchanged.
CREATE OR REPLACE FUNCTION record_live_event() RETURNS trigger AS $$
DECLARE
  changed jsonb;
  event_id bigint;
  owner integer;
BEGIN
  IF TG_LEVEL = 'ROW' AND current_setting('app.live_events', true) = 'off' THEN
    RETURN NULL;
  END IF;
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
