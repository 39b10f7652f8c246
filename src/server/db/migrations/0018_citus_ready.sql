ALTER TABLE "api_tokens" DROP CONSTRAINT "api_tokens_token_hash_key";--> statement-breakpoint
ALTER TABLE "properties" DROP CONSTRAINT "properties_owner_id_key";--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_event_key";--> statement-breakpoint
ALTER TABLE "webhooks" DROP CONSTRAINT "webhooks_id_key";--> statement-breakpoint
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_room_fk";
--> statement-breakpoint
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_room_type_fk";
--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_room_fk" FOREIGN KEY ("property_id","room_id") REFERENCES "public"."rooms"("property_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_room_type_fk" FOREIGN KEY ("property_id","room_type_id") REFERENCES "public"."room_types"("property_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_tokens_token_hash_idx" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "properties_owner_id_idx" ON "properties" USING btree ("owner_id");--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_token_hash_key" UNIQUE("property_id","token_hash");--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_key" UNIQUE("property_id","webhook_id","event_seq");--> statement-breakpoint
DROP INDEX "activity_property_seq_idx";--> statement-breakpoint
DROP INDEX "activity_property_entity_idx";--> statement-breakpoint
CREATE INDEX "activity_property_entity_idx" ON "activity" USING btree ("property_id","entity_id","property_seq" DESC NULLS FIRST);
--> statement-breakpoint
-- Hand-written from here: the same schema, in a form Citus can distribute (src/server/db/citus.ts and
-- docs/scaling.md). Nothing here changes what a single PostgreSQL or PGlite enforces.

-- Wake-ups come from the application, not from triggers: a NOTIFY in a trigger fires where the row lives (a
-- Citus worker, never the coordinator the servers listen on) and fails two-phase commits. The writing
-- transaction sends it instead (src/server/db/changes-channel.ts). The activity trigger keeps queueing the
-- event's webhook deliveries, in the same transaction as the event.
DROP TRIGGER "sessions_access_revoked" ON "sessions";--> statement-breakpoint
DROP TRIGGER "property_members_access_revoked" ON "property_members";--> statement-breakpoint
DROP TRIGGER "api_tokens_access_revoked" ON "api_tokens";--> statement-breakpoint
DROP FUNCTION "innkeep_notify_access_revoked"();--> statement-breakpoint
DROP TRIGGER "activity_event" ON "activity";--> statement-breakpoint
DROP FUNCTION "innkeep_notify_event"();--> statement-breakpoint
CREATE FUNCTION "innkeep_event_deliveries"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "webhook_deliveries" ("property_id", "webhook_id", "event_id", "event_seq")
    SELECT w."property_id", w."id", NEW."id", NEW."property_seq" FROM "webhooks" w
    WHERE w."property_id" = NEW."property_id" AND w."active"
      AND (NEW."action" = ANY (w."events") OR '*' = ANY (w."events")
           OR split_part(NEW."action", '.', 1) || '.*' = ANY (w."events"));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "activity_deliveries" AFTER INSERT ON "activity"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_event_deliveries"();--> statement-breakpoint

-- One trigger function per table: on Citus, TG_TABLE_NAME is the shard's name (reservations_102008).
DROP TRIGGER "reservations_lock_room" ON "reservations";--> statement-breakpoint
DROP TRIGGER "room_blocks_lock_room" ON "room_blocks";--> statement-breakpoint
DROP FUNCTION "innkeep_lock_room"();--> statement-breakpoint
CREATE FUNCTION "innkeep_lock_room_for_stay"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM innkeep_lock_room_id(NEW.room_id);
  PERFORM 1 FROM "rooms" r
  WHERE r."property_id" = NEW."property_id" AND r."id" = NEW."room_id"
    AND r."room_type_id" IS NOT NULL AND r."room_type_id" IS DISTINCT FROM NEW."room_type_id";
  IF FOUND THEN
    RAISE EXCEPTION 'the room is of another room type'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'reservations_room_type_match',
            HINT = 'reservations_room_type_match';
  END IF;
  PERFORM 1 FROM "room_blocks" b
  WHERE b."property_id" = NEW."property_id" AND b."room_id" = NEW."room_id"
    AND daterange(b."start_date", b."end_date", '[)') && daterange(NEW."check_in_date", NEW."check_out_date", '[)');
  IF FOUND THEN
    RAISE EXCEPTION 'the room is out of order on those dates'
      USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'reservations_block_overlap',
            HINT = 'reservations_block_overlap';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE FUNCTION "innkeep_lock_room_for_block"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM innkeep_lock_room_id(NEW.room_id);
  PERFORM 1 FROM "reservations" r
  WHERE r."property_id" = NEW."property_id" AND r."room_id" = NEW."room_id" AND innkeep_holds_room(r."status")
    AND daterange(r."check_in_date", r."check_out_date", '[)') && daterange(NEW."start_date", NEW."end_date", '[)');
  IF FOUND THEN
    RAISE EXCEPTION 'a stay holds the room on those dates'
      USING ERRCODE = 'exclusion_violation', CONSTRAINT = 'room_blocks_stay_overlap',
            HINT = 'room_blocks_stay_overlap';
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reservations_lock_room" BEFORE INSERT OR UPDATE OF "room_id", "status", "check_in_date", "check_out_date"
  ON "reservations" FOR EACH ROW
  WHEN (NEW.room_id IS NOT NULL AND innkeep_holds_room(NEW.status))
  EXECUTE FUNCTION "innkeep_lock_room_for_stay"();--> statement-breakpoint
