-- The wake-up says whether the event has webhook deliveries, so the webhook relay looks only when it has
-- something to send (the relays' polls keep this a hint: a lost or wrong one costs latency, not events).
CREATE OR REPLACE FUNCTION "innkeep_notify_event"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deliveries integer;
BEGIN
  INSERT INTO "webhook_deliveries" ("property_id", "webhook_id", "event_id", "event_seq")
    SELECT w."property_id", w."id", NEW."id", NEW."property_seq" FROM "webhooks" w
    WHERE w."property_id" = NEW."property_id" AND w."active"
      AND (NEW."action" = ANY (w."events") OR '*' = ANY (w."events")
           OR split_part(NEW."action", '.', 1) || '.*' = ANY (w."events"));
  GET DIAGNOSTICS deliveries = ROW_COUNT;
  PERFORM pg_notify('innkeep_changes', json_build_object(
    'propertyId', NEW."property_id", 'seq', NEW."property_seq", 'deliveries', deliveries)::text);
  RETURN NULL;
END
$$;
