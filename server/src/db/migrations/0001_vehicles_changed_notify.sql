-- Every write to vehicles tells every app instance to drop its cached public list (LISTEN vehicles_changed).
CREATE OR REPLACE FUNCTION notify_vehicles_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('vehicles_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER vehicles_changed_notify
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON vehicles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_vehicles_changed();