CREATE TRIGGER "room_blocks_lock_room" BEFORE INSERT ON "room_blocks"
  FOR EACH ROW EXECUTE FUNCTION "innkeep_lock_room_for_block"();--> statement-breakpoint

-- PL/pgSQL rather than SQL: Citus cannot plan a SQL-language function's parameterised statements.
CREATE OR REPLACE FUNCTION "innkeep_balance"(p_property uuid, p_reservation uuid, p_total numeric)
RETURNS numeric LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN p_total - (SELECT coalesce(sum("amount"), 0) FROM "payments"
                    WHERE "property_id" = p_property AND "reservation_id" = p_reservation AND "voided_at" IS NULL);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "innkeep_property_gone"(p_property uuid) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN NOT EXISTS (SELECT 1 FROM "properties" WHERE "id" = p_property);
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "innkeep_refresh_room_status"(p_property uuid, p_room uuid)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_status text;
BEGIN
  v_status := CASE WHEN EXISTS (
      SELECT 1 FROM "reservations"
      WHERE "property_id" = p_property AND "room_id" = p_room AND "status" = 'checked_in'
    ) THEN 'occupied' ELSE 'vacant' END;
  UPDATE "rooms" SET "status" = v_status
  WHERE "property_id" = p_property AND "id" = p_room AND "status" <> v_status;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "innkeep_stay_label"(p_code text, p_status text, p_from date, p_to date)
RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN format('stay %s (%s to %s) is %s', p_code, to_char(p_from, 'YYYY-MM-DD'), to_char(p_to, 'YYYY-MM-DD'),
                replace(p_status, '_', ' '));
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "innkeep_room_held_by"(p_property uuid, p_room uuid)
RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  v_stay text;
BEGIN
  SELECT innkeep_stay_label("code", "status", "check_in_date", "check_out_date") INTO v_stay FROM "reservations"
  WHERE "property_id" = p_property AND "room_id" = p_room AND innkeep_holds_room("status")
  ORDER BY "check_in_date", "id" LIMIT 1;
  RETURN v_stay;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "innkeep_room_nights_put"(p_property uuid, p_type uuid, p_from date, p_rates numeric[],
                                                     p_sold integer, p_held integer, p_blocked integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "room_nights" ("property_id", "night", "room_type_id", "sold", "held", "blocked", "revenue")
  SELECT p_property, p_from + (r.i::integer - 1), p_type, p_sold, p_held, p_blocked, p_sold * r.rate
  FROM unnest(p_rates) WITH ORDINALITY AS r(rate, i)
  ORDER BY 2
  ON CONFLICT ("property_id", "night", "room_type_id") DO UPDATE SET
    "sold" = "room_nights"."sold" + excluded."sold",
    "held" = "room_nights"."held" + excluded."held",
    "blocked" = "room_nights"."blocked" + excluded."blocked",
    "revenue" = "room_nights"."revenue" + excluded."revenue";
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "innkeep_room_nights_take"(p_property uuid, p_type uuid, p_from date, p_rates numeric[],
                                                      p_sold integer, p_held integer, p_blocked integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "room_nights"
  WHERE "property_id" = p_property AND "room_type_id" IS NOT DISTINCT FROM p_type
    AND "night" >= p_from AND "night" < p_from + cardinality(p_rates)
  ORDER BY "night"
  FOR UPDATE;
  UPDATE "room_nights" n SET
    "sold" = n."sold" - p_sold, "held" = n."held" - p_held, "blocked" = n."blocked" - p_blocked,
    "revenue" = n."revenue" - p_sold * r.rate
  FROM unnest(p_rates) WITH ORDINALITY AS r(rate, i)
  WHERE n."property_id" = p_property AND n."room_type_id" IS NOT DISTINCT FROM p_type
    AND n."night" = p_from + (r.i::integer - 1);
END
$$;--> statement-breakpoint

-- Citus refuses a STABLE function with column arguments in an UPDATE: touching the balance is enough, since
-- the reservations_balance trigger computes it (innkeep_balance) whatever value the UPDATE sets.
CREATE OR REPLACE FUNCTION "innkeep_payment_balance"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- NO KEY UPDATE: the payment's foreign key already holds KEY SHARE on this row, which FOR UPDATE would
  -- wait on (two payments at once would deadlock); this lock queues the writers without that.
  PERFORM 1 FROM "reservations" WHERE "property_id" = NEW."property_id" AND "id" = NEW."reservation_id" FOR NO KEY UPDATE;
  UPDATE "reservations" SET "balance" = "total"
  WHERE "property_id" = NEW."property_id" AND "id" = NEW."reservation_id";
  RETURN NULL;
END
$$;--> statement-breakpoint

-- The session read touches only reference tables in its first statement, and the property's members (one
-- shard) in its second; pending invitations are looked for (in every shard) only when the request is not
-- about a property the user belongs to.
CREATE OR REPLACE FUNCTION "innkeep_session"(p_token_hash text, p_property uuid)
RETURNS TABLE ("id" uuid, "expiresMs" double precision, "email" text, "displayName" text,
               "emailVerified" boolean, "role" text, "invited" boolean)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
DECLARE
  v_user uuid;
  v_expires timestamptz;
  v_email text;
  v_name text;
  v_verified boolean;
  v_role text;
BEGIN
  SELECT u.id, s.expires_at, u.email, u.display_name, u.email_verified
  INTO v_user, v_expires, v_email, v_name, v_verified
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = p_token_hash AND s.expires_at > now();
  IF NOT FOUND THEN RETURN; END IF;
  IF p_property IS NOT NULL THEN
    SELECT m.role INTO v_role FROM property_members m WHERE m.property_id = p_property AND m.user_id = v_user;
  END IF;
  RETURN QUERY SELECT v_user, extract(epoch FROM v_expires)::double precision * 1000, v_email, v_name, v_verified,
    v_role,
    v_role IS NULL AND v_verified AND EXISTS (SELECT 1 FROM invitations i WHERE i.email = lower(btrim(v_email)));
END
$$;
--> statement-breakpoint

-- The rule a refusal breaks also travels as its HINT: Citus forwards a worker's message, DETAIL and HINT, but
-- not the CONSTRAINT field (src/server/db/errors.ts reads either).
CREATE OR REPLACE FUNCTION innkeep_check_inventory(p_property uuid, p_type uuid, p_from date, p_to date)
 RETURNS void
 LANGUAGE plpgsql
AS $$
DECLARE
  v_rooms integer;
  v_night date;
BEGIN
  IF p_type IS NOT NULL THEN
    SELECT count(*) INTO v_rooms FROM "rooms" WHERE "property_id" = p_property AND "room_type_id" = p_type;
    SELECT "night" INTO v_night FROM "room_nights"
    WHERE "property_id" = p_property AND "room_type_id" = p_type AND "night" >= p_from AND "night" < p_to
      AND "held" + "blocked" > v_rooms
    ORDER BY "night" LIMIT 1;
    IF FOUND THEN
      RAISE EXCEPTION 'room type sold out on %', v_night
        USING ERRCODE = 'check_violation', CONSTRAINT = 'room_nights_inventory', HINT = 'room_nights_inventory',
              DETAIL = v_night::text;
    END IF;
    PERFORM 1 FROM "room_nights"
    WHERE "property_id" = p_property AND "room_type_id" IS NULL AND "night" >= p_from AND "night" < p_to
      AND "held" > 0
    ORDER BY "night" FOR UPDATE;
    IF NOT FOUND THEN RETURN; END IF;
  END IF;
  SELECT count(*) INTO v_rooms FROM "rooms" WHERE "property_id" = p_property;
  SELECT "night" INTO v_night FROM "room_nights"
  WHERE "property_id" = p_property AND "night" >= p_from AND "night" < p_to
  GROUP BY "night" HAVING sum("held" + "blocked") > v_rooms
  ORDER BY "night" LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'hotel sold out on %', v_night
      USING ERRCODE = 'check_violation', CONSTRAINT = 'room_nights_inventory', HINT = 'room_nights_inventory',
              DETAIL = v_night::text;
  END IF;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION innkeep_room_change()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
DECLARE
  v_stay text;
BEGIN
  IF TG_OP = 'DELETE' AND innkeep_property_gone(OLD."property_id") THEN RETURN OLD; END IF;
  PERFORM innkeep_lock_room_inventory(OLD."property_id", OLD."id");
  v_stay := innkeep_room_held_by(OLD."property_id", OLD."id");
  IF v_stay IS NOT NULL THEN
    RAISE EXCEPTION 'room % is in use', OLD."number"
      USING ERRCODE = 'restrict_violation', CONSTRAINT = 'rooms_in_use', HINT = 'rooms_in_use', DETAIL = v_stay;
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
CREATE OR REPLACE FUNCTION innkeep_room_type_delete()
 RETURNS trigger
 LANGUAGE plpgsql
AS $$
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
      USING ERRCODE = 'restrict_violation', CONSTRAINT = 'room_types_in_use', HINT = 'room_types_in_use',
            DETAIL = format('it still has %s room%s (%s%s)', v_rooms, CASE WHEN v_rooms > 1 THEN 's' ELSE '' END,
                            v_numbers, CASE WHEN v_rooms > 5 THEN ', …' ELSE '' END);
  END IF;
  SELECT innkeep_stay_label("code", "status", "check_in_date", "check_out_date") INTO v_stay
  FROM "reservations"
  WHERE "property_id" = OLD."property_id" AND "room_type_id" = OLD."id" AND innkeep_holds_room("status")
  ORDER BY "check_in_date", "id" LIMIT 1;
  IF v_stay IS NOT NULL THEN
    RAISE EXCEPTION 'room type % is in use', OLD."name"
      USING ERRCODE = 'restrict_violation', CONSTRAINT = 'room_types_in_use', HINT = 'room_types_in_use', DETAIL = v_stay;
  END IF;
  UPDATE "reservations" SET "room_type_name" = OLD."name", "room_type_id" = NULL
  WHERE "property_id" = OLD."property_id" AND "room_type_id" = OLD."id";
  RETURN OLD;
END
$$;
--> statement-breakpoint

-- INSERT … VALUES rather than INSERT … SELECT: Citus plans the latter through the coordinator, where
-- ON CONFLICT DO NOTHING reports a row that was not inserted (and RETURNING INTO then fails).
CREATE OR REPLACE FUNCTION "innkeep_create_reservation"(p_stay jsonb, p_entry jsonb)
RETURNS SETOF "reservations" LANGUAGE plpgsql AS $$
DECLARE
  s "reservations" := jsonb_populate_record(NULL::"reservations", p_stay);
  e "activity" := jsonb_populate_record(NULL::"activity", p_entry);
  stay "reservations";
BEGIN
  INSERT INTO "reservations" ("id", "property_id", "code", "guest_name", "guest_phone", "guest_email",
                              "room_type_id", "room_id", "adults", "children", "check_in_date",
                              "check_out_date", "nights", "status", "nightly_rates", "total", "balance",
                              "created_by")
  VALUES (s."id", s."property_id", s."code", s."guest_name", s."guest_phone", s."guest_email",
          s."room_type_id", s."room_id", s."adults", s."children", s."check_in_date", s."check_out_date",
          s."nights", s."status", s."nightly_rates", s."total", s."balance", s."created_by")
  -- A taken code is not an error: no row, no entry, and the caller draws another code.
  ON CONFLICT ("property_id", "code") DO NOTHING
  RETURNING * INTO stay;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  INSERT INTO "activity" ("property_id", "actor_id", "actor_name", "action", "entity_type", "entity_id",
                          "changes")
  VALUES (e."property_id", e."actor_id", e."actor_name", e."action", e."entity_type", e."entity_id",
          e."changes");
  RETURN NEXT stay;
END
$$;
