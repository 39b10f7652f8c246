ALTER TABLE "rate_overrides" DROP CONSTRAINT "rate_overrides_room_type_fk";
--> statement-breakpoint
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_room_fk";
--> statement-breakpoint
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_room_type_fk";
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "room_number" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "room_type_name" text;--> statement-breakpoint
ALTER TABLE "rate_overrides" ADD CONSTRAINT "rate_overrides_room_type_fk" FOREIGN KEY ("property_id","room_type_id") REFERENCES "public"."room_types"("property_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-edited: SET NULL of the id column only (drizzle-kit would null property_id too, which is NOT NULL).
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_room_fk" FOREIGN KEY ("property_id","room_id") REFERENCES "public"."rooms"("property_id","id") ON DELETE SET NULL ("room_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_room_type_fk" FOREIGN KEY ("property_id","room_type_id") REFERENCES "public"."room_types"("property_id","id") ON DELETE SET NULL ("room_type_id") ON UPDATE no action;--> statement-breakpoint
-- Hand-written from here: deleting and retyping inventory (docs/decisions/011-manager-tools.md).
-- Deleting a property deletes everything it holds (ON DELETE CASCADE): no rule below refuses or copies then.
-- The cascade runs after the property's row is gone, which the same transaction sees.
CREATE FUNCTION "innkeep_property_gone"(p_property uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT NOT EXISTS (SELECT 1 FROM "properties" WHERE "id" = p_property)
$$;--> statement-breakpoint
-- Everything written about one room queues on this lock (0005), taken before any row lock: its bookings and
-- blocks (innkeep_lock_room), its retype and its deletion.
CREATE FUNCTION "innkeep_lock_room_id"(p_room uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(1785, hashtext(p_room::text));
END
$$;--> statement-breakpoint
-- A room that leaves its type changes the inventory of the type (and, deleted, of the hotel). The service
-- calls this first, before it locks any row: the room's lock, then the property's inventory lock exclusively,
-- the order bookings take them in (room, then inventory), so the two never wait for each other in a cycle.
CREATE FUNCTION "innkeep_lock_room_inventory"(p_property uuid, p_room uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM innkeep_lock_room_id(p_room);
  PERFORM innkeep_inventory_lock(p_property, NULL);
END
$$;--> statement-breakpoint
-- A held stay as a refusal names it: "stay RES-AB12C (2030-03-01 to 2030-03-04) is booked".
CREATE FUNCTION "innkeep_stay_label"(p_code text, p_status text, p_from date, p_to date) RETURNS text
LANGUAGE sql STABLE AS $$
  SELECT format('stay %s (%s to %s) is %s', p_code, to_char(p_from, 'YYYY-MM-DD'), to_char(p_to, 'YYYY-MM-DD'),
                replace(p_status, '_', ' '))
$$;--> statement-breakpoint
-- The first stay that holds a room (booked, checked in), or NULL.
CREATE FUNCTION "innkeep_room_held_by"(p_property uuid, p_room uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT innkeep_stay_label("code", "status", "check_in_date", "check_out_date") FROM "reservations"
  WHERE "property_id" = p_property AND "room_id" = p_room AND innkeep_holds_room("status")
  ORDER BY "check_in_date", "id" LIMIT 1
$$;--> statement-breakpoint
-- A room that a held stay needs is neither deleted nor retyped (its stay would keep a room of another
-- type). Under the room's lock, which bookings of the room take before writing (0005), a booking in flight
-- commits first and is seen here, and a later one waits for this change.
CREATE FUNCTION "innkeep_room_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_stay text;
BEGIN
  IF TG_OP = 'DELETE' AND innkeep_property_gone(OLD."property_id") THEN RETURN OLD; END IF;
  PERFORM innkeep_lock_room_inventory(OLD."property_id", OLD."id");
  v_stay := innkeep_room_held_by(OLD."property_id", OLD."id");
  IF v_stay IS NOT NULL THEN
    RAISE EXCEPTION 'room % is in use', OLD."number"
      USING ERRCODE = 'restrict_violation', CONSTRAINT = 'rooms_in_use', DETAIL = v_stay;
  END IF;
  IF TG_OP = 'DELETE' THEN
    -- Its past stays keep the number (the foreign key would only clear room_id).
    UPDATE "reservations" SET "room_number" = OLD."number", "room_id" = NULL
    WHERE "property_id" = OLD."property_id" AND "room_id" = OLD."id";
    RETURN OLD;
  END IF;
  -- Retyped: the room's blocks leave the old type's inventory and join the new type's.
  PERFORM innkeep_room_nights_take(OLD."property_id", OLD."room_type_id", b."start_date",
            array_fill(0::numeric, ARRAY[b."end_date" - b."start_date"]), 0, 0, 1)
  FROM "room_blocks" b WHERE b."property_id" = OLD."property_id" AND b."room_id" = OLD."id";
  PERFORM innkeep_room_nights_put(NEW."property_id", NEW."room_type_id", b."start_date",
            array_fill(0::numeric, ARRAY[b."end_date" - b."start_date"]), 0, 0, 1)
  FROM (SELECT * FROM "room_blocks" WHERE "property_id" = OLD."property_id" AND "room_id" = OLD."id"
        ORDER BY "start_date") b;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "rooms_delete" BEFORE DELETE ON "rooms"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_room_change"();--> statement-breakpoint
CREATE TRIGGER "rooms_retype" BEFORE UPDATE OF "room_type_id" ON "rooms"
  FOR EACH ROW WHEN (OLD."room_type_id" IS DISTINCT FROM NEW."room_type_id")
  EXECUTE FUNCTION "innkeep_room_change"();--> statement-breakpoint
-- A room that leaves its type (deleted or retyped) leaves one room fewer for that type's stays without a
-- room and its blocks (and, deleted, for the hotel's): they must still fit on every night. The property's
-- inventory lock, taken exclusively, waits for every booking and block being written there (0009).
CREATE FUNCTION "innkeep_room_left_type"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF innkeep_property_gone(OLD."property_id") THEN RETURN NULL; END IF;
  PERFORM innkeep_inventory_lock(OLD."property_id", NULL);
  PERFORM innkeep_check_inventory(OLD."property_id", OLD."room_type_id", '-infinity'::date, 'infinity'::date);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "rooms_deleted_left_type" AFTER DELETE ON "rooms"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_room_left_type"();--> statement-breakpoint
CREATE TRIGGER "rooms_retyped_left_type" AFTER UPDATE OF "room_type_id" ON "rooms"
  FOR EACH ROW WHEN (OLD."room_type_id" IS DISTINCT FROM NEW."room_type_id")
  EXECUTE FUNCTION "innkeep_room_left_type"();--> statement-breakpoint
-- A room type is deleted only when nothing needs it: no room of the type ("in use",
-- docs/product.md#room-types-and-rooms), no held stay (with or without a room). The row is locked before this
-- runs, so a room or stay being written with the type (its foreign key takes a share lock on the row) commits
-- first and is seen here, or waits and fails. Its past stays keep its name, and their sold nights move to the
-- rollup's typeless row, so reports keep them; its rate overrides go with it (foreign key, ON DELETE
-- CASCADE).
CREATE FUNCTION "innkeep_room_type_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_rooms integer;
  v_numbers text;
  v_stay text;
BEGIN
  IF innkeep_property_gone(OLD."property_id") THEN RETURN OLD; END IF;
  SELECT count(*), string_agg("number", ', ' ORDER BY "number") FILTER (WHERE n <= 5)
  INTO v_rooms, v_numbers
  FROM (SELECT "number", row_number() OVER (ORDER BY "number") AS n FROM "rooms"
        WHERE "property_id" = OLD."property_id" AND "room_type_id" = OLD."id") r;
  IF v_rooms > 0 THEN
    RAISE EXCEPTION 'room type % is in use', OLD."name"
      USING ERRCODE = 'restrict_violation', CONSTRAINT = 'room_types_in_use',
            DETAIL = format('it still has %s room%s (%s%s)', v_rooms, CASE WHEN v_rooms > 1 THEN 's' ELSE '' END,
                            v_numbers, CASE WHEN v_rooms > 5 THEN ', …' ELSE '' END);
  END IF;
  SELECT innkeep_stay_label("code", "status", "check_in_date", "check_out_date") INTO v_stay
  FROM "reservations"
  WHERE "property_id" = OLD."property_id" AND "room_type_id" = OLD."id" AND innkeep_holds_room("status")
  ORDER BY "check_in_date", "id" LIMIT 1;
  IF v_stay IS NOT NULL THEN
    RAISE EXCEPTION 'room type % is in use', OLD."name"
      USING ERRCODE = 'restrict_violation', CONSTRAINT = 'room_types_in_use', DETAIL = v_stay;
  END IF;
  UPDATE "reservations" SET "room_type_name" = OLD."name", "room_type_id" = NULL
  WHERE "property_id" = OLD."property_id" AND "room_type_id" = OLD."id";
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "room_types_delete" BEFORE DELETE ON "room_types"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_room_type_delete"();--> statement-breakpoint
-- A stay that takes a room takes the room's type (docs/product.md#reservations). Checked under the room's
-- lock, so a booking that read the room before a retype cannot write the old type after it.
CREATE OR REPLACE FUNCTION "innkeep_lock_room"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM innkeep_lock_room_id(NEW.room_id);
  IF TG_TABLE_NAME = 'reservations' THEN
    PERFORM 1 FROM "rooms" r
    WHERE r."property_id" = NEW."property_id" AND r."id" = NEW."room_id"
      AND r."room_type_id" IS NOT NULL AND r."room_type_id" IS DISTINCT FROM NEW."room_type_id";
    IF FOUND THEN
      RAISE EXCEPTION 'the room is of another room type'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'reservations_room_type_match';
    END IF;
    PERFORM 1 FROM "room_blocks" b
    WHERE b."property_id" = NEW."property_id" AND b."room_id" = NEW."room_id"
      AND daterange(b."start_date", b."end_date", '[)') && daterange(NEW."check_in_date", NEW."check_out_date", '[)');
    IF FOUND THEN
      RAISE EXCEPTION 'the room is out of order on those dates'
        USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'reservations_block_overlap';
    END IF;
  ELSE
    PERFORM 1 FROM "reservations" r
    WHERE r."property_id" = NEW."property_id" AND r."room_id" = NEW."room_id" AND innkeep_holds_room(r."status")
      AND daterange(r."check_in_date", r."check_out_date", '[)') && daterange(NEW."start_date", NEW."end_date", '[)');
    IF FOUND THEN
      RAISE EXCEPTION 'a stay holds the room on those dates'
        USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'room_blocks_stay_overlap';
    END IF;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
-- Rate overrides are written many at a time (a bulk edit saves up to 366 × 100 in one statement): announce
-- each statement once per property instead of once per row. The event names the row when the statement
-- changed one, else no id; the web refreshes by table either way.
CREATE FUNCTION "innkeep_notify_statement"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('innkeep_changes', json_build_object(
    'propertyId', c."property_id", 'table', TG_TABLE_NAME, 'op', lower(TG_OP),
    'id', CASE WHEN c.n = 1 THEN c.first_id END)::text)
  FROM (SELECT "property_id", count(*) AS n, (array_agg("id"))[1] AS first_id FROM changed GROUP BY 1) c;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "rate_overrides_notify" ON "rate_overrides";--> statement-breakpoint
CREATE TRIGGER "rate_overrides_notify_insert" AFTER INSERT ON "rate_overrides"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "innkeep_notify_statement"();--> statement-breakpoint
CREATE TRIGGER "rate_overrides_notify_update" AFTER UPDATE ON "rate_overrides"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "innkeep_notify_statement"();--> statement-breakpoint
CREATE TRIGGER "rate_overrides_notify_delete" AFTER DELETE ON "rate_overrides"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION "innkeep_notify_statement"();
