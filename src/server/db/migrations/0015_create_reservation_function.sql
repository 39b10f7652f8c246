-- A create's reservation and its activity entry in one call (docs/decisions/032-pglite-thread-and-one-call-create.md):
-- one round trip and no transaction held open across round trips, which on PGlite's own thread would keep
-- every other statement waiting on the server's main thread. In a function, each statement's AFTER triggers
-- run when that statement ends, so the locks are taken in the order a transaction of the two takes them:
-- the room's, its nights' counters, then the property's event number (one statement with both inserts as
-- CTEs would take the event number first and deadlock against a cancellation, which takes it last).
-- `p_stay` and `p_entry` are rows as JSON, by column name; the columns listed are those the create sends (a test checks).
CREATE FUNCTION "innkeep_create_reservation"(p_stay jsonb, p_entry jsonb)
RETURNS SETOF "reservations" LANGUAGE plpgsql AS $$
DECLARE
  stay "reservations";
BEGIN
  INSERT INTO "reservations" ("id", "property_id", "code", "guest_name", "guest_phone", "guest_email",
                              "room_type_id", "room_id", "adults", "children", "check_in_date",
                              "check_out_date", "nights", "status", "nightly_rates", "total", "balance",
                              "created_by")
  SELECT s."id", s."property_id", s."code", s."guest_name", s."guest_phone", s."guest_email",
         s."room_type_id", s."room_id", s."adults", s."children", s."check_in_date", s."check_out_date",
         s."nights", s."status", s."nightly_rates", s."total", s."balance", s."created_by"
  FROM jsonb_populate_record(NULL::"reservations", p_stay) s
  -- A taken code is not an error: no row, no entry, and the caller draws another code.
  ON CONFLICT ("property_id", "code") DO NOTHING
  RETURNING * INTO stay;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  INSERT INTO "activity" ("property_id", "actor_id", "actor_name", "action", "entity_type", "entity_id",
                          "changes")
  SELECT e."property_id", e."actor_id", e."actor_name", e."action", e."entity_type", e."entity_id",
         e."changes"
  FROM jsonb_populate_record(NULL::"activity", p_entry) e;
  RETURN NEXT stay;
END
$$;
